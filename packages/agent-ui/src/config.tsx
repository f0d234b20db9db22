'use client';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { XProvider } from './antdx.js';
import { focusRingColor } from './a11y/focus-ring.js';
import { usePrefersReducedMotion } from './theme/reduced-motion.js';
import { parseColor } from './theme/contrast.js';
import { ACCESSIBLE_PRESETS, fixesFor } from './theme/accessible-presets.js';
import { enUS } from './locales/built-in.js';
import { type AgentUIStrings, type AgentUIStringsOverride } from './locales/agent-ui-strings.js';
import type { Catalogue } from './locales/catalogue.js';
import { compiledCatalogue, useCatalogueStrings } from './locales/load-strings.js';
import { catalogueCodeOfAntdLocale } from './locales/locale-codes.js';
import { directionOfAntdLocale } from './locales/locale-direction.js';
import { mergeStrings } from './locales/merge-strings.js';
import { MarkdownOptionsProvider, useMarkdownOptions, type MarkdownOptions } from './markdown/markdown-options.js';
import { KitStyles, useKitStylesMode } from './styles/kit-styles.js';
import { staticStylesTheme } from './styles/static-antd-theme.js';

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

/** Outside any {@link AgentUIProvider}: English, or the locale of antd's `ConfigProvider` (see useAgentUIConfig). */
const NO_PROVIDER: AgentUIConfig = { strings: enUS, tokens: {}, direction: 'ltr' };
const ConfigContext = createContext<AgentUIConfig>(NO_PROVIDER);

/** Strings chosen explicitly up the tree (`locale` / `catalogue`) and the overrides so far: they win over antd's locale below. */
const StringsChoiceContext = createContext<{ explicit?: AgentUIStrings | undefined; overrides: readonly AgentUIStringsOverride[] }>({ overrides: [] });

/**
 * The kit's strings, tokens and direction from the nearest {@link AgentUIProvider}. Without one, the
 * strings of antd's `ConfigProvider` locale (English until its catalogue has loaded) and antd's direction.
 *
 * Under a provider (AgentChat, AgentUIProvider: every kit component of a chat) it reads the context
 * and nothing else: no state, no effect — a transcript calls it in every message's parts (S8: 70
 * calls for 5 turns, four hook states and three effects each when it always ran the standalone
 * path). Whether a provider is above a component is fixed where the component mounts (`NO_PROVIDER`
 * is the context's default, never a provided value), so the standalone path's hooks run at every
 * render of a component or at none.
 */
export function useAgentUIConfig(): AgentUIConfig {
  const value = useContext(ConfigContext);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the condition never changes for a mounted component (see above)
  return value === NO_PROVIDER ? useStandaloneConfig() : value;
}

/** {@link useAgentUIConfig} outside any provider: antd's locale and direction. */
function useStandaloneConfig(): AgentUIConfig {
  const antd = useContext(ConfigProvider.ConfigContext);
  const auto = useCatalogueStrings(catalogueCodeOfAntdLocale(antd.locale));
  // antd's direction; unset, the direction of antd's locale (an Arabic locale mirrors the chat).
  const direction = antd.direction ?? directionOfAntdLocale(antd.locale) ?? 'ltr';
  return useMemo(() => (auto || direction !== 'ltr' ? { ...NO_PROVIDER, strings: auto ?? NO_PROVIDER.strings, direction } : NO_PROVIDER), [auto, direction]);
}

