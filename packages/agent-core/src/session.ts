import { RUN_STATE_PART } from '@x/agent-protocol/routes';
import { type AgentRequestBody, type AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { shouldContinue } from './auto-continue.js';
import { AgentCoreChat } from './chat.js';
import { ChatStore } from './chat-store.js';
import { EventTracker, type EventHub, type StopReason } from './events.js';
import { sanitizeHistory } from './history.js';
import { isNonEmptyObject } from './endpoints.js';
import { createAgentTransport } from './transport.js';
import { RunCursor } from './run-cursor.js';
import type { ChatSession } from './chat-session.js';
import { handleToolCall } from './tool-calls.js';
import { resumeOf } from './resume-hooks.js';
import { liveOf } from './live-hooks.js';
import { queueOf } from './queue-hooks.js';
import { endReconnect, stopRun } from './stop.js';
import { markEnded } from './reply-end.js';
import { isBusy, requestOptions } from './session-reads.js';
import type { AgentToolCall, UseAgentChatOptions, UseAgentChatResult } from './types.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

export type { ChatSession, HistoryOwner } from './chat-session.js';

/** What a session needs from the controller that owns it (the latest options, events, tool calls). */
export interface SessionHost<TOOLS extends UITools> {
  readonly options: UseAgentChatOptions<TOOLS>;
  readonly events: EventHub<Message<TOOLS>>;
  createHandle(session: ChatSession<TOOLS>): UseAgentChatResult<TOOLS>;
}

/** Creates the session of one conversation (nothing runs until it is attached or used). */
export function createSession<TOOLS extends UITools>(host: SessionHost<TOOLS>, options: UseAgentChatOptions<TOOLS>): ChatSession<TOOLS> {
  const conversationId = options.conversationId;
  const history = sanitizeHistory(options.messages ?? []);
  const answeredByClient = new Set<string>();
  const loadsHistory = conversationId !== undefined && options.messages === undefined && (options.history ?? 'auto') !== 'client';
  // eslint-disable-next-line prefer-const -- assigned once the chat exists
  let session: ChatSession<TOOLS>;
  const kitTransport = options.transport
    ? undefined
    : createAgentTransport<Message<TOOLS>>(
        () => requestOptions(host.options, session),
        (body: AgentRequestBody) => {
          session.exposedKeys = isNonEmptyObject(body.sharedState) ? Object.keys(body.sharedState) : [];
          session.lastTrigger = body.trigger;
        },
        new RunCursor(),
      );
  const chat = new AgentCoreChat<Message<TOOLS>>({
    ...(conversationId ? { id: conversationId } : {}),
    messages: history,
    transport: options.transport ?? kitTransport!,
    onToolCall: ({ toolCall }) => handleToolCall(host.options, session, toolCall as AgentToolCall<TOOLS>),
    onFinish: (event) => {
      // A dropped connection to a run the server keeps going: the reply has not ended, re-attach.
      if (event.isDisconnect && session.reconnect) return resumeOf(host.options)?.afterDisconnect(() => host.options, session);
      session.tracker.finish(event);
      if (event.isError) markEnded(session, event.message.id, 'error');
    },
    onData: (part) => {
      // `data-run-state` opens a resumed stream (only a chat given `resume` resumes); it is never a data part event.
      // `as never`: the engine types `part` by the message's data types; both readers check the part's shape themselves.
      if (part.type === RUN_STATE_PART) resumeOf(host.options)?.applyRunState(host.options, session, part as never);
      else session.tracker.data(part as never);
    },
    onError: (error) => {
      if (resumeOf(host.options)?.takeDisconnect(session, error)) return;
      // A send refused for a turn running in another tab waits in the queue instead (live chats).
      if (liveOf(host.options.live)?.takeConflict(() => host.options, session, error)) return;
      session.tracker.error(error);
    },
    sendAutomaticallyWhen: ({ messages }) => !session.disposed && shouldContinue(messages, answeredByClient),
    // Sends while a reply streams (or an approval waits) queue up and go one turn after the other.
    experimental_queue: queueOf(options) !== undefined,
  });
  const store = new ChatStore<Message<TOOLS>>(chat, options.throttle ?? 'frame');
  if (loadsHistory) store.setHistory({ historyStatus: 'loading' });
  const tracker = new EventTracker<Message<TOOLS>>(conversationId, history, answeredByClient, host.events);
  let markHistoryReady = () => {};
  const historyReady = loadsHistory ? new Promise<void>((resolve) => (markHistoryReady = resolve)) : Promise.resolve();
  session = {
    conversationId,
    chat,
    store,
    tracker,
    answeredByClient,
    exposedKeys: undefined,
    loadedFrom: options.messages,
    used: false,
    disposed: false,
    historyOwner: 'client',
    historyLoad: loadsHistory ? 'pending' : 'none',
    historyReady,
    markHistoryReady: () => markHistoryReady(),
    prevCursor: null,
    run: kitTransport?.run,
    reconnect: undefined,
    resuming: false,
    // `as unknown as`: the handle needs the session to exist; it is assigned right after (two-phase init).
    handle: undefined as unknown as UseAgentChatResult<TOOLS>,
  };
  (session as { handle: UseAgentChatResult<TOOLS> }).handle = host.createHandle(session);
  chat.subscribe((change) => queueOf(host.options)?.follow(host.options, session, change));
  return session;
}


/**
 * Stops the reply in progress (if any), telling the event tracker why: when the server keeps runs
 * going it is asked to stop it, except when the view only lets go of it (see `stopRun`).
 */
export function stopWith<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>, reason: StopReason): Promise<void> {
  return stopRun(options, session, reason);
}

/**
 * Starts showing a session: events are derived from its transcript from now on. Returns how to
 * stop showing it, which also stops its reply (with `reason`). Attaching again after a detach is
 * allowed (a view that mounts twice).
 */
export function attachSession<TOOLS extends UITools>(session: ChatSession<TOOLS>, options: () => UseAgentChatOptions<TOOLS>): (reason: StopReason) => void {
  session.disposed = false;
  session.tracker.letGo = false;
  const scan = () => session.tracker.scan(session.chat.messages);
  scan();
  const unsubscribe = session.chat.subscribe((change) => {
    if (change === 'messages') scan();
  });
  const stopFollowing = resumeOf(options())?.attach(options, session);
  const stopLive = liveOf(options().live)?.followChat(options, session);
  // Without the server's history, a queue kept in this tab (sessionStorage) comes back — only with
  // the queue: without it nothing was kept, and the first read of sessionStorage (a synchronous call
  // to the browser's storage, 56 ms in the S4 mount profile) is not paid at mount.
  if (session.historyLoad === 'none') queueOf(options())?.restore(session, undefined);
  let detached = false;
  return (reason) => {
    if (detached) return;
    detached = true;
    unsubscribe();
    stopFollowing?.();
    stopLive?.();
    const reconnecting = session.reconnect !== undefined;
    session.disposed = true;
    endReconnect(session);
    if (isBusy(session.chat) || reconnecting) void stopWith(options(), session, reason);
  };
}
