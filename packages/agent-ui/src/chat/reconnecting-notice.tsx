'use client';
import { useAgentChatSelector, type AgentChatSnapshot } from '@x/agent-react';
import { Typography } from 'antd';
import { useAgentUIConfig } from '../config.js';
import { useChatContext } from './chat-context.js';

const selectReconnecting = (snapshot: AgentChatSnapshot): boolean => snapshot.connection === 'reconnecting';

/**
 * "Reconnecting…" while the connection to a running reply is being restored (`connection` of
 * `useAgentChat`). The live region is always there, so screen readers announce the text when it
 * appears.
 */
export function ReconnectingNotice() {
  const { chat } = useChatContext('ReconnectingNotice');
  const { strings } = useAgentUIConfig();
  const reconnecting = useAgentChatSelector(chat, selectReconnecting);
  return (
    <div role="status" aria-live="polite" data-xagent-connection={reconnecting ? 'reconnecting' : 'online'}>
      {reconnecting ? <Typography.Text type="warning">{strings.reconnecting}</Typography.Text> : null}
    </div>
  );
}