/** An empty theme: inherits everything from the parent ConfigProvider (see AgentUIProvider). */
const INHERIT_THEME: ThemeConfig = {};

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
  /**
   * The kit's strings, whatever antd's locale: `enUS`, `zhCN`, or your own whole object. Without it
   * (and without `catalogue`) the kit follows antd's `ConfigProvider` locale (or `antdLocale`): its
   * catalogue is loaded on demand, English is shown until it arrives.
   */
  locale?: AgentUIStrings | undefined;
  /**
   * A catalogue imported up front (`import { de_DE } from '@x/agent-ui/locales'`): these strings
   * from the first render, no fetch (server rendering: the same on the server and in hydration).
   */
  catalogue?: Catalogue | undefined;
  /** Some strings of your own, merged over the locale in use (nested groups such as `queue` or `errorCodes` key by key). */
  strings?: AgentUIStringsOverride | undefined;
  /** antd / Ant Design X locale (date pickers, upload, …), e.g. `antd/locale/zh_CN`; the kit's strings follow it too. */
  antdLocale?: Locale;
  /** Text direction; `rtl` mirrors every component. */
  direction?: 'ltr' | 'rtl';
  /** Markdown of model output: which images load (none by default) and an image proxy. */
  markdown?: MarkdownOptions;
  /**
   * The kit's own stylesheet: `'runtime'` (default) renders it once, as a hoisted `<style>` (server
   * rendering too); `'static'` renders none — the app imports `@x/agent-ui/styles.css` itself — and
   * turns antd's and Ant Design X's style registration off (`theme.zeroRuntime`, `hashed: false`):
   * the app imports their rules, `@x/agent-ui/antd.css`. Set on an outer provider, it applies inside.
   */
  styles?: 'runtime' | 'static';
  /**
   * Raise the contrast of the theme's secondary text, error and primary colors inside when they miss
   * WCAG AA (antd's default palette does). `AgentChat` turns it on unless its `ui.accessibleColors` is
   * false; unset here, the colors are the theme's.
   */
  accessibleColors?: boolean;
  children?: ReactNode;
}

/**
 * Theme, locale and direction for the kit (and the antd / Ant Design X components inside it).
 * Optional: components render with English strings and the ambient antd theme without it.
 */
export function AgentUIProvider({ theme, appearance, tokens, locale, catalogue, strings, antdLocale, direction, markdown, styles, accessibleColors, children }: AgentUIProviderProps) {
  const parent = useContext(ConfigContext);
  const parentChoice = useContext(StringsChoiceContext);
  const antd = useContext(ConfigProvider.ConfigContext);
  // Strings: an explicit `locale` or `catalogue` here or up the tree, else antd's locale (loaded on demand).
  const explicit = locale ?? (catalogue ? compiledCatalogue(catalogue) : undefined) ?? parentChoice.explicit;
  const auto = useCatalogueStrings(explicit ? undefined : catalogueCodeOfAntdLocale(antdLocale ?? antd.locale));
  // No direction given here or by antd: the direction of antd's locale (set on the XProvider too, so antd's parts inside mirror).
  const antdLocaleDirection = direction || antd.direction ? undefined : directionOfAntdLocale(antdLocale ?? antd.locale);
  const choice = useMemo(() => ({ explicit, overrides: strings ? [...parentChoice.overrides, strings] : parentChoice.overrides }), [explicit, strings, parentChoice]);
  const chosenStrings = useMemo(() => choice.overrides.reduce(mergeStrings, explicit ?? auto ?? enUS), [choice, explicit, auto]);
  const parentMarkdown = useMarkdownOptions();
  const parentStylesMode = useKitStylesMode();
  const staticStyles = (styles ?? parentStylesMode) === 'static';
  const dark = appearance?.dark;
  const compact = appearance?.compact;
  const reduceMotion = usePrefersReducedMotion();
  // antd's own light or dark palette (no theme from the app, none from a provider above): the
  // accessible colours are known ahead and go into this provider's theme — the nested
  // AccessibleTheme then finds nothing to fix, and antd derives the tokens once instead of twice.
  const preset = accessibleColors && !theme && !antd.theme ? ACCESSIBLE_PRESETS[dark ? 'dark' : 'light'].fixes : undefined;
  const mergedTheme = useMemo<ThemeConfig | undefined>(() => {
    // The system's "reduce motion" turns antd's motion off (drawers, fades, collapses) unless the
    // app's theme says otherwise (WCAG 2.3.3).
    const motionOff = reduceMotion && theme?.token?.motion === undefined;
    const withMotion = motionOff || preset ? { ...theme, token: { ...theme?.token, ...preset, ...(motionOff ? { motion: false } : {}) } } : theme;
    if (!dark && !compact) return withMotion;
    const base = theme?.algorithm ? (Array.isArray(theme.algorithm) ? theme.algorithm : [theme.algorithm]) : [];
    const algorithm = [
      ...(dark ? [antdTheme.darkAlgorithm] : base.length ? [] : [antdTheme.defaultAlgorithm]),
      ...(compact ? [antdTheme.compactAlgorithm] : []),
      ...base,
    ];
    return { ...withMotion, algorithm };
  }, [theme, dark, compact, reduceMotion, preset]);
  // Static styles: antd / X register no component rules (the app imports @x/agent-ui/antd.css).
  const providedTheme = useMemo(() => (staticStyles ? staticStylesTheme(mergedTheme ?? INHERIT_THEME) : (mergedTheme ?? INHERIT_THEME)), [staticStyles, mergedTheme]);
  const value = useMemo<AgentUIConfig>(
    () => ({
      strings: chosenStrings,
      tokens: tokens ? { ...parent.tokens, ...tokens } : parent.tokens,
      // antd's direction in scope (an outer AgentUIProvider's `direction` is in it too: its XProvider sets it).
      direction: direction ?? antd.direction ?? antdLocaleDirection ?? parent.direction,
    }),
    [chosenStrings, tokens, direction, antd.direction, antdLocaleDirection, parent],
  );
  const xProps = {
    // Always a theme object: antd's ConfigProvider adds its token context only `if (theme)`, so a
    // theme that appears or goes would remount everything below (an empty one inherits the parent's).
    theme: providedTheme,
    ...(antdLocale ? { locale: antdLocale } : {}),
    ...(direction || antdLocaleDirection ? { direction: direction ?? antdLocaleDirection } : {}),
  };
  // Always rendered (an XProvider without props inherits the parent's theme): a conditional wrapper
  // would remount the children whenever a theme prop appears or goes.
  return (
    <XProvider {...xProps}>
      <ConfigContext.Provider value={value}>
        <StringsChoiceContext.Provider value={choice}>
          <MarkdownOptionsProvider value={markdown ?? parentMarkdown}>
            <KitStyles mode={styles}>{accessibleColors === undefined ? children : <AccessibleTheme enabled={accessibleColors}>{children}</AccessibleTheme>}</KitStyles>
          </MarkdownOptionsProvider>
        </StringsChoiceContext.Provider>
      </ConfigContext.Provider>
    </XProvider>
  );
}

