import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { hostStyleVariables, isDarkTheme } from './host-styles.js';

describe('host styles from the antd tokens', () => {
  const light = theme.getDesignToken();
  const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: '#722ed1' } });

  it('maps the tokens to the MCP Apps style variables', () => {
    const variables = hostStyleVariables(dark);
    expect(variables['--color-background-primary']).toBe(dark.colorBgContainer);
    expect(variables['--color-text-primary']).toBe(dark.colorText);
    expect(variables['--color-ring-primary']).toBe(dark.colorPrimary);
    expect(variables['--font-sans']).toBe(dark.fontFamily);
    expect(variables['--border-radius-md']).toBe(`${dark.borderRadius}px`);
    expect(Object.values(variables).every((value) => typeof value === 'string' && value.length > 0)).toBe(true);
  });

  it('tells a dark theme from a light one', () => {
    expect(isDarkTheme(light)).toBe(false);
    expect(isDarkTheme(dark)).toBe(true);
  });
});
