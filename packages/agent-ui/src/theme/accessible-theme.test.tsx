import { renderHook } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { useContext, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AccessibleTheme, AgentUIProvider, useAccessibleTokens } from '../config.js';
import { ACCESSIBLE_PRESETS } from './accessible-presets.js';
import { contrast, over, parseColor } from './contrast.js';

const inside = (props: Omit<Parameters<typeof AgentUIProvider>[0], 'children'>, outer?: (children: ReactNode) => ReactNode) =>
  function Wrapper({ children }: { children: ReactNode }) {
    const provider = <AgentUIProvider {...props}>{children}</AgentUIProvider>;
    return outer ? outer(provider) : provider;
  };

const useTokens = () => ({ token: theme.useToken().token, fixes: useAccessibleTokens() });

describe('accessible colours in AgentUIProvider', () => {
  it.each(['light', 'dark'] as const)('antd\'s %s palette gets its precomputed fixes in the provider\'s own theme: nothing left to fix below', (name) => {
    const { result } = renderHook(useTokens, { wrapper: inside({ accessibleColors: true, appearance: { dark: name === 'dark' } }) });
    // What the nested theme gave before: antd's palette with the fixes as seeds (the dark algorithm derives them again).
    const expected = theme.getDesignToken({ algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: ACCESSIBLE_PRESETS[name].fixes });
    for (const key of ['colorError', 'colorErrorText', 'colorLink', 'colorPrimary', 'colorTextTertiary'] as const) expect(result.current.token[key], key).toBe(expected[key]);
    expect(result.current.fixes).toEqual({});
    const bg = parseColor(result.current.token.colorBgContainer)!;
    expect(contrast(over(parseColor(result.current.token.colorError)!, bg), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('a theme of the app\'s own is searched and fixed below, not given a preset', () => {
    const { result } = renderHook(useTokens, { wrapper: inside({ accessibleColors: true, theme: { token: { colorPrimary: '#52c41a' } } }) });
    const bg = parseColor(result.current.token.colorBgContainer)!;
    expect(result.current.token.colorPrimary).not.toBe('#52c41a');
    expect(result.current.token.colorPrimary).not.toBe(ACCESSIBLE_PRESETS.light.fixes.colorPrimary);
    expect(contrast(over(parseColor('#ffffff')!, bg), over(parseColor(result.current.token.colorPrimary)!, bg))).toBeGreaterThanOrEqual(4.5);
  });

  it('a theme from a ConfigProvider above is not given a preset either', () => {
    const outer = (children: ReactNode) => <ConfigProvider theme={{ token: { colorError: '#ff0000' } }}>{children}</ConfigProvider>;
    const { result } = renderHook(useTokens, { wrapper: inside({ accessibleColors: true }, outer) });
    expect(result.current.token.colorError).not.toBe(ACCESSIBLE_PRESETS.light.fixes.colorError);
    const bg = parseColor(result.current.token.colorBgContainer)!;
    expect(contrast(over(parseColor(result.current.token.colorError)!, bg), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('without accessible colours, antd\'s palette is left as it is', () => {
    const { result } = renderHook(useTokens, { wrapper: inside({ accessibleColors: false }) });
    expect(result.current.token.colorError).toBe(theme.getDesignToken().colorError);
  });

  it('a nested theme with nothing to fix keeps the CSS variables of the theme in scope: antd derives the tokens once', () => {
    let derivations = 0;
    const algorithm: typeof theme.defaultAlgorithm = (seed) => {
      derivations++;
      return theme.defaultAlgorithm(seed);
    };
    const outer = ({ children }: { children: ReactNode }) => (
      <ConfigProvider theme={{ algorithm, token: ACCESSIBLE_PRESETS.light.fixes, cssVar: { key: 'app-vars' } }}>
        <AccessibleTheme>{children}</AccessibleTheme>
      </ConfigProvider>
    );
    const { result } = renderHook(() => ({ ...useTokens(), key: useContext(ConfigProvider.ConfigContext).theme?.cssVar?.key }), { wrapper: outer });
    expect(result.current.fixes).toEqual({});
    expect(result.current.key).toBe('app-vars');
    expect(derivations).toBe(1);
  });

  it('a nested theme that fixes colours has CSS variables of its own', () => {
    const outer = ({ children }: { children: ReactNode }) => (
      <ConfigProvider theme={{ token: { colorPrimary: '#52c41a' }, cssVar: { key: 'app-vars' } }}>
        <AccessibleTheme>{children}</AccessibleTheme>
      </ConfigProvider>
    );
    const { result } = renderHook(() => ({ ...useTokens(), key: useContext(ConfigProvider.ConfigContext).theme?.cssVar?.key }), { wrapper: outer });
    expect(result.current.token.colorPrimary).not.toBe('#52c41a');
    expect(result.current.key).not.toBe('app-vars');
  });
});
