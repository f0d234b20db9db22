'use client';
import type { CSSProperties } from 'react';
import { useAgentUIConfig } from './config.js';

/** `scale` (not `transform`) so that it composes with an icon's own `rotate`: an open disclosure arrow still points down. */
const MIRRORED: CSSProperties = { scale: '-1 1' };

/**
 * The style of an icon that points along the line of text (a disclosure arrow ›, a paper plane):
 * mirrored in a right-to-left chat (the kit's direction: `AgentUIProvider`'s, else antd's
 * `ConfigProvider`'s), nothing otherwise. Spread it into the icon's `style`.
 */
export function useMirrorInRtl(): CSSProperties | undefined {
  return useAgentUIConfig().direction === 'rtl' ? MIRRORED : undefined;
}
