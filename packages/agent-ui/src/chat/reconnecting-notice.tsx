'use client';
import { useAgentChatSelector, type AgentChatSnapshot } from '@x/agent-react';
import { theme } from 'antd';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { useChatContext } from './chat-context.js';

const selectReconnecting = (snapshot: AgentChatSnapshot): boolean => snapshot.connection === 'reconnecting';

/**
 * "Reconnecting…" while the connection to a running reply is being restored (`connection` of
 * `useAgentChat`). The live region is always there, so screen readers announce the text when it
 * appears.
 */
export function AgentReconnectingNotice() {
  const { chat } = useChatContext('AgentReconnectingNotice');
  const { strings } = useAgentUIConfig();
  const reconnecting = useAgentChatSelector(chat, selectReconnecting);
  const { token } = theme.useToken();
  const color = useAccessibleTokens().colorWarningText ?? token.colorWarningText;
  return (
    <div role="status" aria-live="polite" data-xagent-connection={reconnecting ? 'reconnecting' : 'online'} style={{ color }}>
      {reconnecting ? strings.reconnecting : null}
    </div>
  );
}
