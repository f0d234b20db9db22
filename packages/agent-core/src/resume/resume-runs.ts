import { RUN_STATE_PART, type RunStateData } from '@x/agent-protocol/routes';
import type { DataUIPart, UITools } from 'ai';
import { isDisconnectError } from '../errors.js';
import { reloadNewest } from '../reload-newest.js';
import type { ChatSession } from '../chat-session.js';
import { defineResume } from '../resume-hooks.js';
import { isBusy, sharedStateLink } from '../session-reads.js';
import { endReconnect, serverKeepsRuns } from '../stop.js';
import { markEnded } from '../reply-end.js';
import { backoffDelay } from '../reconnect-backoff.js';
import type { ResumeRuns, UseAgentChatOptions } from '../types.js';

/**
 * How long re-attach attempts may fail (the browser online, the server unreachable) before the reply
 * ends as interrupted in the browser: the server itself takes a run silent for 60 s as lost.
 */
export const RECONNECT_GIVE_UP_MS = 60_000;


const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * `data-run-state`, the first event of a resumed stream: the run's id, and the shared state it
 * started from — restored into the page's store and taken as the allowlist of the run's
 * `update-page-state` calls before any of its chunks apply.
 */
function applyRunState<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, part: DataUIPart<Record<string, unknown>>): void {
  if (part.type !== RUN_STATE_PART) return;
  const data = (part.data ?? {}) as Partial<RunStateData>;
  if (session.run && typeof data.runId === 'string') session.run.runId = data.runId;
  const snapshot = data.sharedState && typeof data.sharedState === 'object' ? data.sharedState : undefined;
  session.exposedKeys = snapshot ? Object.keys(snapshot) : [];
  if (snapshot) sharedStateLink(options.sharedState)?.restore(snapshot);
}

/** The chat's `onError`: a dropped connection of a resumable run starts re-attaching instead. */
function takeDisconnect<TOOLS extends UITools>(session: ChatSession<TOOLS>, error: Error): boolean {
  if (session.disposed || !isDisconnectError(error) || !serverKeepsRuns(session)) return false;
  if (!session.reconnect) {
    session.reconnect = { attempt: 0, timer: undefined, waitingOnline: false, since: Date.now() };
    session.store.setHistory({ connection: 'reconnecting' });
  }
  return true;
}

/** The chat's `onFinish` of a reply whose connection dropped: re-attach once the request unwound. */
function afterDisconnect<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): void {
  queueMicrotask(() => {
    const r = session.reconnect;
    if (!r || session.resuming || r.timer !== undefined || r.waitingOnline) return;
    schedule(options, session);
  });
}

function schedule<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): void {
  const r = session.reconnect;
  if (!r || session.disposed) return;
  session.chat.waitForRun();
  if (offline()) {
    r.waitingOnline = true;
    return;
  }
  const delay = backoffDelay(r.attempt);
  r.attempt++;
  r.timer = setTimeout(() => {
    r.timer = undefined;
    void resumeRun(options, session);
  }, delay);
}

/** The browser is back online: a waiting re-attach goes now. */
function onOnline<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): void {
  const r = session.reconnect;
  if (!r || session.resuming) return;
  clearTimeout(r.timer);
  r.timer = undefined;
  r.waitingOnline = false;
  r.since = Date.now();
  void resumeRun(options, session);
}

/** The browser went offline: a streaming reply's socket may look open for long, so drop it now. */
function onOffline<TOOLS extends UITools>(session: ChatSession<TOOLS>): void {
  if (isBusy(session.chat) && !session.reconnect && serverKeepsRuns(session)) session.run?.disconnect();
}

/**
 * A dropped connection is often only noticed when the browser says so: drop the stream then, and
 * re-attach as soon as it is back. Returns the cleanup.
 */
function attach<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): () => void {
  const target = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
  if (!target) return () => {};
  const online = () => onOnline(options, session);
  const offline = () => onOffline(session);
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}

/**
 * Re-attaches to the conversation's active run (`GET …/stream`, with `Last-Event-ID` when the chat
 * holds part of it): the reply continues in place. A dropped connection retries with backoff; no
 * active run (204) means it ended meanwhile, so the saved messages are loaded.
 */
async function resumeRun<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<void> {
  const chat = session.chat;
  session.resuming = true;
  try {
    await chat.resumeStream();
  } finally {
    session.resuming = false;
  }
  if (session.disposed) return;
  if (session.reconnect && chat.status === 'error' && isDisconnectError(chat.error)) {
    if (!offline() && Date.now() - session.reconnect.since >= RECONNECT_GIVE_UP_MS) giveUp(session);
    else schedule(options, session);
    return;
  }
  const ended = session.run?.ended === true;
  endReconnect(session);
  if (ended && chat.status !== 'error') await reloadNewest(options(), session);
}

/**
 * The server stayed out of reach for {@link RECONNECT_GIVE_UP_MS}: the reply ends in the browser as
 * interrupted ("Interrupted — Retry"), keeping what arrived; the chat is ready for the next message.
 */
function giveUp<TOOLS extends UITools>(session: ChatSession<TOOLS>): void {
  endReconnect(session);
  session.chat.settle();
  const last = session.chat.lastMessage;
  if (last?.role !== 'assistant') return;
  markEnded(session, last.id, 'interrupted');
  const message = session.chat.lastMessage ?? last;
  session.tracker.finish({ message, messages: session.chat.messages, isAbort: false, isError: true });
}

/** Re-attaches on mount when the loaded conversation has an active run. */
function resumeOnMount<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, activeRunId: string | null): void {
  if (!activeRunId || session.used) return;
  attachRun(options, session, activeRunId);
}

/**
 * Attaches to run `runId` of the shown conversation now (started elsewhere: a reload, another tab):
 * its reply streams from the run's start. Left alone while a reply streams or re-attaches here
 * (`awaited`: the caller itself shows the run as awaited, `waitForRun`). True when it attaches.
 */
function attachRun<TOOLS extends UITools>(options: () => UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, runId: string, awaited = false): boolean {
  const busy = awaited ? session.chat.status === 'streaming' : isBusy(session.chat);
  if (session.disposed || session.resuming || session.reconnect || busy || !serverKeepsRuns(session)) return false;
  session.run!.reset();
  session.run!.runId = runId;
  void resumeRun(options, session);
  return true;
}

/**
 * Resumable runs, for `useAgentChat({ resume: resumeRuns })` (`AgentChat` passes it unless its
 * `chatOptions.resume` is `false`). With a server that owns the history (it has a store, so a run
 * outlives its connection) and the kit's transport: on mount, when the loaded conversation has an
 * active run, the chat re-attaches and the reply continues in place; when the connection drops
 * mid-reply it re-attaches by itself (`connection` is `reconnecting` meanwhile), after
 * `RECONNECT_BACKOFF_MS` (core/reconnect-backoff.ts), or at once when the browser is back online.
 */
export const resumeRuns: ResumeRuns = /* @__PURE__ */ defineResume({ applyRunState, takeDisconnect, afterDisconnect, attach, resumeOnMount, attachRun });
