import type { UseAgentChatResult } from '@x/agent-react';
import { whenIdle } from '@x/agent-core';
import { useEffect, useState } from 'react';
import { preloadOnDemand } from './on-demand.js';

const ignore = () => {};

/**
 * Fetches the chunk of the parts a chat's messages show (message actions, tool and approval cards,
 * reasoning, files…) now, when the chat has messages — not when its rows render. Returns whether it
 * did (false: no messages yet). `AgentChatProvider` calls it on its first render and again when
 * messages arrive; call it where you create the chat when its view mounts later — in a
 * `TransitionMount` the rows render late in a time-sliced mount, and the chunk arriving after them
 * was the mount's last commit (`AgentChat` calls it as it creates its chat). Cheap to call on every render.
 */
export function preloadChatParts(chat: UseAgentChatResult): boolean {
  if (requested.has(chat.store)) return true;
  if (chat.store.getSnapshot().messages.length === 0) return false;
  requested.add(chat.store);
  void preloadOnDemand().catch(ignore);
  return true;
}
/** The chats (their stores) that asked for the chunk (a part that renders before it arrives asks again, and retries a failed fetch). */
const requested = new WeakSet<object>();

/** What counts as the user turning to the page. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel'] as const;

/**
 * When a chat fetches the on-demand chunk (lazy/on-demand.tsx) before any of its parts needs it:
 * when the browser is idle after the user's first interaction with the page (pointer, keyboard,
 * focus, touch, wheel), or at once when a reply starts (it brings tool cards, message actions…).
 * A page that is only looked at never fetches the chunk's 55 KB, and loading the page does not also
 * parse and run it; a part that renders before still fetches it itself, behind its stand-in — and a
 * chat showing messages fetches it as they appear ({@link preloadChatParts}).
 * Returns true from that idle moment on, when no reply was running then.
 */
export function usePreloadOnDemand(chat: UseAgentChatResult): boolean {
  // Whether the page went idle after the user turned to it with no reply running: the moment to
  // warm up what the first reply will run (see MarkdownWarmUp).
  const [idleAfterIntent, setIdleAfterIntent] = useState(false);
  // In the first render (fetching a chunk is idempotent): when the chat's view mounts in a
  // transition (AgentChat's), its rows render later in that same time-sliced render.
  useState(() => preloadChatParts(chat));
  useEffect(() => {
    const doc = globalThis.document;
    let done = false;
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
      else preloadChatParts(chat);
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
    else preloadChatParts(chat);
    return () => {
      removeListeners();
      unsubscribe();
      cancelIdle?.();
    };
  }, [chat]);
  return idleAfterIntent;
}
