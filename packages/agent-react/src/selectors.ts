'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { ChatStatus, UITools } from 'ai';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { UseAgentChatResult, AgentChatSnapshot } from '@x/agent-core';

/**
 * Subscribes to a slice of the chat: the component re-renders only when `selector`'s result changes
 * (by `isEqual`, default `Object.is`). The building block of the hooks below.
 */
export function useAgentChatSelector<TOOLS extends UITools, T>(
  chat: Pick<UseAgentChatResult<TOOLS>, 'store'>,
  selector: (snapshot: AgentChatSnapshot<AgentUIMessage<TOOLS>>) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = chat.store;
  const memo = useRef<{ store: unknown; snapshot: unknown; selector: unknown; value: T } | undefined>(undefined);
  const get = (): T => {
    const snapshot = store.getSnapshot();
    const m = memo.current;
    if (m && m.store === store && m.snapshot === snapshot && m.selector === selector) return m.value;
    const value = selector(snapshot);
    if (m && m.store === store && isEqual(m.value, value)) {
      memo.current = { store, snapshot, selector, value: m.value };
      return m.value;
    }
    memo.current = { store, snapshot, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, get, get);
}

/** The whole transcript (re-renders at most once per frame while streaming). */
export function useAgentMessages<TOOLS extends UITools>(chat: Pick<UseAgentChatResult<TOOLS>, 'store'>): readonly AgentUIMessage<TOOLS>[] {
  return useAgentChatSelector(chat, selectMessages);
}

/**
 * The ids of the transcript, in order: a new array only when a message is added, removed or moved,
 * so a list that renders one row per id does not re-render while a reply streams.
 */
export function useAgentMessageIds<TOOLS extends UITools>(chat: Pick<UseAgentChatResult<TOOLS>, 'store'>): readonly string[] {
  return useAgentChatSelector(chat, selectIds, sameIds);
}

/**
 * One message by id: re-renders only when that message changes. While a reply streams, only the
 * row of the streaming message re-renders (other messages keep their object identity).
 */
export function useAgentMessage<TOOLS extends UITools>(
  chat: Pick<UseAgentChatResult<TOOLS>, 'store'>,
  messageId: string,
): AgentUIMessage<TOOLS> | undefined {
  const store = chat.store;
  const subscribe = useCallback((listener: () => void) => store.subscribeMessage(messageId, listener), [store, messageId]);
  const get = () => store.getMessage(messageId);
  return useSyncExternalStore(subscribe, get, get);
}

/** The chat status alone: does not re-render per streamed token (only on status changes). */
export function useAgentStatus(chat: Pick<UseAgentChatResult, 'store'> | Pick<UseAgentChatResult<never>, 'store'>): ChatStatus {
  const store = (chat as Pick<UseAgentChatResult, 'store'>).store;
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().status, () => store.getSnapshot().status);
}

/** The chat error alone. */
export function useAgentError(chat: Pick<UseAgentChatResult, 'store'> | Pick<UseAgentChatResult<never>, 'store'>): Error | undefined {
  const store = (chat as Pick<UseAgentChatResult, 'store'>).store;
  return useSyncExternalStore(store.subscribe, () => store.getSnapshot().error, () => store.getSnapshot().error);
}

/** True while a reply is submitted or streaming. */
export function useAgentBusy(chat: Pick<UseAgentChatResult, 'store'> | Pick<UseAgentChatResult<never>, 'store'>): boolean {
  const status = useAgentStatus(chat);
  return status === 'submitted' || status === 'streaming';
}

const selectMessages = <M,>(s: AgentChatSnapshot<M & AgentUIMessage>) => s.messages as readonly M[];
const selectIds = (s: AgentChatSnapshot<AgentUIMessage>) => s.messages.map((m) => m.id);
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);
