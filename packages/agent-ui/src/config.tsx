'use client';
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { XProvider } from './antdx.js';
import { enUS, type AgentUIStrings } from './locale.js';

/**
 * The kit's own component tokens. Defaults derive from the antd theme tokens, so dark and compact
 * algorithms apply without extra work; each becomes a CSS custom property (`--xagent-*`) on the
 * kit's root element only — nothing is written to `:root` or the host page.
 */
export interface AgentUITokens {
  /** Background of the user's bubbles (default `colorPrimaryBg`). */
  userBubbleBg: string;
  /** Text color of the user's bubbles (default `colorText`). */
  userBubbleColor: string;
  /** Background of the assistant's bubbles (default `transparent`). */
  assistantBubbleBg: string;
  /** Text color of the assistant's bubbles (default `colorText`). */
  assistantBubbleColor: string;
  /** Corner radius of bubbles (default `borderRadiusLG`). */
  bubbleRadius: number | string;
  /** Padding inside bubbles (default `paddingSM` / `padding`). */
  bubblePadding: string;
  /** Largest width of a user bubble (default `80%`). */
  userBubbleMaxWidth: string;
  /** Space between messages (default `marginMD`). */
  messageGap: number | string;
  /** Padding of the transcript (default `padding`). */
  transcriptPadding: number | string;
  /** Background of tool, approval and error cards (default `colorFillQuaternary`). */
  cardBg: string;
  /** Border of tool, approval and error cards (default `colorBorderSecondary`). */
  cardBorderColor: string;
  /** Corner radius of cards (default `borderRadius`). */
  cardRadius: number | string;
}

/** What {@link AgentUIProvider} shares with every kit component below it. */
export interface AgentUIConfig {
  strings: AgentUIStrings;
  tokens: Partial<AgentUITokens>;
  direction: 'ltr' | 'rtl';
}

const ConfigContext = createContext<AgentUIConfig>({ strings: enUS, tokens: {}, direction: 'ltr' });

/** The kit's strings, tokens and direction from the nearest {@link AgentUIProvider}. */
export function useAgentUIConfig(): AgentUIConfig {
  return useContext(ConfigContext);
}

/** Props of {@link AgentUIProvider}. */
export interface AgentUIProviderProps {
  /**
   * antd / Ant Design X theme: `token`, `components` (antd and X components such as `Bubble`,
   * `Sender`, `ThoughtChain`), `algorithm` (`theme.darkAlgorithm`, `theme.compactAlgorithm`, …).
   */
  theme?: ThemeConfig;
  /** Shortcuts for the antd algorithms; combined with `theme.algorithm`. */
  appearance?: { dark?: boolean; compact?: boolean };
  /** The kit's own component tokens (see README "Theming"). */
  tokens?: Partial<AgentUITokens>;
  /** The kit's strings: `enUS` (default), `zhCN`, or your own. */
  locale?: AgentUIStrings;
  /** antd / Ant Design X locale (date pickers, upload, …), e.g. `antd/locale/zh_CN`. */
  antdLocale?: Locale;
  /** Text direction; `rtl` mirrors every component. */
  direction?: 'ltr' | 'rtl';
  children?: ReactNode;
}

/**
 * Theme, locale and direction for the kit (and the antd / Ant Design X components inside it).
 * Optional: components render with English strings and the ambient antd theme without it.
 */
export function AgentUIProvider({ theme, appearance, tokens, locale, antdLocale, direction, children }: AgentUIProviderProps) {
  const parent = useContext(ConfigContext);
  const dark = appearance?.dark;
  const compact = appearance?.compact;
  const mergedTheme = useMemo<ThemeConfig | undefined>(() => {
    if (!dark && !compact) return theme;
    const base = theme?.algorithm ? (Array.isArray(theme.algorithm) ? theme.algorithm : [theme.algorithm]) : [];
    const algorithm = [
      ...(dark ? [antdTheme.darkAlgorithm] : base.length ? [] : [antdTheme.defaultAlgorithm]),
      ...(compact ? [antdTheme.compactAlgorithm] : []),
      ...base,
    ];
    return { ...theme, algorithm };
  }, [theme, dark, compact]);
  const value = useMemo<AgentUIConfig>(
    () => ({
      strings: locale ?? parent.strings,
      tokens: tokens ? { ...parent.tokens, ...tokens } : parent.tokens,
      direction: direction ?? parent.direction,
    }),
    [locale, tokens, direction, parent],
  );
  const xProps = {
    ...(mergedTheme ? { theme: mergedTheme } : {}),
    ...(antdLocale ? { locale: antdLocale } : {}),
    ...(direction ? { direction } : {}),
  };
  const inner = <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
  return Object.keys(xProps).length ? <XProvider {...xProps}>{inner}</XProvider> : inner;
}

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/**
 * The kit tokens as CSS custom properties for the kit's root element, resolved against the antd
 * theme in scope.
 */
export function useTokenStyle(): CSSProperties {
  const { token } = antdTheme.useToken();
  const { tokens } = useAgentUIConfig();
  return useMemo(() => {
    const t: AgentUITokens = {
      userBubbleBg: token.colorPrimaryBg,
      userBubbleColor: token.colorText,
      assistantBubbleBg: 'transparent',
      assistantBubbleColor: token.colorText,
      bubbleRadius: token.borderRadiusLG,
      bubblePadding: `${token.paddingSM}px ${token.padding}px`,
      userBubbleMaxWidth: '80%',
      messageGap: token.marginMD,
      transcriptPadding: token.padding,
      cardBg: token.colorFillQuaternary,
      cardBorderColor: token.colorBorderSecondary,
      cardRadius: token.borderRadius,
      ...tokens,
    };
    return {
      '--xagent-user-bubble-bg': t.userBubbleBg,
      '--xagent-user-bubble-color': t.userBubbleColor,
      '--xagent-assistant-bubble-bg': t.assistantBubbleBg,
      '--xagent-assistant-bubble-color': t.assistantBubbleColor,
      '--xagent-bubble-radius': px(t.bubbleRadius),
      '--xagent-bubble-padding': t.bubblePadding,
      '--xagent-user-bubble-max-width': t.userBubbleMaxWidth,
      '--xagent-message-gap': px(t.messageGap),
      '--xagent-transcript-padding': px(t.transcriptPadding),
      '--xagent-card-bg': t.cardBg,
      '--xagent-card-border': t.cardBorderColor,
      '--xagent-card-radius': px(t.cardRadius),
      color: token.colorText,
      fontFamily: token.fontFamily,
      fontSize: token.fontSize,
    } as CSSProperties;
  }, [token, tokens]);
}
