import type { LiveEvent, LiveEventType } from '@x/agent-protocol/routes';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import { isToolUIPart } from '../engine/tool-parts.js';
import { pendingApprovals } from '../approvals.js';
import type { ChatSession } from '../chat-session.js';
import { reloadNewest } from '../reload-newest.js';
import { requestErrorCode } from '../request-error-code.js';
import { resumeOf } from '../resume-hooks.js';
import { sendQueuedNow } from '../queue.js';
import { unpauseQueue } from '../queue-hold.js';
import { isBusy, requestOptions } from '../session-reads.js';
import type { UseAgentChatOptions } from '../types.js';
import { subscribeLive } from './live-connection.js';

// A chat following the user's live events (issue 34): what another tab or device does in the shown
// conversation shows here — its turn streams, what it changed is reloaded, and a send while its turn
// runs waits in the queue rather than failing with 409.

type Options<TOOLS extends UITools> = () => UseAgentChatOptions<TOOLS>;

/** What a shown session knows of its conversation from the events. */
interface Following {
  /** The turn running elsewhere (its run id), as `turn-started`/`turn-ended` tell. */
  running: string | undefined;
  /** A send the server refused for a turn running elsewhere (409) waits at the head of the queue. */
  held: boolean;
  /** A reload of the newest page is on its way; `again`: another event asked for one meanwhile. */
  reloading: boolean;
  again: boolean;
  /** The runs this chat streamed (newest {@link STREAMED_KEPT}): their events tell it nothing new. */
  streamed: Set<string>;
}

const following = new WeakMap<ChatSession<UITools>, Following>();

/** Events after which the conversation's saved messages differ from what an idle chat shows. */
const RELOADS: ReadonlySet<LiveEventType> = new Set([
  'turn-ended',
  'message-added',
  'message-deleted',
  'branch-switched',
  'approval-waiting',
  'approval-answered',
  'feedback-changed',
  'queue-changed',
  // Deleted elsewhere: the reload finds it gone and empties the chat.
  'conversation-deleted',
  'reset',
]);

const stateOf = <TOOLS extends UITools>(session: ChatSession<TOOLS>) => following.get(session as unknown as ChatSession<UITools>);

/** Neither a reply streams here nor is one being re-attached: what the server saved may be shown. */
const idle = <TOOLS extends UITools>(session: ChatSession<TOOLS>) => !isBusy(session.chat) && !session.resuming && session.reconnect === undefined;

/** The run this chat streams (its own send, or one it attached to). */
const streamsHere = <TOOLS extends UITools>(session: ChatSession<TOOLS>, runId: string) => session.run?.runId === runId;

/** How many of its own run ids a chat remembers (an event about one may come after the next turn began). */
const STREAMED_KEPT = 16;

/** Events kept while the history loads; more than this and the chat reloads once instead. */
const EARLY_EVENTS_KEPT = 100;

/**
 * A view shows the session: follow the user's events for its conversation. Returns the cleanup.
 * The stream is asked for while the history loads (so a turn started meanwhile is not missed); its
 * events apply once the history is known, and only when the server owns it.
 */
export function followChat<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>): () => void {
  if (!session.conversationId || session.historyLoad === 'none') return () => {};
  const state: Following = { running: undefined, held: false, reloading: false, again: false, streamed: new Set() };
  following.set(session as unknown as ChatSession<UITools>, state);
  let stopped = false;
  let early: LiveEvent[] | undefined = [];
  const stopEvents = subscribeLive(requestOptions(options(), session), (event) => {
    if (!early) return onEvent(options, session, state, event);
    early.push(event);
    if (early.length > EARLY_EVENTS_KEPT) early = [{ type: 'reset' }];
  });
  void session.historyReady.then(() => {
    if (stopped) return;
    // The browser keeps this history (the server has no store): nothing to follow.
    if (session.historyOwner !== 'server') return stopEvents();
    const missed = early ?? [];
    early = undefined;
    for (const event of missed) onEvent(options, session, state, event);
  });
  // A turn this chat streamed ended here (its `turn-ended` may come later, or not at all): a send held for it goes now.
  const stopStatus = session.chat.subscribe((change) => {
    if (change !== 'status') return;
    remember(state, session.run?.runId);
    if (session.chat.status !== 'ready') return;
    if (state.running !== undefined && streamsHere(session, state.running)) state.running = undefined;
    sendHeldSoon(options, session, state);
  });
  return () => {
    stopped = true;
    stopEvents();
    stopStatus();
    if (stateOf(session) === state) following.delete(session as unknown as ChatSession<UITools>);
  };
}

