import { contrast, ensureContrast, mix, over, parseColor, toHex, type Rgba } from './contrast.js';

const WHITE = [255, 255, 255, 1] as const;
const BLACK = [0, 0, 0, 1] as const;

/** The tokens {@link accessibleFixes} reads (antd's alias tokens). */
export type ColorTokens = Readonly<
  Record<
    | 'colorBgContainer'
    | 'colorText'
    | 'colorFillTertiary'
    | 'colorTextLightSolid'
    | 'colorPrimary'
    | 'colorError'
    | 'colorLink'
    | 'colorTextDescription'
    | 'colorTextTertiary'
    | 'colorTextSecondary'
    | 'colorErrorText'
    | 'colorSuccessText'
    | 'colorWarningText',
    string
  >
>;

/** What derives a theme's tokens from its seeds (antd's `theme.useToken().theme`). */
export interface TokenDerivation {
  getDerivativeToken: (token: never) => object;
}

/**
 * Token adjustments so that text meets WCAG AA (4.5:1), for the tokens of a theme: secondary text,
 * error text and the primary color (white labels on primary buttons) are moved toward more contrast
 * only when they fall short. antd's default palette does (e.g. white on `#1677ff` is 4.1:1, `#ff4d4f`
 * on white 3.3:1); a theme that already passes is left untouched. Seeds (colorPrimary, colorError,
 * colorLink) are searched with the theme's derivation, so the derived colour meets the goal.
 */
export function accessibleFixes(token: ColorTokens, derivation: TokenDerivation): Record<string, string> {
  const bg = parseColor(token.colorBgContainer);
  const text = parseColor(token.colorText);
  if (!bg || bg[3] < 1 || !text) return {};
  const out: Record<string, string> = {};
  const textTarget = over(text, bg);
  // Text sits on the page and on the kit's shaded surfaces (cards, code, table headers): it must
  // pass on both. Moving toward the text colour only raises contrast against either.
  const fill = parseColor(token.colorFillTertiary);
  const surfaces = fill ? [bg, over(fill, bg)] : [bg];
  const passes = (color: Rgba) => surfaces.every((surface) => contrast(over(color, surface), surface) >= 4.5);
  for (const key of ['colorTextDescription', 'colorTextTertiary', 'colorTextSecondary', 'colorError', 'colorErrorText', 'colorLink', 'colorSuccessText', 'colorWarningText'] as const) {
    let value = parseColor(token[key]);
    if (!value || passes(value)) continue;
    for (const surface of surfaces) value = ensureContrast(value, surface, textTarget);
    out[key] = toHex(value);
  }
  // Buttons put white (colorTextLightSolid) on colorPrimary / colorError. A darker colorError would
  // fail as text on a dark page (danger buttons and messages), so it is only darkened when it still passes there.
  const light = parseColor(token.colorTextLightSolid) ?? [...WHITE];
  for (const key of ['colorPrimary', 'colorError'] as const) {
    const value = parseColor(out[key] ?? token[key]);
    if (value && contrast(over(value, bg), over(light, bg)) < 4.5) {
      const fixed = ensureContrast(value, over(light, bg), [...BLACK]);
      if (key === 'colorError' && !passes(fixed)) continue;
      out[key] = toHex(fixed);
    }
  }
  // colorPrimary, colorError and colorLink are seeds: the theme's algorithm derives the colour in
  // use from them (the dark algorithm darkens them again). Move each seed until the derived colour
  // meets its goal.
  const derived = (key: string, seed: string): Rgba | undefined => {
    try {
      const derivedTokens = derivation.getDerivativeToken({ ...token, [key]: seed } as never) as Record<string, unknown>;
      return parseColor(String(derivedTokens[key]));
    } catch {
      return parseColor(seed);
    }
  };
  const goals: Record<string, { ok: (color: Rgba) => boolean; toward: Rgba }> = {
    colorError: { ok: passes, toward: textTarget },
    colorLink: { ok: passes, toward: textTarget },
    colorPrimary: { ok: (color) => contrast(over(color, bg), over(light, bg)) >= 4.5, toward: [...BLACK] },
  };
  for (const [key, goal] of Object.entries(goals)) {
    const wanted = out[key];
    if (!wanted) continue;
    let seed = parseColor(wanted)!;
    for (let step = 0; step < 20; step++) {
      const result = derived(key, toHex(seed));
      if (!result || goal.ok(result)) break;
      seed = mix(seed, goal.toward, 10);
    }
    out[key] = toHex(seed);
  }
  return out;
}
