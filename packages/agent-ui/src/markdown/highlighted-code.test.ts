import { describe, expect, it } from 'vitest';
import { LIGHT_PALETTE } from './code-palette.js';
import { highlightedHtml } from './highlighted-code.js';

// highlight.js output becomes the <code>'s HTML: only palette-coloured spans and escaped text pass.

describe('highlightedHtml', () => {
  it('colours spans from the palette and keeps the text', () => {
    expect(highlightedHtml('<span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;', LIGHT_PALETTE)).toBe(
      `<span style="color:${LIGHT_PALETTE.keyword}">const</span> a = <span style="color:${LIGHT_PALETTE.number}">1</span>;`,
    );
  });

  it('escapes text again: an escaped tag in the code stays text', () => {
    const html = highlightedHtml('x = &quot;&lt;img src=x onerror=alert(1)&gt;&quot; &amp;&amp; y', LIGHT_PALETTE);
    expect(html).toBe('x = &quot;&lt;img src=x onerror=alert(1)&gt;&quot; &amp;&amp; y');
    const code = document.createElement('code');
    code.innerHTML = html;
    expect(code.querySelector('img')).toBeNull();
    expect(code.textContent).toBe('x = "<img src=x onerror=alert(1)>" && y');
  });

  it('lets no other tag through (what follows its "<" stays text), balances spans, leaves unknown scopes uncoloured', () => {
    const html = highlightedHtml('<b>bold</b><span class="hljs-unknown">u</span></span><span class="hljs-keyword">k', LIGHT_PALETTE);
    expect(html).toBe(`b&gt;bold/b&gt;<span>u</span><span style="color:${LIGHT_PALETTE.keyword}">k</span>`);
    const code = document.createElement('code');
    code.innerHTML = html;
    expect([...code.querySelectorAll('*')].map((el) => el.tagName)).toEqual(['SPAN', 'SPAN']);
  });

  it('never writes a colour that is not a hex value into a style attribute', () => {
    const hostile = { ...LIGHT_PALETTE, keyword: 'red;background:url(https://attacker.example/x)' };
    expect(highlightedHtml('<span class="hljs-keyword">k</span>', hostile)).toBe('<span>k</span>');
  });
});
