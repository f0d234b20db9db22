import { RUN_STATE_PART, type RunStateData, type StoredMessageMetadata } from '@x/agent-protocol/routes';
import { type AgentUIMessage } from '@x/agent-protocol';
import type { DataUIPart, UIMessage, UITools } from 'ai';
import { fetchHistory } from '../core/conversation-requests.js';
import { isDisconnectError } from '../core/errors.js';
import { sanitizeHistory } from '../core/history.js';
import type { ChatSession } from '../core/chat-session.js';
import { defineResume } from '../core/resume-hooks.js';
import { isBusy, requestOptions, sharedStateLink } from '../core/session-reads.js';
import { endReconnect, serverKeepsRuns } from '../core/stop.js';
import { markEnded } from '../core/reply-end.js';
import type { ResumeRuns, UseAgentChatOptions } from '../core/types.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** Waits between re-attach attempts after a dropped connection: doubling, capped at the last. */
const RECONNECT_BACKOFF_MS: readonly number[] = [250, 500, 1000, 2000, 4000, 8000];

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
  const delay = RECONNECT_BACKOFF_MS[Math.min(r.attempt, RECONNECT_BACKOFF_MS.length - 1)]!;
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
  if (ended && chat.status !== 'error') await reloadSaved(options(), session);
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
  if (!activeRunId || session.used || session.disposed || isBusy(session.chat) || !serverKeepsRuns(session)) return;
  session.run!.reset();
  session.run!.runId = activeRunId;
  void resumeRun(options, session);
}

/**
 * Loads the saved messages after a run ended out of sight: what happened meanwhile fires its events
 * (once per id), the reply completes.
 */
async function reloadSaved<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): Promise<void> {
  if (!session.conversationId) return;
  const answer = await fetchHistory<Message<TOOLS>>(requestOptions(options, session), session.conversationId);
  if (!answer.ok || session.disposed || isBusy(session.chat)) return;
  const shown = session.chat.messages;
  const history = keepShownPartial(sanitizeHistory(answer.value.messages), shown.at(-1));
  // Older pages the view already loaded stay in front of the newest page.
  const first = history[0];
  const cut = first ? shown.findIndex((m) => m.id === first.id) : -1;
  session.chat.messages = cut > 0 ? [...shown.slice(0, cut), ...history] : history;
  const last = history.at(-1);
  if (last?.role === 'assistant') {
    const reason = (last.metadata as StoredMessageMetadata | undefined)?.stopReason;
    session.tracker.finish({ message: last, messages: session.chat.messages, isAbort: reason === 'stopped', isError: reason === 'error' || reason === 'interrupted' });
  }
}

const textLength = (message: UIMessage): number => message.parts.reduce((n, part) => n + (part.type === 'text' || part.type === 'reasoning' ? part.text.length : 0), 0);

/**
 * A run lost with its server is saved with what its run log still held — nothing when the log went
 * with the server. When the tab showed more of that reply than was saved, the tab's part of it stays
 * (under the saved reply's id and marks): what arrived is not taken away by the reload.
 */
function keepShownPartial<MESSAGE extends UIMessage>(history: MESSAGE[], shownLast: MESSAGE | undefined): MESSAGE[] {
  const saved = history.at(-1);
  if (!saved || !shownLast || saved.role !== 'assistant' || shownLast.role !== 'assistant') return history;
  if ((saved.metadata as StoredMessageMetadata | undefined)?.stopReason !== 'interrupted') return history;
  // The shown reply is the saved one, or one the server never saved (its log lost even the id).
  if (saved.id !== shownLast.id && history.some((m) => m.id === shownLast.id)) return history;
  if (textLength(shownLast) <= textLength(saved)) return history;
  return sanitizeHistory([...history.slice(0, -1), { ...saved, parts: shownLast.parts }]);
}

/**
 * Resumable runs, for `useAgentChat({ resume: resumeRuns })` (`AgentChat` passes it unless its
 * `chatOptions.resume` is `false`). With a server that owns the history (it has a store, so a run
 * outlives its connection) and the kit's transport: on mount, when the loaded conversation has an
 * active run, the chat re-attaches and the reply continues in place; when the connection drops
 * mid-reply it re-attaches by itself (`connection` is `reconnecting` meanwhile), after
 * {@link RECONNECT_BACKOFF_MS}, or at once when the browser is back online.
 */
export const resumeRuns: ResumeRuns = /* @__PURE__ */ defineResume({ applyRunState, takeDisconnect, afterDisconnect, attach, resumeOnMount });
