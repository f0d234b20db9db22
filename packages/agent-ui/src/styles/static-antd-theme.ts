import type { ThemeConfig } from 'antd';

/**
 * The antd theme of the kit's static styles mode: `zeroRuntime` (antd and Ant Design X register no
 * component rules at mount: the app imports them, `@x/agent-ui/antd.css`) and `hashed: false` (the
 * class names that file's unhashed `.ant-*` selectors match, with no `css-…` hash class beside
 * them). Everything else of `theme` stays: the algorithm (dark, compact) and the `token` /
 * `components` overrides still become antd's CSS variables at run time, which the file reads.
 */
export function staticStylesTheme(theme: ThemeConfig): ThemeConfig {
  return { ...theme, zeroRuntime: true, hashed: false };
}
