import { createSharedStateStore, type SharedState, type SharedStateStore } from '@x/agent-react';
import { useRef, useSyncExternalStore } from 'react';

/**
 * `useSharedState` with one store per conversation: each conversation has its own form values and
 * write log (the agent's writes in one conversation never show in another), kept while the page is
 * open. A new conversation starts from `initial`.
 */
export function useConversationSharedState<T extends Record<string, unknown>>(conversationId: string, initial: T): SharedState<T> {
  const stores = useRef(new Map<string, SharedStateStore<T>>());
  let store = stores.current.get(conversationId);
  if (!store) {
    store = createSharedStateStore<T>({ ...initial });
    stores.current.set(conversationId, store);
  }
  const value = useSyncExternalStore(store.subscribe, () => store.getSnapshot().value);
  const log = useSyncExternalStore(store.subscribe, () => store.getSnapshot().log);
  return { value, log, store, set: store.set, undo: store.undo, undoTurn: store.undoTurn, undoToolCall: store.undoToolCall };
}
