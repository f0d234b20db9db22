import type { UIMessage } from 'ai';

/**
 * Conversation routes (ARCHITECTURE §7). They exist when the server has a `store`. All of them live under
 * `{basePath}/conversations`, so `conversations` is a reserved agent id. Every route is scoped to the
 * user that `authenticate` returns: another user's conversation answers 404 `conversation_not_found`,
 * never 403.
 *
 * - `GET    {basePath}/conversations?cursor=&limit=&q=&agentId=` → {@link ConversationPage}
 *   (newest first by `updatedAt`; `q` searches titles, case-insensitive; `limit` 1–100, default 30).
 * - `GET    {basePath}/conversations/{id}?before=&limit=` → {@link ConversationHistory}
 *   (the active path — root → active leaf — newest page first, returned in chronological order;
 *   `before` pages further back; `branches` gives the versions of messages that have siblings).
 * - `PUT    {basePath}/conversations/{id}/branch` body {@link SwitchBranchBody} → {@link ConversationHistory}
 *   (makes the branch through `messageId` the active path — persisted, so a reload and another tab
 *   show it — and answers its newest page; a message of another conversation or user → 404,
 *   a turn still running → 409 `conversation_conflict`).
 * - `PUT    {basePath}/conversations/{id}/queue` body {@link ReplaceQueueBody} → 204 (the messages the
 *   user queued while a reply streamed, in sending order, replacing the stored list; `GET …/{id}`
 *   answers them as `queue`; at most {@link MAX_QUEUED_MESSAGES}).
 * - `PATCH  {basePath}/conversations/{id}` body {@link RenameConversationBody} → `{ conversation }`.
 * - `DELETE {basePath}/conversations/{id}` → 204.
 * - `DELETE {basePath}/conversations/{id}/messages/{messageId}` → 204 (the message and its subtree).
 * - `PUT    {basePath}/conversations/{id}/messages/{messageId}/feedback` body {@link FeedbackBody} → 204.
 *
 * With a store, `POST {basePath}/{agentId}` carries only what is new (see {@link ServerHistoryRules}).
 */
export const CONVERSATIONS_SEGMENT = 'conversations';

/** Agent ids that collide with route segments; a config that uses one is invalid. */
// (`runs`: RUNS_SEGMENT of run-records.ts; `events`: EVENTS_SEGMENT of live-events.ts, which imports
// this file's types — written out here, so the two files do not import each other.)
export const RESERVED_AGENT_IDS: readonly string[] = [CONVERSATIONS_SEGMENT, 'runs', 'events'];

/** Longest title the rename route and the title generator store. */
export const MAX_TITLE_LENGTH = 200;

/** Paths of the conversation routes, relative to `basePath` (no trailing slash). */
export const conversationPaths = {
  list: (basePath: string) => `${basePath}/${CONVERSATIONS_SEGMENT}`,
  one: (basePath: string, id: string) => `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(id)}`,
  message: (basePath: string, id: string, messageId: string) =>
    `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}`,
  branch: (basePath: string, id: string) => `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(id)}/branch`,
  queue: (basePath: string, id: string) => `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(id)}/queue`,
  feedback: (basePath: string, id: string, messageId: string) =>
    `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(id)}/messages/${encodeURIComponent(messageId)}/feedback`,
} as const;

/** One row of the conversation list. Dates are ISO 8601 strings. */
export interface ConversationSummary {
  id: string;
  agentId: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
  /** Optimistic-concurrency version: bumped by every write to the conversation. */
  version: number;
  /** The run that is streaming now, if any (resumable runs use it). */
  activeRunId: string | null;
  /**
   * A tool call of the active path waits for the user's approval: no turn runs and the newest message
   * of the active path is an assistant message with a tool part in state `approval-requested`
   * (derived by the store on every read, so it survives a reload and shows in every tab).
   */
  awaitingApproval: boolean;
  metadata: Record<string, unknown>;
}

