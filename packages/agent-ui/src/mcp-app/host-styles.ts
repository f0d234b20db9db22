import type { GlobalToken } from 'antd';
import type { McpUiStyles } from '@modelcontextprotocol/ext-apps/app-bridge';

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/** The MCP Apps style variables (`hostContext.styles.variables`) from the antd design tokens of the chat. */
export function hostStyleVariables(token: GlobalToken): McpUiStyles {
  return {
    '--color-background-primary': token.colorBgContainer,
    '--color-background-secondary': token.colorBgLayout,
    '--color-background-tertiary': token.colorFillTertiary,
    '--color-background-inverse': token.colorBgSpotlight,
    '--color-background-ghost': 'transparent',
    '--color-background-info': token.colorInfoBg,
    '--color-background-danger': token.colorErrorBg,
    '--color-background-success': token.colorSuccessBg,
    '--color-background-warning': token.colorWarningBg,
    '--color-background-disabled': token.colorBgContainerDisabled,
    '--color-text-primary': token.colorText,
    '--color-text-secondary': token.colorTextSecondary,
    '--color-text-tertiary': token.colorTextTertiary,
    '--color-text-inverse': token.colorTextLightSolid,
    '--color-text-ghost': token.colorTextQuaternary,
    '--color-text-info': token.colorInfoText,
    '--color-text-danger': token.colorErrorText,
    '--color-text-success': token.colorSuccessText,
    '--color-text-warning': token.colorWarningText,
    '--color-text-disabled': token.colorTextDisabled,
    '--color-border-primary': token.colorBorder,
    '--color-border-secondary': token.colorBorderSecondary,
    '--color-border-tertiary': token.colorSplit,
    '--color-border-inverse': token.colorTextLightSolid,
    '--color-border-ghost': 'transparent',
    '--color-border-info': token.colorInfoBorder,
    '--color-border-danger': token.colorErrorBorder,
    '--color-border-success': token.colorSuccessBorder,
    '--color-border-warning': token.colorWarningBorder,
    '--color-border-disabled': token.colorBorder,
    '--color-ring-primary': token.colorPrimary,
    '--color-ring-secondary': token.colorPrimaryBorder,
    '--color-ring-inverse': token.colorTextLightSolid,
    '--color-ring-info': token.colorInfo,
    '--color-ring-danger': token.colorError,
    '--color-ring-success': token.colorSuccess,
    '--color-ring-warning': token.colorWarning,
    '--font-sans': token.fontFamily,
    '--font-mono': token.fontFamilyCode,
    '--font-weight-normal': '400',
    '--font-weight-medium': '500',
    '--font-weight-semibold': '600',
    '--font-weight-bold': String(token.fontWeightStrong),
    '--font-text-xs-size': px(Math.max(10, token.fontSizeSM - 2)),
    '--font-text-sm-size': px(token.fontSizeSM),
    '--font-text-md-size': px(token.fontSize),
    '--font-text-lg-size': px(token.fontSizeLG),
    '--font-heading-xs-size': px(token.fontSizeLG),
    '--font-heading-sm-size': px(token.fontSizeHeading5),
    '--font-heading-md-size': px(token.fontSizeHeading4),
    '--font-heading-lg-size': px(token.fontSizeHeading3),
    '--font-heading-xl-size': px(token.fontSizeHeading2),
    '--font-heading-2xl-size': px(token.fontSizeHeading1),
    '--font-heading-3xl-size': px(Math.round(Number.parseFloat(String(token.fontSizeHeading1)) * 1.25)),
    '--font-text-xs-line-height': String(token.lineHeightSM),
    '--font-text-sm-line-height': String(token.lineHeightSM),
    '--font-text-md-line-height': String(token.lineHeight),
    '--font-text-lg-line-height': String(token.lineHeightLG),
    '--font-heading-xs-line-height': String(token.lineHeightHeading5),
    '--font-heading-sm-line-height': String(token.lineHeightHeading5),
    '--font-heading-md-line-height': String(token.lineHeightHeading4),
    '--font-heading-lg-line-height': String(token.lineHeightHeading3),
    '--font-heading-xl-line-height': String(token.lineHeightHeading2),
    '--font-heading-2xl-line-height': String(token.lineHeightHeading1),
    '--font-heading-3xl-line-height': String(token.lineHeightHeading1),
    '--border-radius-xs': px(token.borderRadiusXS),
    '--border-radius-sm': px(token.borderRadiusSM),
    '--border-radius-md': px(token.borderRadius),
    '--border-radius-lg': px(token.borderRadiusLG),
    '--border-radius-xl': px(Math.round(token.borderRadiusLG * 1.5)),
    '--border-radius-full': '9999px',
    '--border-width-regular': px(token.lineWidth),
    '--shadow-hairline': `0 0 0 ${px(token.lineWidth)} ${token.colorBorderSecondary}`,
    '--shadow-sm': token.boxShadowTertiary,
    '--shadow-md': token.boxShadowSecondary,
    '--shadow-lg': token.boxShadow,
  };
}

/** Whether the antd theme is dark: its container background is darker than its text. */
export function isDarkTheme(token: GlobalToken): boolean {
  return luminance(token.colorBgContainer) < luminance(token.colorText);
}

function luminance(color: string): number {
  const hex = /^#([0-9a-f]{6})/i.exec(color)?.[1];
  if (hex) return [0, 2, 4].reduce((sum, i, n) => sum + parseInt(hex.slice(i, i + 2), 16) * [0.2126, 0.7152, 0.0722][n]!, 0);
  const rgb = /rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color);
  if (rgb) return Number(rgb[1]) * 0.2126 + Number(rgb[2]) * 0.7152 + Number(rgb[3]) * 0.0722;
  return 255;
}
