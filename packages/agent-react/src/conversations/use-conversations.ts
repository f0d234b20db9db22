import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AgentEventHandlers } from '@x/agent-core';
import { type ConversationsClient, ConversationsStore, type ConversationsSnapshot, type ConversationsStoreOptions } from '@x/agent-core/conversations';

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
   * Spread them into `useAgentEvents(chat, …)` or `<AgentChat events={conversations.chatEvents} />`.
   */
  chatEvents: Pick<AgentEventHandlers, 'onUserMessage' | 'onTitleGenerated' | 'onMessageComplete' | 'onApprovalRequest'>;
  /**
   * Conversations that wait for the user's approval: the listed rows whose `awaitingApproval` the
   * server set (so it survives a reload and shows in every tab), updated at once by what `chatEvents`
   * see in this tab until the server's next answer for that row.
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
  // What this tab saw (an approval asked, a reply going on) before the server's row says so: kept
  // for the row's version it was seen at; a newer row from the server wins.
  const [seen, setSeen] = useState<ReadonlyMap<string, { awaiting: boolean; version: number | undefined }>>(new Map());
  const actions = useMemo(() => {
    const markAwaiting = (conversationId: string, awaiting: boolean) =>
      setSeen((current) => {
        const version = store.getSnapshot().items.find((item) => item.id === conversationId)?.version;
        const before = current.get(conversationId);
        if (before && before.awaiting === awaiting && before.version === version) return current;
        return new Map(current).set(conversationId, { awaiting, version });
      });
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
  const awaitingApproval = useMemo(() => awaitingIds(snapshot.items, seen), [snapshot.items, seen]);
  return useMemo(() => ({ ...snapshot, ...actions, awaitingApproval }), [snapshot, actions, awaitingApproval]);
}

/** The server's `awaitingApproval` of each row, unless this tab saw otherwise since that row was read. */
function awaitingIds(items: ConversationsSnapshot['items'], seen: ReadonlyMap<string, { awaiting: boolean; version: number | undefined }>): readonly string[] {
  const ids = items.filter((item) => {
    const local = seen.get(item.id);
    return local && local.version === item.version ? local.awaiting : item.awaitingApproval;
  });
  const unlisted = [...seen].filter(([id, local]) => local.awaiting && !items.some((item) => item.id === id)).map(([id]) => id);
  return [...ids.map((item) => item.id), ...unlisted];
}
