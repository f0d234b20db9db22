import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AgentEventHandlers } from '../core/events.js';
import type { ConversationsClient } from './client.js';
import { ConversationsStore, type ConversationsSnapshot, type ConversationsStoreOptions } from './store.js';

/** Options of {@link useConversations}; read once, when the hook mounts (`api`, `agentId`, … do not change later). */
export type UseConversationsOptions = ConversationsStoreOptions;

/** What {@link useConversations} returns: the list state and its actions (stable functions). */
export interface Conversations extends ConversationsSnapshot {
  select(id: string): void;
  create(): string;
  touch(id: string, update?: { title?: string | null; agentId?: string }): void;
  rename(id: string, title: string): Promise<boolean>;
  remove(id: string): { undo: () => void };
  undo(id: string): void;
  loadMore(): Promise<void>;
  setQuery(query: string): void;
  refresh(): Promise<void>;
  clearError(): void;
  /**
   * Chat event handlers that keep the list current: a conversation is listed (`touch`) on its first
   * user message, takes a generated title at once and is re-read from the server when a reply ends.
   * Spread them into `useAgentEvents(chat, …)` or `<AgentChat {...conversations.chatEvents} />`.
   */
  chatEvents: Pick<AgentEventHandlers, 'onUserMessage' | 'onTitleGenerated' | 'onMessageComplete' | 'onApprovalRequest'>;
  /**
   * Conversations whose last reply (seen through `chatEvents` in this tab) stopped on a tool call
   * waiting for the user's approval; cleared when the reply goes on or a new message is sent.
   */
  awaitingApproval: readonly string[];
  client: ConversationsClient;
  store: ConversationsStore;
}

function firstLine(parts: readonly { type: string; text?: string }[]): string | undefined {
  const text = parts.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join(' ').trim();
  return text ? text.split('\n')[0]!.slice(0, 80) : undefined;
}

/**
 * The conversation list of an agent server with a `store`: paging, search, selection, rename and
 * delete with undo, optimistic and rolled back with a visible `error` when the server refuses.
 */
export function useConversations(options: UseConversationsOptions = {}): Conversations {
  const [store] = useState(() => new ConversationsStore(options));
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const [awaitingApproval, setAwaitingApproval] = useState<readonly string[]>([]);
  const actions = useMemo(() => {
    const markAwaiting = (conversationId: string, awaiting: boolean) =>
      setAwaitingApproval((ids) => (ids.includes(conversationId) === awaiting ? ids : awaiting ? [...ids, conversationId] : ids.filter((id) => id !== conversationId)));
    const chatEvents: Conversations['chatEvents'] = {
      onUserMessage: ({ message, conversationId }) => {
        if (!conversationId) return;
        markAwaiting(conversationId, false);
        const listed = store.getSnapshot().items.some((item) => item.id === conversationId);
        store.touch(conversationId, listed ? {} : { title: firstLine(message.parts) ?? null });
      },
      onTitleGenerated: ({ title, conversationId }) => {
        if (conversationId) store.touch(conversationId, { title });
      },
      onApprovalRequest: ({ conversationId }) => {
        if (conversationId) markAwaiting(conversationId, true);
      },
      onMessageComplete: ({ conversationId }) => {
        if (conversationId) markAwaiting(conversationId, false);
        void store.refresh();
      },
    };
    return {
      select: store.select,
      create: store.create,
      touch: store.touch,
      rename: store.rename,
      remove: store.remove,
      undo: store.undo,
      loadMore: store.loadMore,
      setQuery: store.setQuery,
      refresh: store.refresh,
      clearError: store.clearError,
      chatEvents,
      client: store.client,
      store,
    };
  }, [store]);
  return useMemo(() => ({ ...snapshot, ...actions, awaitingApproval }), [snapshot, actions, awaitingApproval]);
}