function onEvent<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>, state: Following, event: LiveEvent): void {
  if (session.disposed || session.historyOwner !== 'server') return;
  if (event.type !== 'reset' && event.conversationId !== session.conversationId) return;
  if (event.type === 'turn-started') {
    // A turn of this chat that ended already (its event came late): nothing runs.
    if (state.streamed.has(event.runId) && !streamsHere(session, event.runId)) return;
    state.running = event.runId;
    // A turn of this tab (it streams it already), or a reply streaming here: left alone.
    if (streamsHere(session, event.runId) || !idle(session)) return;
    void followRun(options, session, state, event.runId);
    return;
  }
  if (event.type === 'turn-ended') {
    if (state.running === event.runId) state.running = undefined;
    // A turn this chat streams or streamed (its own, or one it attached to) ended here by itself:
    // nothing to reload (its event may come after this chat's next turn began, even after it ended).
    if (streamsHere(session, event.runId) || state.streamed.has(event.runId)) return;
  }
  if (RELOADS.has(event.type) && !shownAlready(session, event)) void reload(options, session, state);
}

function remember(state: Following, runId: string | undefined): void {
  if (runId === undefined || state.streamed.has(runId)) return;
  state.streamed.add(runId);
  if (state.streamed.size > STREAMED_KEPT) state.streamed.delete(state.streamed.values().next().value!);
}

/**
 * The chat shows what the event announces already (it did it itself): the approvals its reply
 * asked for, the answers it sent, the messages it added. A reload would fetch the same again.
 */
function shownAlready<TOOLS extends UITools>(session: ChatSession<TOOLS>, event: LiveEvent): boolean {
  const messages = session.chat.messages as AgentUIMessage[];
  if (event.type === 'message-added') {
    const shown = new Set(messages.map((m) => m.id));
    return event.messageIds.every((id) => shown.has(id));
  }
  if (event.type !== 'approval-waiting' && event.type !== 'approval-answered') return false;
  const shown = new Set(messages.flatMap((m) => m.parts.flatMap((part) => (isToolUIPart(part) && part.approval ? [part.approval.id] : []))));
  // Waiting: the card shows (or was answered here since). Answered: answered here (no card waits on it).
  const waiting = event.type === 'approval-answered' ? new Set(pendingApprovals(messages).map((a) => a.approvalId)) : undefined;
  return event.approvalIds.every((id) => shown.has(id) && !waiting?.has(id));
}

/**
 * Shows a turn running elsewhere: the newest page first (the other tab's new message), then its
 * run's reply streaming here (`resume` attaches to it; without `resume` it shows when it ends).
 * A turn that ended meanwhile sends what waited for it.
 */
async function followRun<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>, state: Following, runId: string | undefined): Promise<void> {
  const row = await reloadNewest(options(), session);
  if (session.disposed || !idle(session)) return;
  const active = row ? row.activeRunId : runId;
  if (!active) {
    state.running = undefined;
    sendHeldSoon(options, session, state);
    return;
  }
  state.running = active;
  resumeOf(options())?.attachRun(options, session, active);
}

/** Loads the newest page while the chat is idle (one load at a time; events during it load once more). */
async function reload<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>, state: Following): Promise<void> {
  if (state.reloading) {
    state.again = true;
    return;
  }
  state.reloading = true;
  try {
    do {
      state.again = false;
      if (!idle(session) || session.disposed) return;
      await reloadNewest(options(), session);
    } while (state.again);
  } finally {
    state.reloading = false;
  }
  sendHeldSoon(options, session, state);
}

/**
 * Sends the message a 409 held, once no turn runs (here or elsewhere as far as the events tell). A
 * macrotask later: the SDK sends the head of its queue by itself a few microtasks after a reply
 * ended, when its queue was not paused; then there is nothing left to do here.
 */
function sendHeldSoon<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>, state: Following): void {
  if (!state.held) return;
  setTimeout(() => {
    const head = session.chat.experimental_queuedMessages[0];
    if (!state.held || session.disposed || !idle(session) || state.running !== undefined || state.reloading) return;
    state.held = false;
    if (head) void sendQueuedNow(options(), session, head.id);
  }, 0);
}

/**
 * The chat's `onError`: the server refused a send because a turn runs elsewhere (409
 * `conversation_conflict`). The message goes back to the head of the queue instead of failing (its
 * text is never lost), this chat follows the running turn, and the message is sent when it ends.
 */
export function takeConflict<TOOLS extends UITools>(options: Options<TOOLS>, session: ChatSession<TOOLS>, error: Error): boolean {
  const state = stateOf(session);
  // A regenerate refused keeps today's error: its user message is saved already, there is nothing to queue.
  if (!state || session.disposed || session.lastTrigger === 'regenerate-message' || requestErrorCode(error) !== 'conversation_conflict') return false;
  const chat = session.chat;
  const refused = chat.lastMessage;
  // Once the SDK has set the failed request's status (it does right after `onError`), before the send
  // resolves: the message leaves the transcript for the queue, and the chat shows no error.
  queueMicrotask(() => {
    if (session.disposed) return;
    if (refused?.role === 'user' && chat.lastMessage?.id === refused.id) {
      chat.messages = chat.messages.slice(0, -1);
      chat.setQueue([refused, ...chat.experimental_queuedMessages.filter((m) => m.id !== refused.id)]);
    }
    chat.settle();
    unpauseQueue(session);
    state.held = true;
    void followRun(options, session, state, state.running);
  });
  return true;
}