function isDarkColor(color: string): boolean {
  const value = parseColor(color);
  return !!value && 0.299 * value[0] + 0.587 * value[1] + 0.114 * value[2] < 128;
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
      '--xagent-focus-ring': focusRingColor(token.colorPrimary, [token.colorBgContainer, token.colorFillTertiary, t.cardBg, t.userBubbleBg]),
      color: token.colorText,
      fontFamily: token.fontFamily,
      fontSize: token.fontSize,
      // Native parts (scrollbars, form controls) follow the theme, not the page.
      colorScheme: isDarkColor(token.colorBgContainer) ? 'dark' : 'light',
      scrollbarColor: `${token.colorBorder} transparent`,
    } as CSSProperties;
  }, [token, tokens]);
}

/**
 * Token adjustments so that text meets WCAG AA (4.5:1) inside the kit, whatever theme is in
 * scope ({@link accessibleFixes}): computed once per token set of the page — antd's default light
 * and dark palettes not at all (their fixes ship precomputed, `theme/accessible-presets.ts`).
 */
export function useAccessibleTokens(): Readonly<Record<string, string>> {
  const { token, theme: derivation } = antdTheme.useToken();
  return useMemo(() => fixesFor(token, derivation), [token, derivation]);
}

/**
 * Applies {@link useAccessibleTokens} to the antd components below (nested, inherits the rest).
 * The ConfigProvider is always rendered so that turning fixes on or off never remounts children.
 */
export function AccessibleTheme({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const fixes = useAccessibleTokens();
  // The key of the theme in scope (antd's merged theme, passed down in its config context; the
  // `cssVar` of `theme.useToken()` is the tokens as CSS variables, not their key).
  const parentKey = useContext(ConfigProvider.ConfigContext).theme?.cssVar?.key;
  const theme = useMemo(() => (enabled && Object.keys(fixes).length ? { token: fixes } : sameTokensAs(parentKey)), [enabled, fixes, parentKey]);
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}

/**
 * A nested theme that changes no token: it keeps the CSS variables' key of the theme in scope. antd 6
 * gives every ConfigProvider with a theme a key of its own (`useId`), and the key is part of its token
 * cache's key: with a key of its own, the same tokens are derived again, turned into CSS variables
 * again and registered as another `<style>` (≈ 10–25 ms of a mount). With the parent's key it is the
 * parent's cache entry.
 */
function sameTokensAs(key: string | undefined): ThemeConfig {
  return key === undefined ? INHERIT_THEME : { cssVar: { key } };
}
