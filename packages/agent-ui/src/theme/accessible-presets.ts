import { accessibleFixes, type ColorTokens, type TokenDerivation } from './accessible-fixes.js';

/**
 * The tokens that identify a palette for {@link accessibleFixes}: every colour it reads, and derived
 * colours the theme's algorithm decides (so that a custom algorithm with the same seeds does not match).
 */
const FINGERPRINT_KEYS = [
  'colorBgContainer',
  'colorText',
  'colorFillTertiary',
  'colorTextLightSolid',
  'colorPrimary',
  'colorError',
  'colorLink',
  'colorTextDescription',
  'colorTextTertiary',
  'colorTextSecondary',
  'colorErrorText',
  'colorSuccessText',
  'colorWarningText',
  'colorPrimaryBg',
  'colorErrorBg',
] as const;

/** A palette's fingerprint: a hash (FNV-1a, 32 bits, base 36) of its {@link FINGERPRINT_KEYS} values. */
export function paletteFingerprint(token: Readonly<Record<(typeof FINGERPRINT_KEYS)[number], string>>): string {
  const text = FINGERPRINT_KEYS.map((key) => token[key]).join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/**
 * {@link accessibleFixes} of antd's default light and dark palettes, computed ahead (`fixes`): the
 * search derives a theme's tokens up to 60 times, ≈ 20 ms of a chat's mount. `fixed` is the
 * fingerprint of each palette with its fixes applied — what the chat's nested `AccessibleTheme` sees
 * under `AgentUIProvider`, known to need nothing (a search finding nothing cost ≈ 4 ms of each mount).
 * `accessible-presets.test.ts` computes all of it again with the antd in use and fails when it differs
 * (regenerate from its output).
 */
export const ACCESSIBLE_PRESETS: Readonly<Record<'light' | 'dark', { fingerprint: string; fixed: string; fixes: Readonly<Record<string, string>> }>> = {
  light: {
    fingerprint: '1hzq0dp',
    fixed: '5x0xm7',
    fixes: {
      colorError: '#c34042',
      colorErrorText: '#c34042',
      colorLink: '#1866d5',
      colorPrimary: '#146be6',
      colorSuccessText: '#3a771b',
      colorTextDescription: '#6e6e6e',
      colorTextTertiary: '#6e6e6e',
      colorWarningText: '#87641b',
    },
  },
  dark: {
    fingerprint: 'xy5ghd',
    fixed: '17sya71',
    fixes: {
      colorError: '#dc9395',
      colorErrorText: '#dc6d6f',
      colorLink: '#7ea5dc',
      colorTextDescription: '#909090',
      colorTextTertiary: '#909090',
    },
  },
};

const NOTHING_TO_FIX: Readonly<Record<string, string>> = Object.freeze({});
const computed = new WeakMap<object, Readonly<Record<string, string>>>();

/**
 * The fixes for a token set of the page: a preset's for antd's default palettes, else computed
 * (once per token object: antd hands every component of a theme the same one).
 */
export function fixesFor(token: ColorTokens & Readonly<Record<'colorPrimaryBg' | 'colorErrorBg', string>>, derivation: TokenDerivation): Readonly<Record<string, string>> {
  let fixes = computed.get(token);
  if (!fixes) {
    const fingerprint = paletteFingerprint(token);
    const presets = Object.values(ACCESSIBLE_PRESETS);
    const preset = presets.find((candidate) => candidate.fingerprint === fingerprint);
    fixes = preset?.fixes ?? (presets.some((candidate) => candidate.fixed === fingerprint) ? NOTHING_TO_FIX : accessibleFixes(token, derivation));
    computed.set(token, fixes);
  }
  return fixes;
}
