import type { UseAgentChatResult } from '@x/agent-react';
import { whenIdle } from '@x/agent-core';
import { useEffect, useState } from 'react';
import { preloadOnDemand } from './on-demand.js';

const ignore = () => {};

/**
 * A chat that shows messages shows its newest replies' actions (their toolbar is in the on-demand
 * chunk): the chunk is fetched now, when they are there, not when their rows render. With a long
 * transcript the rows render late in the view's time-sliced mount, and the chunk arriving after
 * them was the mount's last commit (200 ms after the rest in the S4 profile).
 */
export function preloadForMessages(chat: UseAgentChatResult): boolean {
  if (chat.store.getSnapshot().messages.length === 0) return false;
  void preloadOnDemand().catch(ignore);
  return true;
}

/** What counts as the user turning to the page. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'] as const;

/**
 * When a chat fetches the on-demand chunk (lazy/on-demand.tsx) before any of its parts needs it:
 * when the browser is idle after the user's first interaction with the page (pointer, keyboard,
 * focus, touch, wheel), or at once when a reply starts (it brings tool cards, message actions…).
 * A page that is only looked at never fetches the chunk's 55 KB, and loading the page does not also
 * parse and run it; a part that renders before still fetches it itself, behind its stand-in — and a
 * chat showing messages fetches it as they appear ({@link preloadForMessages}).
 * Returns true from that idle moment on, when no reply was running then.
 */
export function usePreloadOnDemand(chat: UseAgentChatResult): boolean {
  // Whether the page went idle after the user turned to it with no reply running: the moment to
  // warm up what the first reply will run (see MarkdownWarmUp).
  const [idleAfterIntent, setIdleAfterIntent] = useState(false);
  // In the first render (fetching a chunk is idempotent): when the chat's view mounts in a
  // transition (AgentChat's), its rows render later in that same time-sliced render.
  const [preloadedFor] = useState(() => (preloadForMessages(chat) ? chat : null));
  useEffect(() => {
    const doc = globalThis.document;
    let done = false;
    let forMessages = preloadedFor === chat;
    let cancelIdle: (() => void) | undefined;
    const busy = () => {
      const status = chat.store.getSnapshot().status;
      return status === 'submitted' || status === 'streaming';
    };
    const onIntent = () => {
      removeListeners();
      cancelIdle ??= whenIdle(() => {
        if (!busy()) setIdleAfterIntent(true);
        preload();
      });
    };
    const removeListeners = () => INTENT_EVENTS.forEach((type) => doc?.removeEventListener(type, onIntent, true));
    const unsubscribe = chat.store.subscribe(() => {
      if (busy()) preload();
      else forMessages ||= preloadForMessages(chat);
    });
    function preload() {
      if (done) return;
      done = true;
      removeListeners();
      unsubscribe();
      void preloadOnDemand().catch(ignore);
    }
    INTENT_EVENTS.forEach((type) => doc?.addEventListener(type, onIntent, { capture: true, passive: true }));
    if (busy()) preload();
    else forMessages ||= preloadForMessages(chat);
    return () => {
      removeListeners();
      unsubscribe();
      cancelIdle?.();
    };
  }, [chat, preloadedFor]);
  return idleAfterIntent;
}
