import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast, over, parseColor } from '../theme/contrast.js';
import { DARK_PALETTE, LIGHT_PALETTE, scopeColor } from './code-palette.js';

/** The code block's background: colorFillTertiary over the page (plus the card it may sit on). */
function backgrounds(dark: boolean) {
  const token = theme.getDesignToken(dark ? { algorithm: theme.darkAlgorithm } : undefined);
  const page = parseColor(token.colorBgContainer)!;
  const fill = parseColor(token.colorFillTertiary)!;
  const block = over(fill, page);
  return [block, over(fill, block)];
}

describe('code palettes', () => {
  it.each([
    ['light', LIGHT_PALETTE, false],
    ['dark', DARK_PALETTE, true],
  ] as const)('every %s colour passes 4.5:1 on the code background', (_name, palette, dark) => {
    for (const background of backgrounds(dark)) {
      for (const [scope, color] of Object.entries(palette)) {
        expect(contrast(parseColor(color)!, background), scope).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('maps highlight.js classes to scopes, sub-scopes first', () => {
    expect(scopeColor('hljs-title function_', LIGHT_PALETTE)).toBe(LIGHT_PALETTE['title.function_']);
    expect(scopeColor('hljs-keyword', DARK_PALETTE)).toBe(DARK_PALETTE.keyword);
    expect(scopeColor('hljs-unknown', LIGHT_PALETTE)).toBeUndefined();
  });
});
