import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { markdownHtml, type MarkdownKit } from './markdown-html.js';

/** Host elements only (the kit's components are tested in the browser-like suite, markdown-html.test.tsx). */
const HOST_ONLY: MarkdownKit = { components: {}, replace: () => undefined };
const { renderMarkdown } = markdownHtml(HOST_ONLY);
const html = (markdown: string) => renderToStaticMarkup(createElement('div', null, renderMarkdown(markdown)));

describe('markdown tokens without a DOM (a server render)', () => {
  it('decodes the common character references as the browser would', () => {
    expect(html('AT&amp;T &lt;tag&gt; &quot;q&quot; &#39;s&#39; &#x263A; &#9731; &nbsp;x')).toBe(
      `<div><p>AT&amp;T &lt;tag&gt; &quot;q&quot; &#x27;s&#x27; ☺ ☃ \u00a0x</p>\n</div>`,
    );
  });

  it('leaves a reference it does not know, and one out of range, as written', () => {
    expect(html('&unknown; &#0; &#x110000;')).toBe('<div><p>&amp;unknown; &amp;#0; &amp;#x110000;</p>\n</div>');
  });

  it('renders blocks, inline markup and links as host elements, raw HTML as text', () => {
    expect(html('# T\n\n- a\n- **b**\n\n[x](https://x.test "t") <b>raw</b>')).toBe(
      '<div><h1>T</h1>\n<ul>\n<li>a</li>\n<li><strong>b</strong></li>\n</ul>\n' +
        '<p><a href="https://x.test" target="_blank" rel="noopener noreferrer" title="t">x</a> &lt;b&gt;raw&lt;/b&gt;</p>\n</div>',
    );
  });

  it('drops a link URL the sanitizer rule refuses, keeping its text', () => {
    expect(html('[x](javascript:alert(1))')).toBe('<div><p><a target="_blank" rel="noopener noreferrer">x</a></p>\n</div>');
  });
});
