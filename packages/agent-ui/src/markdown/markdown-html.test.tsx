import { XMarkdown } from '@ant-design/x-markdown';
import { render } from '@testing-library/react';
import createDOMPurify from 'dompurify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadOnDemand } from '../lazy/on-demand.js';
import { MARKDOWN_COMPONENTS, MARKDOWN_KIT } from './markdown-components.js';
import { markdownHtml, SAFE_DOMPURIFY_CONFIG } from './markdown-html.js';

const { renderMarkdown } = markdownHtml(MARKDOWN_KIT);

beforeAll(() => preloadOnDemand());

/** Model output that tries to get markup, scripts or unsafe URLs into the page. */
const HOSTILE = [
  '<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">',
  '<div style="position:fixed">overlay</div> <a href="javascript:alert(1)">raw</a>',
  '[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:x) [mail](mailto:a@b.test) [rel](/docs/page)',
  '<svg><script>alert(1)</script></svg><math><mi>x</mi></math><form action="https://e.test"><button>b</button></form>',
  '<table><tr><td data-x="1" style="color:red">raw cell</td></tr></table>',
  '![x](javascript:alert(1)) ![y](data:text/html,<script>x</script>) [sp]( java\tscript:alert(1))',
];

/** Replies of every kind, and the hostile ones. */
const SAMPLES = [
  'Plain **bold**, _em_, `code`, ~~strike~~ and a [link](https://example.com/docs "title").',
  '# Title\n\n## Sub\n\n- one\n- two\n  - nested\n\n1. first\n2. second\n\n> a quote\n> on two lines',
  '| a | b |\n|---|:-:|\n| 1 | **2** |\n| [x](https://x.test) | `y` |',
  '```ts\nconst a: number = 1;\nconsole.log(a);\n```\n\ntext after',
  '![alt](https://img.test/a.png) and <https://auto.test/link>',
  'Line one  \nline two\n\n---\n\n\\*not em\\* &amp; &lt;tag&gt;',
  'Entities: &copy; &hellip; &#39;quoted&#39; &#x263A; &nbsp;x &unknown; AT&T &amp;amp; 5 &lt; 6',
  '- [ ] open task\n- [x] done task\n\n1. [x] loose\n\n   second paragraph\n2. item',
  '3. starts at three\n4. four\n   1. nested ordered\n   2. again\n\n---\n\n* star list\n+ plus list',
  '> quote with a list\n> - a\n> - b\n>\n> ```js\n> let x = 1 < 2 && "y";\n> ```\n>\n> > nested quote',
  '| left | center | right | none |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n\n| only | head |\n|---|---|',
  '![an *image* `with` code](https://img.test/b.png "Its title") ![](https://img.test/empty.png) [titled](https://a.test/?q=1&amp;r=2 "T &amp; t")',
  '###### Six\n\n#### Four with `code`\n\n    indented code\n    with <tags> & amps\n\n```\nno language & <b>not bold</b>\n```',
  'A line with a hard break\\\nnext, ~~gone~~ and ~single~, **_both_**, <b>inline tag</b>, <!-- comment --> and <https://auto.test/?a=1&b=2> or a@b.test',
  '- tight\n- list\n\n\n- loose after gap\n\n  with a second paragraph\n\n  ```\n  code in item\n  ```',
  '[ref link][r] and [unknown][nope]\n\n[r]: https://ref.test/page "Ref title"',
  ...HOSTILE,
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
    root.innerHTML = viaKit(HOSTILE.join('\n\n'));
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

  it('shows a backslash-escaped or a stray `<` as text (XMarkdown writes it into its HTML unescaped: a tag, or text lost)', () => {
    const root = document.createElement('div');
    root.innerHTML = viaKit('\\<b>not bold\\</b> and a <b');
    expect(root.querySelector('b')).toBeNull();
    expect(root.textContent?.trim()).toBe('<b>not bold</b> and a <b');
    // XMarkdown's own output for the same text: markup made from escaped text, and the stray tag lost.
    root.innerHTML = viaXMarkdown('\\<b>not bold\\</b> and a <b');
    expect(root.querySelector('b')?.textContent).toBe('not bold');
  });

  it('keeps a link title that holds a quote as its text (XMarkdown writes it into an attribute unescaped: the rest becomes attributes)', () => {
    const reply = '[t](https://ok.test "a\\" onmouseover=\\"x")';
    const root = document.createElement('div');
    root.innerHTML = viaKit(reply);
    const link = root.querySelector('a');
    expect(link?.getAttribute('title')).toBe('a" onmouseover="x');
    expect(link?.getAttributeNames().sort()).toEqual(['href', 'rel', 'target', 'title']);
  });

  it('renders nothing for empty text', () => {
    expect(renderMarkdown('')).toBeNull();
  });
});
