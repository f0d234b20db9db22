'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import { useContext, useSyncExternalStore } from 'react';
import { ChatContext } from '../chat/chat-context.js';
import { ReplyEndMark } from '../lazy/on-demand.js';
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
