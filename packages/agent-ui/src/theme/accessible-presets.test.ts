import { theme } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import * as fixesModule from './accessible-fixes.js';
import { ACCESSIBLE_PRESETS, fixesFor, paletteFingerprint } from './accessible-presets.js';

const derivationOf = (algorithm: typeof theme.defaultAlgorithm) => ({ getDerivativeToken: (token: never) => algorithm(token) });

describe('accessible presets', () => {
  it.each([
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const)('the %s preset is what the search computes for antd\'s palette (regenerate from this diff when antd changes)', (name, algorithm) => {
    const token = theme.getDesignToken({ algorithm });
    const computed = fixesModule.accessibleFixes(token, derivationOf(algorithm));
    expect(Object.keys(computed).length).toBeGreaterThan(0);
    expect({ fingerprint: ACCESSIBLE_PRESETS[name].fingerprint, fixes: ACCESSIBLE_PRESETS[name].fixes }).toEqual({ fingerprint: paletteFingerprint(token), fixes: computed });
  });

  it.each([
    ['light', theme.defaultAlgorithm],
    ['dark', theme.darkAlgorithm],
  ] as const)('the %s palette with its fixes applied has nothing to fix, and is known without a search', (name, algorithm) => {
    const token = theme.getDesignToken({ algorithm, token: ACCESSIBLE_PRESETS[name].fixes });
    expect(fixesModule.accessibleFixes(token, derivationOf(algorithm))).toEqual({});
    expect(paletteFingerprint(token)).toBe(ACCESSIBLE_PRESETS[name].fixed);
    const search = vi.spyOn(fixesModule, 'accessibleFixes');
    expect(fixesFor(token, derivationOf(algorithm))).toEqual({});
    expect(search).not.toHaveBeenCalled();
    search.mockRestore();
  });

  it('compact keeps the light palette: the preset applies, with no search', () => {
    const token = theme.getDesignToken({ algorithm: [theme.defaultAlgorithm, theme.compactAlgorithm] });
    const search = vi.spyOn(fixesModule, 'accessibleFixes');
    expect(fixesFor(token, derivationOf(theme.defaultAlgorithm))).toEqual(ACCESSIBLE_PRESETS.light.fixes);
    expect(search).not.toHaveBeenCalled();
    search.mockRestore();
  });

  it('a custom palette is searched, once per token object', () => {
    const token = theme.getDesignToken({ token: { colorPrimary: '#52c41a' } });
    const search = vi.spyOn(fixesModule, 'accessibleFixes');
    const first = fixesFor(token, derivationOf(theme.defaultAlgorithm));
    expect(first.colorPrimary).toBeDefined();
    expect(first.colorPrimary).not.toBe(ACCESSIBLE_PRESETS.light.fixes.colorPrimary);
    expect(fixesFor(token, derivationOf(theme.defaultAlgorithm))).toBe(first);
    expect(search).toHaveBeenCalledTimes(1);
    search.mockRestore();
  });
});
