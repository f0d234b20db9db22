'use client';
import type { UITools } from 'ai';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { AgentChat, UseAgentChatOptions } from './agent-chat-types.js';
import { AgentChatController } from './chat-controller.js';
import type { AgentChatSnapshot } from './chat-store.js';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A chat with one agent of an `@x/agent-server` route.
 *
 * Rendering cost: the returned object is stable for a conversation, and the calling component
 * re-renders only for the slices it reads — reading `messages` subscribes to (frame-coalesced)
 * transcript updates, reading `status`/`error` to those. A component that only passes the chat down
 * never re-renders while a reply streams; children subscribe to what they show with
 * `useAgentMessageIds`, `useAgentMessage`, `useAgentStatus` (see `selectors.ts`).
 */
export function useAgentChat<TOOLS extends UITools = UITools>(options: UseAgentChatOptions<TOOLS>): AgentChat<TOOLS> {
  const [controller] = useState(() => new AgentChatController<TOOLS>(options));
  const session = controller.sessionFor(options);
  useIsomorphicLayoutEffect(() => {
    controller.setOptions(options);
  });
  const history = options.messages;
  useIsomorphicLayoutEffect(() => {
    controller.adoptHistory(session, history);
  }, [controller, session, history]);
  useEffect(() => {
    controller.revive(session);
    controller.retireOld();
    const unwatch = controller.watch(session);
    return () => {
      unwatch();
      controller.dispose(session, controller.isCurrent(session) ? 'unmount' : 'conversation-switch');
    };
  }, [controller, session]);

  const store = session.store;
  const cache = useRef<{ seen: AgentChatSnapshot; shown: AgentChatSnapshot } | undefined>(undefined);
  const tracked = controller.tracked;
  const getView = (): AgentChatSnapshot => {
    const next = store.getSnapshot();
    const c = cache.current;
    if (
      c &&
      (c.seen === next ||
        ((!tracked.messages || c.seen.messages === next.messages) &&
          (!tracked.status || c.seen.status === next.status) &&
          (!tracked.error || c.seen.error === next.error)))
    ) {
      return c.shown;
    }
    cache.current = { seen: next, shown: next };
    return next;
  };
  useSyncExternalStore(store.subscribe, getView, getView);
  return session.handle;
}
