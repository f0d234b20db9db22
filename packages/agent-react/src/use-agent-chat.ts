'use client';
import type { UITools } from 'ai';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { AgentChatController, type AgentChatSnapshot, type ChatSession, type UseAgentChatOptions, type UseAgentChatResult } from '@x/agent-core';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The React side of a controller: which session a render shows. A render may run more than once
 * (StrictMode, concurrent rendering), so the session of a conversation is opened once and reused;
 * sessions of earlier conversations are detached by the effect that shows the new one.
 */
class SessionSlot<TOOLS extends UITools> {
  private current: ChatSession<TOOLS> | undefined;

  constructor(readonly controller: AgentChatController<TOOLS>) {}

  /** The session for these options: the current one, or a new one when the conversation changed. */
  sessionFor(options: UseAgentChatOptions<TOOLS>): ChatSession<TOOLS> {
    const current = this.current;
    if (current && current.conversationId === options.conversationId) return current;
    this.current = this.controller.open(options);
    return this.current;
  }
}

/**
 * A chat with one agent of an `@x/agent-server` route.
 *
 * Rendering cost: the returned object is stable for a conversation, and the calling component
 * re-renders only for the slices it reads — reading `messages` subscribes to (frame-coalesced)
 * transcript updates, reading `status`/`error` to those. A component that only passes the chat down
 * never re-renders while a reply streams; children subscribe to what they show with
 * `useAgentMessageIds`, `useAgentMessage`, `useAgentStatus` (see `selectors.ts`).
 */
export function useAgentChat<TOOLS extends UITools = UITools>(options: UseAgentChatOptions<TOOLS>): UseAgentChatResult<TOOLS> {
  const [slot] = useState(() => new SessionSlot<TOOLS>(new AgentChatController<TOOLS>(options)));
  const controller = slot.controller;
  const session = slot.sessionFor(options);
  useIsomorphicLayoutEffect(() => {
    controller.setOptions(options);
  });
  const history = options.messages;
  useIsomorphicLayoutEffect(() => {
    controller.adoptHistory(session, history);
  }, [controller, session, history]);
  useEffect(() => {
    // StrictMode runs this twice (attach, detach, attach): a detached session can be attached again.
    const detach = controller.attach(session);
    return () => detach(controller.isCurrent(session) ? 'unmount' : 'conversation-switch');
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
          (!tracked.error || c.seen.error === next.error) &&
          (!tracked.history ||
            (c.seen.historyStatus === next.historyStatus && c.seen.hasOlder === next.hasOlder && c.seen.queue === next.queue && c.seen.queuePaused === next.queuePaused && c.seen.queuePausedReason === next.queuePausedReason))))
    ) {
      return c.shown;
    }
    cache.current = { seen: next, shown: next };
    return next;
  };
  useSyncExternalStore(store.subscribe, getView, getView);
  return session.handle;
}
