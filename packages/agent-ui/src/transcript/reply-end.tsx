'use client';
import type { AgentUIMessage, StoredMessageMetadata } from '@x/agent-react';
import { Button, theme } from 'antd';
import { useContext, useSyncExternalStore, type CSSProperties } from 'react';
import { ChatContext } from '../chat/chat-context.js';
import { useAccessibleTokens, useAgentUIConfig } from '../config.js';
import { useMessageContext } from '../chat/message-context.js';

const rowStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, marginTop: 4 };
const noSubscription = () => () => {};

/**
 * True while the chat shows an error for this (last) message: the error alert then offers Retry,
 * so the mark does not offer a second one.
 */
function useShownAsError(messageId: string): boolean {
  const store = useContext(ChatContext)?.chat.store;
  const get = () => {
    const snapshot = store?.getSnapshot();
    return !!snapshot?.error && snapshot.messages.at(-1)?.id === messageId;
  };
  return useSyncExternalStore(store?.subscribe ?? noSubscription, get, get);
}

/** How a reply ended when it did not end normally (`metadata.stopReason`), or undefined. */
export function replyEnd(message: AgentUIMessage): 'stopped' | 'interrupted' | undefined {
  if (message.role !== 'assistant') return undefined;
  const reason = (message.metadata as StoredMessageMetadata | undefined)?.stopReason;
  if (reason === 'stopped') return 'stopped';
  return reason === 'interrupted' || reason === 'error' ? 'interrupted' : undefined;
}

/**
 * The mark under a reply that did not end normally: "Stopped" (the user stopped it), or
 * "Interrupted" with Retry (it failed, or its run was lost — e.g. the server restarted) which
 * regenerates it. Nothing for a reply that finished.
 */
export function ReplyEnd({ message }: { message: AgentUIMessage }) {
  const end = replyEnd(message);
  if (!end) return null;
  return end === 'stopped' ? <ReplyEndMark message={message} end={end} /> : <InterruptedMark message={message} />;
}

function InterruptedMark({ message }: { message: AgentUIMessage }) {
  return useShownAsError(message.id) ? null : <ReplyEndMark message={message} end="interrupted" />;
}

function ReplyEndMark({ message, end }: { message: AgentUIMessage; end: 'stopped' | 'interrupted' }) {
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
