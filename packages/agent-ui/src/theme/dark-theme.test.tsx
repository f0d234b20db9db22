import { render, renderHook } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AgentConversations } from '../conversations/agent-conversations.js';
import { useAccessibleTokens, useTokenStyle } from '../config.js';
import { contrast, over, parseColor } from './contrast.js';

const dark = ({ children }: { children: ReactNode }) => <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>{children}</ConfigProvider>;
const light = ({ children }: { children: ReactNode }) => <ConfigProvider theme={{}}>{children}</ConfigProvider>;

function ratio(color: string, surface: string, page?: string): number {
  const base = page ? over(parseColor(surface)!, parseColor(page)!) : parseColor(surface)!;
  return contrast(over(parseColor(color)!, base), base);
}

describe('dark theme', () => {
  it('danger text (the Reject button) and secondary text pass 4.5:1 on the page and on the kit\'s shaded surfaces', () => {
    const tokens = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    // The defect: antd's dark colorError fails on the page, and the white-on-red fix made it worse.
    expect(ratio(tokens.colorError, tokens.colorBgContainer)).toBeLessThan(4.5);
    const { result } = renderHook(() => useAccessibleTokens(), { wrapper: dark });
    // Applied as the kit applies them (a nested theme: the dark algorithm derives seeds again).
    const fixed = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: result.current });
    for (const key of ['colorError', 'colorErrorText', 'colorTextDescription', 'colorTextTertiary'] as const) {
      expect(ratio(fixed[key], fixed.colorBgContainer), key).toBeGreaterThanOrEqual(4.5);
      expect(ratio(fixed[key], tokens.colorFillTertiary, fixed.colorBgContainer), `${key} on a card`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('light theme keeps white labels on primary and danger buttons readable', () => {
    const tokens = theme.getDesignToken();
    const { result } = renderHook(() => useAccessibleTokens(), { wrapper: light });
    const fixed = theme.getDesignToken({ token: result.current });
    expect(tokens.colorPrimary).not.toBe(fixed.colorPrimary);
    expect(ratio('#ffffff', fixed.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(ratio('#ffffff', fixed.colorError)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(fixed.colorError, fixed.colorBgContainer)).toBeGreaterThanOrEqual(4.5);
  });

  it('the chat and the conversation list set color-scheme and scrollbar colours from the tokens', () => {
    const { result: darkStyle } = renderHook(() => useTokenStyle(), { wrapper: dark });
    expect(darkStyle.current.colorScheme).toBe('dark');
    expect(darkStyle.current.scrollbarColor).toBe(`${theme.getDesignToken({ algorithm: theme.darkAlgorithm }).colorBorder} transparent`);
    const { result: lightStyle } = renderHook(() => useTokenStyle(), { wrapper: light });
    expect(lightStyle.current.colorScheme).toBe('light');
    const { container } = render(<AgentConversations items={[{ key: 'a', label: 'Trip', group: 'Today' }]} />, { wrapper: dark });
    expect(container.querySelector<HTMLElement>('[data-xagent-conversations]')!.style.colorScheme).toBe('dark');
  });
});
