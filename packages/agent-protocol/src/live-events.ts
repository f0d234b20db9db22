import type { ConversationSummary } from './conversations.js';

/**
 * The live event stream of a signed-in user (ARCHITECTURE §7, "Live on every tab"). It exists when the
 * server has a `store`. One stream per user carries what changed in that user's conversations — on
 * any tab, device or server instance — so every open page follows without reloading:
 *
 * - `GET {basePath}/events` → `text/event-stream`. Every event is one {@link LiveEvent} as JSON on a
 *   `data:` line, with `id: {cursor}` (opaque, increasing). With the `Last-Event-ID` header (or
 *   `?cursor={cursor}`) the stream starts after that event: a reconnect misses nothing that is still
 *   kept (the newest {@link LIVE_EVENTS_KEPT} events of the user, for at least
 *   {@link LIVE_EVENTS_KEPT_MS}). A cursor older than that (or from another server's log) starts with
 *   one `{ type: 'reset' }`: the client reloads what it shows, then follows. Keep-alive comments as
 *   the `x-keep-alive-ms` header announces (as on a reply stream). Scoped to the user `authenticate` returns: no user ever receives
 *   another's event. 501 `store_required` without a store (the client then stops asking); 404
 *   `not_found` when the server's own run log carries no live events (stop asking too);
 *   503 `run_log_unavailable` when the run log that carries events between instances cannot be read.
 *
 * Across instances the events go through the run log (`redisRunLog`: a Redis stream per user, kept
 * short, and PUBLISH to wake the instances whose users listen); `memoryRunLog` carries them in one
 * process.
 */
export const EVENTS_SEGMENT = 'events';

/** Path of the live event stream, relative to `basePath` (no trailing slash). */
export const liveEventPaths = {
  events: (basePath: string) => `${basePath}/${EVENTS_SEGMENT}`,
} as const;

/** How many of a user's newest events the server keeps for a reconnect (at least). */
export const LIVE_EVENTS_KEPT = 1_000;
/** How long a user's events are kept for a reconnect (at least), in milliseconds. */
export const LIVE_EVENTS_KEPT_MS = 10 * 60_000;

/** How a turn ended (a run's status; `interrupted`: its server died and the run was given up). */
export type LiveTurnEnd = 'completed' | 'stopped' | 'failed' | 'interrupted';

/** Fields every event of a conversation carries. */
export interface ConversationEventBase {
  conversationId: string;
  /**
   * The conversation's row after the change (absent on `conversation-deleted`): a list updates its row
   * from it, and a client that holds a newer `version` ignores an older event.
   */
  conversation: ConversationSummary;
}

/** A turn started on the conversation: attach to its run stream (`runPaths.stream`) to follow it. */
export interface TurnStartedEvent extends ConversationEventBase {
  type: 'turn-started';
  runId: string;
  agentId: string;
}

/** A turn ended (its reply is saved): reload the conversation's newest page. */
export interface TurnEndedEvent extends ConversationEventBase {
  type: 'turn-ended';
  runId: string;
  end: LiveTurnEnd;
}

/** Messages were added outside a turn's stream (a new user message is announced by `turn-started`). */
export interface MessageAddedEvent extends ConversationEventBase {
  type: 'message-added';
  messageIds: string[];
}

/** A message (and its subtree) was deleted. */
export interface MessageDeletedEvent extends ConversationEventBase {
  type: 'message-deleted';
  messageId: string;
}

/** Another branch became the active path (through `messageId`). */
export interface BranchSwitchedEvent extends ConversationEventBase {
  type: 'branch-switched';
  messageId: string;
}

/** The queued messages of the conversation changed. */
export interface QueueChangedEvent extends ConversationEventBase {
  type: 'queue-changed';
}

/** Feedback on a message changed. */
export interface FeedbackChangedEvent extends ConversationEventBase {
  type: 'feedback-changed';
  messageId: string;
}

/** A conversation was created (its first turn began). */
export interface ConversationCreatedEvent extends ConversationEventBase {
  type: 'conversation-created';
}

/** A conversation was renamed by the user (`renamed`) or got its generated title (`titled`). */
export interface ConversationRenamedEvent extends ConversationEventBase {
  type: 'conversation-renamed';
  how: 'renamed' | 'titled';
}

/** A conversation was deleted. */
export interface ConversationDeletedEvent {
  type: 'conversation-deleted';
  conversationId: string;
}

/** Tool calls of the conversation wait for the user's approval (the turn ended on them). */
export interface ApprovalWaitingEvent extends ConversationEventBase {
  type: 'approval-waiting';
  /** The waiting approvals' ids (`approval.id` of the tool parts in state `approval-requested`). */
  approvalIds: string[];
}

/** Approvals were answered (a turn continues with the answers): a card showing one closes. */
export interface ApprovalAnsweredEvent extends ConversationEventBase {
  type: 'approval-answered';
  approvalIds: string[];
}

/**
 * The stream cannot replay from the cursor given: reload what is shown, then follow. Its `id:` is the
 * newest kept event's (none when the user has none), so a reconnect after it goes on from there.
 */
export interface ResetEvent {
  type: 'reset';
}

/** One event of the live stream. */
export type LiveEvent =
  | TurnStartedEvent
  | TurnEndedEvent
  | MessageAddedEvent
  | MessageDeletedEvent
  | BranchSwitchedEvent
  | QueueChangedEvent
  | FeedbackChangedEvent
  | ConversationCreatedEvent
  | ConversationRenamedEvent
  | ConversationDeletedEvent
  | ApprovalWaitingEvent
  | ApprovalAnsweredEvent
  | ResetEvent;

export type LiveEventType = LiveEvent['type'];

/** The conversation an event is about (`undefined` for `reset`). */
export function liveEventConversationId(event: LiveEvent): string | undefined {
  return event.type === 'reset' ? undefined : event.conversationId;
}
