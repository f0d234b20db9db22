'use client';
import { theme } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { parseColor } from '../theme/contrast.js';

/** Inline styles of the markdown elements, derived from the antd tokens in scope (light, dark, compact). */
export interface MarkdownStyles {
  tableWrap: CSSProperties;
  table: CSSProperties;
  th: CSSProperties;
  td: CSSProperties;
  blockquote: CSSProperties;
  inlineCode: CSSProperties;
  codeBlock: CSSProperties;
  codeHeader: CSSProperties;
  codeLang: CSSProperties;
  codePre: CSSProperties;
  strippedLink: CSSProperties;
  /** Links: underlined (told apart from text by more than colour, in every theme), in `colorLink`. */
  link: CSSProperties;
  imagePlaceholder: CSSProperties;
  image: CSSProperties;
  /** Whether the background is dark (for the highlighter's palette). */
  dark: boolean;
}

type Token = ReturnType<typeof theme.useToken>['token'];

function isDark(color: string): boolean {
  const [r, g, b] = parseColor(color) ?? [255, 255, 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/** The markdown styles for `token` (pure; exported for tests and stories). */
export function markdownStyles(token: Token): MarkdownStyles {
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  const mono: CSSProperties = { fontFamily: token.fontFamilyCode, fontSize: '0.9em' };
  // Cells wrap between words only (XMarkdown's CSS breaks inside them): a table too wide scrolls in its box.
  const wholeWords: CSSProperties = { wordBreak: 'normal', overflowWrap: 'normal' };
  return {
    tableWrap: { overflowX: 'auto', maxWidth: '100%', margin: `${token.marginXS}px 0 ${token.marginSM}px` },
    table: { borderCollapse: 'collapse', minWidth: '50%', fontSize: token.fontSize },
    th: { ...wholeWords, border, background: token.colorFillTertiary, fontWeight: token.fontWeightStrong, padding: `${token.paddingXXS}px ${token.paddingSM}px`, textAlign: 'start' },
    td: { ...wholeWords, border, padding: `${token.paddingXXS}px ${token.paddingSM}px` },
    blockquote: {
      margin: `${token.marginXS}px 0 ${token.marginSM}px`,
      paddingInlineStart: token.paddingSM,
      borderInlineStart: `${token.lineWidth * 4}px ${token.lineType} ${token.colorBorder}`,
      color: token.colorTextSecondary,
    },
    inlineCode: { ...mono, background: token.colorFillTertiary, borderRadius: token.borderRadiusSM, padding: '0.1em 0.35em' },
    codeBlock: { border, borderRadius: token.borderRadiusLG, margin: `${token.marginXS}px 0 ${token.marginSM}px`, overflow: 'hidden', background: token.colorFillTertiary },
    codeHeader: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: token.marginXS,
      padding: `0 ${token.paddingXS}px 0 ${token.paddingSM}px`,
      minHeight: token.controlHeightSM + token.paddingXXS * 2,
      borderBottom: border,
      fontSize: token.fontSizeSM,
      color: token.colorTextSecondary,
    },
    codeLang: { fontFamily: token.fontFamilyCode },
    codePre: { ...mono, margin: 0, padding: `${token.paddingXS}px ${token.paddingSM}px`, overflowX: 'auto', whiteSpace: 'pre', wordBreak: 'normal', overflowWrap: 'normal', background: 'transparent', color: token.colorText },
    strippedLink: { color: 'inherit', textDecoration: 'none', cursor: 'text' },
    link: { color: token.colorLink, textDecoration: 'underline', textUnderlineOffset: '0.15em' },
    imagePlaceholder: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: token.marginXS,
      minHeight: token.controlHeight,
      padding: `${token.paddingXXS}px ${token.paddingSM}px`,
      border: `${token.lineWidth}px dashed ${token.colorBorder}`,
      borderRadius: token.borderRadius,
      background: token.colorFillQuaternary,
      color: token.colorText,
      font: 'inherit',
      cursor: 'pointer',
      maxWidth: '100%',
    },
    image: { maxWidth: '100%', height: 'auto', borderRadius: token.borderRadius },
    dark: isDark(token.colorBgContainer),
  };
}

const MarkdownStylesContext = createContext<MarkdownStyles | null>(null);

/** Computes the styles once per theme for the markdown below (one token read per message, not per cell). */
export function MarkdownStylesProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const styles = useMemo(() => markdownStyles(token), [token]);
  return <MarkdownStylesContext.Provider value={styles}>{children}</MarkdownStylesContext.Provider>;
}

/** The markdown styles in scope (computed from the default theme outside a provider). */
export function useMarkdownStyles(): MarkdownStyles {
  return useContext(MarkdownStylesContext) ?? (defaultStyles ??= markdownStyles(theme.getDesignToken()));
}

let defaultStyles: MarkdownStyles | undefined;
