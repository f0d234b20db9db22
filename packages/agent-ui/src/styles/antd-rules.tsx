'use client';
import { theme } from 'antd';
import { useContext } from 'react';

/** antd's design-token context: its `zeroRuntime` says whether antd components register their own rules (Ant Design X reads it too). */
const DesignTokenContext = theme._internalContext;

/** Props of {@link AntdRules}. */
export interface AntdRulesProps {
  /** The name React de-duplicates the `<style>` by (`xagent-antd-…`): any number of surfaces make one. */
  href: string;
  /** The rules (a module written by `scripts/antd-css.ts`). */
  rules: string;
}

/**
 * The antd rules of an on-demand feature's components (A2UI's form inputs, MCP Apps' dialog), which
 * `@x/agent-ui/antd.css` leaves out so that a page without the feature loads none of them: written
 * into the page when the feature first renders, as a hoisted, de-duplicated React 19 `<style>` (in
 * server rendering too), and only under antd's zero-runtime mode (the kit's `styles: 'static'`, or an
 * app's own `theme.zeroRuntime`) — in antd's default mode its components register their rules
 * themselves, and this renders nothing.
 */
export function AntdRules({ href, rules }: AntdRulesProps) {
  const { zeroRuntime } = useContext(DesignTokenContext);
  return zeroRuntime ? (
    <style href={href} precedence="default">
      {rules}
    </style>
  ) : null;
}
