import type { UIMessage } from 'ai';
import type { ConversationSummary, RunStepRecord, RunToolCallRecord } from '@x/agent-protocol/routes';

/**
 * A conversation row: the protocol's `ConversationSummary` (what the list route answers) plus its
 * owner. Dates are ISO 8601 strings (millisecond precision).
 */
export interface ConversationRecord extends ConversationSummary {
  userId: string;
}

/** A message row: a UI message plus its place in the thread. */
export interface MessageRecord {
  conversationId: string;
  id: string;
  /** The message this one answers or follows (null: a first message). Siblings are branches. */
  parentId: string | null;
  /** Position in the conversation (write order): increasing along every path of the tree. */
  seq: number;
  role: UIMessage['role'];
  parts: UIMessage['parts'];
  /** The message's metadata, with `feedback`, `stopReason` and `errorText` (`StoredMessageMetadata`). */
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** A message of the active path with its siblings (the versions an edit or a regenerate made). */
export interface PathMessageRecord extends MessageRecord {
  /** Ids of the messages with the same parent (this one included), oldest first. */
  siblingIds: string[];
}

export type RunStatus = 'running' | 'completed' | 'stopped' | 'failed';

/** One turn of the model on a conversation. */
export interface RunRecord {
  id: string;
  conversationId: string;
  /** The assistant message the run wrote (null until it is known). */
  messageId: string | null;
  status: RunStatus;
  stopReason: string | null;
  steps: number;
  usage: Record<string, unknown> | null;
  startedAt: string;
  /** Last sign of life of the server running it (`touchRun`), null before the first. */
  heartbeatAt: string | null;
  finishedAt: string | null;
  /** The run that started this one (a sub-agent's or a resumed run's parent). */
  initiatorRunId: string | null;
  /** The agent that ran (null for rows written before run records). */
  agentId: string | null;
  /** A sub-agent run's: the initiator's tool call that started it (null for a chat turn). */
  initiatorToolCallId: string | null;
  /** What the run did, step by step (null while it runs and for rows written before run records). */
  timeline: RunTimeline | null;
  /**
   * The reply of a running run as its last checkpoint left it (`checkpointRun`): what a run whose
   * server died had streamed, saved as the interrupted reply once the run is known lost. Absent or
   * null: none (stores without checkpoints, runs that wrote none).
   */
  checkpoint?: RunCheckpoint | null | undefined;
}

/** A running run's reply as it stood at a checkpoint (the server writes one at most every 2 s and at step ends). */
export interface RunCheckpoint {
  /** The reply so far (an existing id: an approval continuation of that message). */
  reply: MessageInput;
  /** The parent of a new reply (null: the root). */
  parentId: string | null;
  /** Steps finished so far. */
  steps: number;
  /**
   * The title a first turn's conversation gets if the run is lost before its title was generated
   * (the first user message's text, cleaned like a title). Absent when no title was being generated.
   */
  fallbackTitle?: string | undefined;
}

/** What a checkpoint of a running run writes (`checkpointRun`). */
export interface CheckpointRunInput {
  userId: string;
  conversationId: string;
  runId: string;
  checkpoint: RunCheckpoint;
  /** A title generated meanwhile: written to the conversation when it has none (like `finishTurn`'s). */
  title?: string | undefined;
  now: Date;
}

/** The steps and tool calls of a run, as its record keeps them (`@x/agent-protocol` run records). */
export interface RunTimeline {
  steps: RunStepRecord[];
  toolCalls: RunToolCallRecord[];
  /** The OpenTelemetry trace the run was recorded in (kept with the timeline, no column of its own). */
  traceId?: string | undefined;
}

/** A finished sub-agent run, written as its own row with the turn's end. */
export interface SubRunInput {
  id: string;
  agentId: string;
  initiatorRunId: string;
  initiatorToolCallId: string | null;
  status: Exclude<RunStatus, 'running'>;
  stopReason: string | null;
  steps: number;
  usage: Record<string, unknown> | null;
  startedAt: string;
  finishedAt: string | null;
  timeline: RunTimeline;
}

/** A message to write: a UI message (`metadata` is kept as is). */
export interface MessageInput {
  id: string;
  role: UIMessage['role'];
  parts: UIMessage['parts'];
  metadata?: Record<string, unknown> | undefined;
}

export interface ListConversationsQuery {
  /** At most this many (the caller asks one more to know whether a next page exists). */
  limit: number;
  /** Keyset position: return conversations strictly older than this (`updatedAt` desc, then `id` desc). */
  after?: { updatedAt: string; id: string } | undefined;
  /** Case-insensitive substring of the title. */
  q?: string | undefined;
  agentId?: string | undefined;
}

export interface ListMessagesQuery {
  limit: number;
  /** Only messages with a smaller `seq` than this. */
  beforeSeq?: number | undefined;
}

/** What a turn writes before the model is called (one transaction). */
export interface BeginTurnInput {
  userId: string;
  conversationId: string;
  agentId: string;
  /**
   * The version the turn was prepared against; `null` when the conversation must not exist yet
   * (it is created). A different version, or a run that is still active, is a conflict.
   */
  expectedVersion: number | null;
  /**
   * The message the turn continues from (null: the root, a new first message); absent: the active
   * leaf. New messages are chained under it — a sibling when it already has children (an edit, a
   * regenerate): nothing is ever deleted. The active leaf becomes the last message written (or this
   * parent when nothing is written).
   */
  parentId?: string | null | undefined;
  /** Written in order: an existing id is replaced in place, a new one is chained after the previous. */
  messages: MessageInput[];
  run: { id: string; initiatorRunId?: string | undefined };
  now: Date;
}

/** What a turn writes when it ends (one transaction). */
export interface FinishTurnInput {
  userId: string;
  conversationId: string;
  runId: string;
  /** The reply (an existing id is replaced in place — an approval continuation — else added under `parentId`). */
  reply?: MessageInput | undefined;
  /** The parent of a new reply; absent: the active leaf. The reply becomes the active leaf. */
  parentId?: string | null | undefined;
  /** A generated title; written only when the conversation has none. */
  title?: string | undefined;
  status: Exclude<RunStatus, 'running'>;
  stopReason?: string | undefined;
  steps: number;
  usage?: Record<string, unknown> | undefined;
  /** The run's record: its steps and tool calls. */
  timeline?: RunTimeline | undefined;
  /** The sub-agent runs it started (at any depth), each its own row under `initiatorRunId`. */
  subRuns?: SubRunInput[] | undefined;
  now: Date;
}

/**
 * Where conversations live (ARCHITECTURE §7). Every method is scoped to `userId`: another user's
 * conversation is the same as a missing one (`null` / `false`). Implementations: `memoryStore()`,
 * `pgliteStore()`, `postgresStore()`; `@x/agent-server/testing` has a conformance suite for others.
 *
 * Errors: a write that lost a race throws `StoreConflictError`; a store that cannot do its work
 * (database down, timeout) throws — the server answers 503 `store_unavailable` for anything but a
 * conflict.
 */
export interface ConversationStore {
  listConversations(userId: string, query: ListConversationsQuery): Promise<ConversationRecord[]>;
  getConversation(userId: string, conversationId: string): Promise<ConversationRecord | null>;
  /**
   * The newest `limit` messages of the active path (before `beforeSeq`), oldest first, each with its
   * siblings; `null` for a missing conversation.
   */
  listMessages(userId: string, conversationId: string, query: ListMessagesQuery): Promise<PathMessageRecord[] | null>;
  /**
   * The history: the path root → the active leaf (or → `leafId`), oldest first; `null` for a missing
   * conversation, `[]` for a `leafId` it does not have.
   */
  loadThread(userId: string, conversationId: string, leafId?: string): Promise<MessageRecord[] | null>;
  /** Every message of the tree (all branches), in write order; `null` for a missing conversation. */
  loadTree(userId: string, conversationId: string): Promise<MessageRecord[] | null>;
  /**
   * Makes the branch through `messageId` the active path: the active leaf becomes the newest message
   * of its subtree. Bumps `version`; a turn still running is a conflict (`StoreConflictError`).
   */
  switchBranch(userId: string, conversationId: string, messageId: string, now: Date): Promise<'ok' | 'conversation' | 'message'>;
  /**
   * The user messages queued while a reply streamed, in sending order (`[]`: none); `null` for a
   * missing conversation.
   */
  loadQueue(userId: string, conversationId: string): Promise<MessageInput[] | null>;
  /**
   * Replaces the conversation's queue with `messages` (in sending order). Does not bump `version`
   * (a queue is no part of the history a turn is checked against); false for a missing conversation.
   */
  saveQueue(userId: string, conversationId: string, messages: MessageInput[]): Promise<boolean>;
  renameConversation(userId: string, conversationId: string, title: string): Promise<ConversationRecord | null>;
  deleteConversation(userId: string, conversationId: string): Promise<boolean>;
  /**
   * Deletes the message and its subtree (every later message of its branches); when the active leaf
   * was in it, the newest message under the deleted one's parent becomes the active leaf.
   * `'conversation'` / `'message'` when that is missing, else `'ok'`.
   */
  deleteMessage(userId: string, conversationId: string, messageId: string): Promise<'ok' | 'conversation' | 'message'>;
  /** Merges `patch` into the message's metadata (a `null` value removes the key). */
  updateMessageMetadata(
    userId: string,
    conversationId: string,
    messageId: string,
    patch: Record<string, unknown>,
  ): Promise<'ok' | 'conversation' | 'message'>;
  /** Writes the turn's new messages and a `running` run; sets `activeRunId`. */
  beginTurn(input: BeginTurnInput): Promise<ConversationRecord>;
  /** Writes the reply, the title and the run's end; clears `activeRunId`. */
  finishTurn(input: FinishTurnInput): Promise<void>;
  /** Every run of the conversation (sub-agent runs included), oldest first; `null` for a missing conversation. */
  listRuns(userId: string, conversationId: string): Promise<RunRecord[] | null>;
  /** One run, when its conversation is the user's (else `null`). */
  getRun(userId: string, runId: string): Promise<RunRecord | null>;
  /** Marks a running run alive (the server calls it every `RUN_HEARTBEAT_MS` while the run streams). */
  touchRun(userId: string, conversationId: string, runId: string, now: Date): Promise<void>;
  /**
   * Keeps the reply of a run while it streams, so a server that dies mid-reply loses nothing it had
   * streamed before the checkpoint: replaces the run's `checkpoint` — only while the run is
   * `running` (a late checkpoint never touches a run that ended) — and writes `title` when the
   * conversation has none. Writes no message and leaves `version` as it is: history changes only
   * with `beginTurn` / `finishTurn` (the stale-run check turns the checkpoint into the interrupted
   * reply). Optional: without it the server checkpoints nothing (a lost run keeps only what its run
   * log holds).
   */
  checkpointRun?(input: CheckpointRunInput): Promise<void>;
  /** Releases connections (the server never calls it; tests and apps do). */
  close?(): Promise<void>;
}

/** A write lost a race (stale `version`, a run already active, an id taken). */
export class StoreConflictError extends Error {
  constructor(message = 'The conversation changed meanwhile.') {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/** The database cannot be reached or did not answer in time. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** How often a server marks its running runs alive. */
export const RUN_HEARTBEAT_MS = 15_000;

/**
 * A `running` run with no sign of life (start or heartbeat) for this long is taken as dead — its
 * server died mid-turn — and the next turn takes the conversation over.
 */
export const STALE_RUN_MS = 4 * RUN_HEARTBEAT_MS;
