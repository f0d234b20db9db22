'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { UseAgentChatResult, AgentEventHandlers } from '@x/agent-core';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Calls `handlers` on chat events. Each event fires exactly once per id (message, tool call):
 * never for loaded history, never again when delete/edit/regenerate shrink the transcript. The
 * latest handlers are used (no need to memoise them).
 */
export function useAgentEvents<TOOLS extends UITools>(
  chat: Pick<UseAgentChatResult<TOOLS>, 'events'>,
  handlers: AgentEventHandlers<AgentUIMessage<TOOLS>>,
): void {
  const latest = useRef(handlers);
  useIsomorphicLayoutEffect(() => {
    latest.current = handlers;
  });
  const events = chat.events;
  useEffect(() => events.subscribe(() => latest.current), [events]);
}
