import { XMarkdown } from '@ant-design/x-markdown';
import { render } from '@testing-library/react';
import createDOMPurify from 'dompurify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { MARKDOWN_COMPONENTS, MARKDOWN_KIT } from './markdown-components.js';
import { markdownHtml, SAFE_DOMPURIFY_CONFIG } from './markdown-html.js';

const { renderMarkdown } = markdownHtml(MARKDOWN_KIT);

beforeAll(() => preloadOnDemand());

/** Replies of every kind, and model output that tries to get past the sanitizer. */
const SAMPLES = [
  'Plain **bold**, _em_, `code`, ~~strike~~ and a [link](https://example.com/docs "title").',
  '# Title\n\n## Sub\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> a quote\n> on two lines',
  '| a | b |\n|---|:-:|\n| 1 | **2** |\n| [x](https://x.test) | `y` |',
  '```ts\nconst a: number = 1;\nconsole.log(a);\n```\n\ntext after',
  '![alt](https://img.test/a.png) and <https://auto.test/link>',
  '<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">',
  '<div style="position:fixed">overlay</div> <a href="javascript:alert(1)">raw</a>',
  '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:x) [mail](mailto:a@b.test) [rel](/docs/page)',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math><form action="https://e.test"><button>b</button></form>',
  'Line one  \nline two\n\n---\n\n\\*not em\\* &amp; &lt;tag&gt;',
  '<table><tr><td data-x="1" style="color:red">raw cell</td></tr></table>',
];

function viaXMarkdown(markdown: string): string {
  const { container, unmount } = render(
    <XMarkdown content={markdown} escapeRawHtml openLinksInNewTab dompurifyConfig={SAFE_DOMPURIFY_CONFIG} components={MARKDOWN_COMPONENTS} />,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

function viaKit(markdown: string): string {
  const { container, unmount } = render(<div className="x-markdown">{renderMarkdown(markdown)}</div>);
  const html = container.innerHTML;
  unmount();
  return html;
}

afterEach(() => {
  createDOMPurify.removeAllHooks();
});

describe('renderMarkdown', () => {
  it.each(SAMPLES.map((sample, index) => [index, sample] as const))('renders sample %i exactly as XMarkdown does', (_index, sample) => {
    expect(viaKit(sample)).toBe(viaXMarkdown(sample));
  });

  it('keeps model output harmless', () => {
    const root = document.createElement('div');
    root.innerHTML = viaKit(SAMPLES.slice(5).join('\n\n'));
    expect(root.querySelector('script, style, iframe, svg, math, form, button, [onerror]')).toBeNull();
    // Inline styles only on the kit's own elements (model output cannot carry data-xagent-kit).
    for (const styled of root.querySelectorAll('[style]')) expect(styled.closest('[data-xagent-kit]')).not.toBeNull();
    const hrefs = [...root.querySelectorAll('[href], [src]')].map((element) => element.getAttribute('href') ?? element.getAttribute('src'));
    expect(hrefs.filter((url) => /^(javascript|vbscript|data):/i.test(url ?? ''))).toEqual([]);
    expect(hrefs).toContain('mailto:a@b.test');
  });

  it('is not changed by hooks an app adds to the global DOMPurify', () => {
    const reply = 'a [link](https://example.com) and **bold**';
    const before = viaKit(reply);
    // An app's hook on the global sanitizer marks every element it lets through…
    createDOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node instanceof Element) node.setAttribute('data-app-hook', '');
    });
    expect(createDOMPurify.sanitize('<p>x</p>')).toContain('data-app-hook');
    // …and the kit's output stays what it was.
    expect(viaKit(reply)).toBe(before);
  });

  it('renders nothing for empty text', () => {
    expect(renderMarkdown('')).toBeNull();
  });
});
