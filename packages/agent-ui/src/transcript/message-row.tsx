'use client';
import type { UseAgentChatResult } from '@x/agent-react';
import type { AgentUIMessage } from '@x/agent-protocol';
import { memo, startTransition, useLayoutEffect, useReducer, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import type { FeedbackValue } from '../chat/message-context.js';
import { AgentMessage } from './agent-message.js';
import { NearViewportContext } from '../markdown/deferred-markdown.js';
import type { NearView } from '../markdown/near-view.js';
import { afterInputPaint, inputAwaitingPaint, userInputWithin, watchUserInput } from './input-recency.js';

/** How long after a key or pointer press streaming updates keep rendering in a transition. */
const INPUT_RECENT_MS = 1000;

/**
 * The message of one row. Each row subscribes to its own message only, so other rows do not
 * re-render while one streams. How a streamed update renders depends on the user:
 *
 * - while they type or click (a key press other than Tab, Escape or a modifier, or a pointer
 *   press, in the last second, with no Enter since: Enter sends), in a transition: the
 *   markdown work of each published frame is interruptible, so a keystroke in the composer (an
 *   urgent update) is handled first instead of waiting for the frame's parse. One render and one
 *   commit per published frame (no urgent pass with stale text first, as `useDeferredValue` would
 *   add); a frame still rendering when the next one is published finishes first. Between a key press
 *   and the paint that shows it, the row keeps its text (a render React resumes then changes
 *   nothing) and frames published meanwhile render after that paint (`afterInputPaint`): the
 *   keystroke's frame holds the composer's render alone;
 * - otherwise synchronously, right after the publish (as `useSyncExternalStore` would): the text is
 *   painted in the frame it was published in.
 *
 * Updates outside streaming render at once. The row always renders the latest published message:
 * the stream's last text is on screen as soon as the stream ends, because the list re-renders the
 * row (no longer streaming) synchronously with the status change.
 */
function useRowMessage(chat: UseAgentChatResult, id: string, streaming: boolean): AgentUIMessage | undefined {
  const store = chat.store;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const latest = store.getMessage(id);
  const rendered = useRef(latest);
  const deferUpdates = useRef(streaming);
  /** Schedules the render that catches up with the store (set by the subscription below). */
  const catchUp = useRef<(() => void) | null>(null);
  // Until the frame of the user's last key or click is painted, a streaming row keeps what it shows:
  // a render that starts meanwhile (a transition React resumes right after the keystroke's commit)
  // is then a cheap no-op instead of a frame of markdown in front of the keystroke's paint.
  const [shown, setShown] = useState(latest);
  let message = latest;
  if (streaming && shown !== undefined && shown.id === id && shown !== latest && inputAwaitingPaint()) message = shown;
  else if (shown !== latest) setShown(latest);
  useLayoutEffect(() => {
    rendered.current = message;
    deferUpdates.current = streaming;
    if (message !== store.getMessage(id)) catchUp.current?.();
  });
  useLayoutEffect(() => {
    watchUserInput();
    let queued = false;
    let disposed = false;
    let held: (() => void) | undefined;
    const renderDeferred = () => {
      held = undefined;
      if (!disposed && store.getMessage(id) !== rendered.current) startTransition(rerender);
    };
    /**
     * Decided at the end of the publishing task (a microtask: never inside a React render or commit),
     * not inside the store's notification: a key press handled in the same task (another
     * subscriber's work) then holds this frame too, instead of a transition that would render the
     * held text once for nothing.
     */
    const decide = () => {
      queued = false;
      if (disposed || store.getMessage(id) === rendered.current) return;
      // Not before the frame that shows the user's last key or click is painted: that frame
      // carries the input's own render only.
      // (Also while the render holds the row for an unpainted input frame: catching up at once would
      // render the held text again and again, a microtask loop that never lets the frame paint.)
      if (deferUpdates.current && (userInputWithin(INPUT_RECENT_MS) || inputAwaitingPaint())) held ??= afterInputPaint(renderDeferred);
      else flushSync(rerender);
    };
    const onChange = () => {
      if (store.getMessage(id) === rendered.current || queued) return;
      queued = true;
      queueMicrotask(decide);
    };
    catchUp.current = onChange;
    const unsubscribe = store.subscribeMessage(id, onChange);
    // A publish between this render and the subscription is not lost.
    onChange();
    return () => {
      unsubscribe();
      held?.();
      catchUp.current = null;
      disposed = true;
    };
  }, [store, id]);
  return message;
}

/**
 * One row: its message (see {@link useRowMessage}) in an {@link AgentMessage}. With `nearViewport`,
 * its markdown is parsed when the row comes near the view (see `DeferredMarkdown`).
 */
export const MessageRow = memo(function MessageRow({
  chat,
  id,
  streaming,
  live,
  canRegenerate,
  awaitingApproval,
  feedback,
  deferActions,
  nearViewport,
  style,
}: {
  chat: UseAgentChatResult;
  id: string;
  streaming: boolean;
  live: boolean;
  canRegenerate: boolean;
  awaitingApproval: boolean;
  feedback: FeedbackValue | null | undefined;
  deferActions: boolean;
  nearViewport: NearView | null;
  style: CSSProperties;
}) {
  const message = useRowMessage(chat, id, streaming);
  if (!message) return null;
  const row = <AgentMessage message={message} streaming={streaming} live={live} canRegenerate={canRegenerate} awaitingApproval={awaitingApproval} feedback={feedback} deferActions={deferActions} style={style} />;
  // Always the provider (with or without a value): the row's tree keeps its shape when that changes.
  return <NearViewportContext.Provider value={nearViewport}>{row}</NearViewportContext.Provider>;
});

