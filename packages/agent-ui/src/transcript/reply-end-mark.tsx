'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import { Button, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { useMessageContext } from '../chat/message-context.js';

const rowStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 };

export interface ReplyEndMarkProps {
  message: AgentUIMessage;
  end: 'stopped' | 'interrupted';
}

/** "Stopped", or "Interrupted — Retry" (Retry regenerates the reply): in the on-demand chunk. */
export function ReplyEndMark({ message, end }: ReplyEndMarkProps) {
  const { strings } = useAgentUIConfig();
  const { handlers } = useMessageContext('ReplyEnd');
  const { token } = theme.useToken();
  // Outside AgentChat's accessible theme (a custom layout) the muted color is fixed here.
  const color = useAccessibleTokens().colorTextSecondary ?? token.colorTextSecondary;
  return (
    <div data-xagent-reply-end={end} style={rowStyle}>
      <span style={{ color }}>
        {end === 'stopped' ? strings.stopped : strings.interrupted}
        {end === 'interrupted' ? <span aria-hidden="true"> —</span> : null}
      </span>
      {end === 'interrupted' ? (
        <Button size="small" onClick={() => handlers.regenerate(message.id)}>
          {strings.retry}
        </Button>
      ) : null}
    </div>
  );
}