/** `GET {basePath}/conversations` answer. `nextCursor` is opaque (and tamper-checked by the server). */
export interface ConversationPage {
  items: ConversationSummary[];
  nextCursor: string | null;
}

/** Feedback a user gave an assistant message. */
export type FeedbackValue = 'like' | 'dislike';

/** What the server keeps in `message.metadata` next to the app's own metadata. */
export interface StoredMessageMetadata {
  feedback?: { value: FeedbackValue; comment?: string; at: string };
  /** Why a reply ended when it did not end normally. */
  stopReason?: 'stopped' | 'error' | 'interrupted';
  /** Safe error text of a failed reply. */
  errorText?: string;
}

/** `GET {basePath}/conversations/{id}` answer. */
export interface ConversationHistory<MESSAGE extends UIMessage = UIMessage> {
  conversation: ConversationSummary;
  /** Chronological (oldest first) page ending at the newest message, or just before `before`. */
  messages: MESSAGE[];
  /** Cursor for the page before `messages[0]`, or null when it is the start of the thread. */
  prevCursor: string | null;
  /** The versions of the page's messages that have siblings (an edit or a regenerate made them), by message id. */
  branches?: Record<string, MessageBranch>;
  /** The user messages queued while a reply streamed, in sending order (absent: none). */
  queue?: MESSAGE[];
}

/** Most messages a conversation's queue holds. */
export const MAX_QUEUED_MESSAGES = 50;

/** `PUT {basePath}/conversations/{id}/queue` body (`replaceQueueBodySchema`): the whole list, in sending order. */
export interface ReplaceQueueBody<MESSAGE extends UIMessage = UIMessage> {
  messages: MESSAGE[];
}

/**
 * Where a message sits among its versions: the messages with the same parent, oldest first. The
 * switcher shows `index + 1` / `count`.
 */
export interface MessageBranch {
  /** 0-based position of the message among its siblings. */
  index: number;
  count: number;
  /** The siblings' ids (this one included), oldest first: `switchBranch` sends one of them. */
  siblingIds: string[];
}

/** `PUT {basePath}/conversations/{id}/branch` body (`switchBranchBodySchema`). */
export interface SwitchBranchBody {
  /** A message of the conversation: its branch becomes the active path (down to its newest message). */
  messageId: string;
}

export interface RenameConversationBody {
  title: string;
}

export interface FeedbackBody {
  /** null removes the feedback. */
  value: FeedbackValue | null;
  comment?: string;
}

/**
 * What a turn's request may carry when the server owns history (with a store). A conversation is a
 * tree of messages (ARCHITECTURE §12): nothing is ever deleted by an edit or a regenerate, they add a
 * sibling — a new version — and the conversation's active leaf moves to it. The history the model
 * gets is the path root → the message the turn continues from.
 *
 * - a new user message (an id the conversation does not have) under `parentId` (the body's; absent:
 *   the message before it in `messages`, else the active leaf). Under a message that already has
 *   children it is a new branch: that is an edit (send the edited text as a new message under the
 *   edited one's parent); or
 * - the stored last assistant message of that path with only these changes: approval answers to
 *   approvals that are pending, and outputs of client tools (no `execute` on the server,
 *   `update-page-state` included) that are waiting for one; or
 * - `trigger: 'regenerate-message'` with `messageId` of any stored assistant message (absent: the
 *   active leaf): a new reply is written beside it, under the same parent.
 *
 * Any other difference — a stored message with other content (an edit in place: send a new message
 * instead), earlier messages that are not on the path, tool calls that never happened, tool results
 * for server tools, answers to approvals that are not pending, a `parentId` the conversation does not
 * have — is refused with 409 `history_mismatch` / `approval_not_pending` or 400 `invalid_messages`,
 * and nothing is written. Two turns racing on one conversation: one wins, the other gets 409
 * `conversation_conflict`.
 */
export type ServerHistoryRules = never;
