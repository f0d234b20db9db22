import type { UITools } from 'ai';
import { postStopRun } from './conversation-requests.js';
import type { ChatSession } from './chat-session.js';
import { isBusy, requestOptions } from './session-reads.js';
import type { StopReason } from './events.js';
import type { UseAgentChatOptions } from './types.js';
import { markEnded } from './reply-end.js';
import { queueOf } from './queue-hooks.js';

/** How long a stop asked of the server may take before the reply is aborted in the browser. */
export const STOP_FALLBACK_MS = 4000;

/** Stops that leave the server's run alone: the reply goes on (and is saved) while no view shows it. */
const DETACHING: ReadonlySet<StopReason> = new Set(['unmount', 'conversation-switch']);

/**
 * True when the server keeps the session's runs going without a connection: the kit's transport
 * and a server that owns the history (it has a store, so a run outlives its connection). Closing
 * the fetch then does not stop the run, so Stop asks the server; re-attaching to such a run is the
 * `resume` option's part.
 */
export function serverKeepsRuns<TOOLS extends UITools>(session: ChatSession<TOOLS>): boolean {
  return session.run !== undefined && session.historyOwner === 'server' && session.conversationId !== undefined;
}

/** Ends a re-attach loop (it succeeded, was given up, or the reply was stopped). */
export function endReconnect<TOOLS extends UITools>(session: ChatSession<TOOLS>): void {
  const r = session.reconnect;
  if (!r) return;
  clearTimeout(r.timer);
  session.reconnect = undefined;
  session.store.setHistory({ connection: 'online' });
}

/** Aborts the reply in the browser: the fetch, any re-attach, and marks the reply stopped. */
export async function stopLocally<TOOLS extends UITools>(session: ChatSession<TOOLS>, messageId: string | undefined, mark: boolean): Promise<void> {
  const waiting = session.reconnect !== undefined && !session.resuming;
  endReconnect(session);
  await session.chat.stop();
  if (waiting || session.chat.status !== 'ready') {
    // No request was running (a re-attach waiting for its next try): end the reply here.
    session.chat.settle();
    const last = session.chat.lastMessage;
    if (waiting && last) session.tracker.finish({ message: last, messages: session.chat.messages, isAbort: true, isError: false });
  }
  if (mark) markEnded(session, messageId, 'stopped');
}

/**
 * Resolves once the chat neither streams nor waits to re-attach, or after `ms`; true when it
 * settled. (A re-attach in flight keeps the chat busy; `resuming` itself flips after the last
 * status change, so it is not waited for.)
 */
function settled<TOOLS extends UITools>(session: ChatSession<TOOLS>, ms: number): Promise<boolean> {
  const done = () => !isBusy(session.chat) && !session.reconnect;
  if (done()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), ms);
    const unsubscribe = session.chat.subscribe(() => {
      if (done()) finish(true);
    });
    function finish(value: boolean) {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    }
  });
}

/**
 * Stop of a run the server keeps going: closing the fetch does not stop the server, so Stop asks the server
 * (`POST …/stop` with the run's id) and keeps reading until the server ends the stream (the reply
 * then carries `stopReason: 'stopped'`); when the server cannot be reached or takes longer than
 * {@link STOP_FALLBACK_MS}, the reply is aborted in the browser.
 */
export async function stopOnServer<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, streamingId: string | undefined): Promise<void> {
  const chat = session.chat;
  session.tracker.stopping = true;
  const runId = session.run?.runId;
  const answer = await postStopRun(requestOptions(options, session), session.conversationId!, runId ? { runId } : {});
  if (answer.ok && (await settled(session, STOP_FALLBACK_MS))) return;
  const lastNow = chat.lastMessage;
  await stopLocally(session, streamingId ?? (lastNow?.role === 'assistant' ? lastNow.id : undefined), true);
  session.tracker.stopping = false;
}

/**
 * Stops the reply in progress for `reason`. When the server keeps runs going, closing the fetch does
 * not stop it, so Stop asks the server ({@link stopOnServer}); unmounting or switching
 * conversations only lets go of the stream: the run goes on and is saved. Otherwise the reply is
 * aborted in the browser.
 */
export function stopRun<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, reason: StopReason): Promise<void> {
  // The user's Stop pauses the queue (as the engine's own does): the rest is sent on purpose.
  const queue = reason === 'user' ? queueOf(options) : undefined;
  return queue ? queue.stopHolding(session, () => stopReply(options, session, reason)) : stopReply(options, session, reason);
}

/** {@link stopRun} without holding the queue ("Send now" wants the queue to go on). */
export async function stopReply<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, reason: StopReason): Promise<void> {
  const chat = session.chat;
  const active = isBusy(chat) || session.reconnect !== undefined;
  const last = chat.lastMessage;
  const streamingId = active && last?.role === 'assistant' ? last.id : undefined;
  if (!active) {
    await chat.stop();
    return;
  }
  session.tracker.stopReason = reason;
  const kept = serverKeepsRuns(session);
  const detaching = kept && DETACHING.has(reason);
  if (kept && !detaching) return stopOnServer(options, session, streamingId);
  if (detaching) session.tracker.letGo = true;
  await stopLocally(session, streamingId, !detaching);
}
