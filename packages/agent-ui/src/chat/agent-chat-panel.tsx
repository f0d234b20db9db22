'use client';
import { useAgentStatus } from '@x/agent-react';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import { useReleaseFocusOnUnmount } from '../a11y/release-focus.js';
import { useAgentUIConfig, useTokenStyle } from '../config.js';
import { useChatContext } from './chat-context.js';

/** Props of {@link AgentChatPanel}. */
export interface AgentChatPanelProps {
  /** Height of the panel (default 100%). */
  height?: CSSProperties['height'];
  /** Largest width of the panel (centred). */
  maxWidth?: CSSProperties['maxWidth'];
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/**
 * The chat's box: a column with the kit's tokens as CSS variables, the direction of the
 * `AgentUIProvider` and the chat's status (`data-status`), that hands the focus on when it unmounts
 * with the focus inside. `AgentChat` lays its parts out in one; a chat composed from the parts can
 * too (inside an `AgentChatProvider`).
 */
export function AgentChatPanel({ height, maxWidth, className, style, children }: AgentChatPanelProps) {
  const { chat } = useChatContext('AgentChatPanel');
  const { direction } = useAgentUIConfig();
  const tokenStyle = useTokenStyle();
  // Status only: the panel does not re-render per streamed token.
  const status = useAgentStatus(chat);
  const rootRef = useRef<HTMLDivElement>(null);
  useReleaseFocusOnUnmount(rootRef);
  return (
    <div
      ref={rootRef}
      className={className}
      dir={direction}
      data-xagent-chat=""
      data-status={status}
      style={{
        ...tokenStyle,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        height: height ?? '100%',
        maxWidth,
        // Centred by auto margins, a flex or grid item would otherwise shrink to its content's width (a
        // long code line widened the chat past a 320 px screen in a flex column): it takes the row's width.
        ...(maxWidth ? { marginInline: 'auto', width: '100%', minWidth: 0 } : {}),
        position: 'relative',
        ...style,
      }}
    >
      {children}
    </div>
  );
}
