import { describe, expect, it } from 'vitest';
import { safeHttpUrl, safeUrl } from './safe-url.js';

describe('safeUrl', () => {
  it('keeps http(s), mailto, tel and relative URLs', () => {
    for (const url of ['https://example.com/a?b=c', 'http://x.test', 'mailto:a@b.c', 'tel:+123', '/docs', '#top']) expect(safeUrl(url)).toBe(url);
  });
  it('drops script-running and data URLs, including obfuscated ones', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'data:image/svg+xml;base64,PHN2Zz4=']) {
      expect(safeUrl(url)).toBeUndefined();
    }
  });
  it('allows raster data images only when asked (previews of the user’s own files)', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(safeUrl(png)).toBeUndefined();
    expect(safeUrl(png, { allowDataImages: true })).toBe(png);
    expect(safeUrl('data:image/svg+xml;base64,PHN2Zz4=', { allowDataImages: true })).toBeUndefined();
  });
});

describe('safeHttpUrl', () => {
  it('keeps absolute http(s) URLs only: no mailto, tel, relative or script URLs', () => {
    for (const url of ['https://example.com/a?b=c', 'HTTP://x.test', ' https://x.test/ ']) expect(safeHttpUrl(url)).toBe(url.trim());
    for (const url of ['mailto:a@b.c', 'tel:+123', '/docs', '//evil.test', 'https:evil.test', 'javascript:alert(1)', 'java\tscript:alert(1)', '', undefined]) expect(safeHttpUrl(url)).toBeUndefined();
  });
});
