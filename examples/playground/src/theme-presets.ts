import type { AgentChatUIOptions } from '@x/agent-ui';

export type ThemeName = 'light' | 'dark' | 'compact' | 'custom';

type ThemeProps = Pick<AgentChatUIOptions, 'theme' | 'appearance' | 'tokens'>;

/** What each theme of the switcher passes to the kit (`AgentChat`'s `ui`): antd algorithms, or custom antd + kit tokens. */
export const themePresets: Record<ThemeName, ThemeProps> = {
  light: {},
  dark: { appearance: { dark: true } },
  compact: { appearance: { compact: true } },
  custom: {
    theme: { token: { colorPrimary: '#7c3aed', borderRadius: 14, fontSize: 15 } },
    tokens: { userBubbleBg: '#ede9fe', userBubbleColor: '#2e1065', bubbleRadius: 18, cardBg: '#faf5ff', cardBorderColor: '#ddd6fe' },
  },
};
