import type { LanguageModelUsage, Tool, UIMessage } from 'ai';
import { APPROVAL_ORIGINAL_INPUT_KEY, type AgentRequestBody } from '@x/agent-protocol';
import { type StoredMessageMetadata } from '@x/agent-protocol/routes';
import { AgentRequestError } from '../config/request-error.js';
import { RUN_HEARTBEAT_MS, StoreConflictError, type ConversationStore, type MessageInput, type MessageRecord } from '../store/types.js';
import type { RunRecorder } from './run-recorder.js';
import type { RunLog } from '../runs/run-log.js';
import { interruptStaleRun } from '../runs/stale-run.js';
import { reconcileHistory, turnBase } from './server-history.js';
import { toStoredSubRuns, toTimeline } from './stored-run-records.js';

/** How a stored turn ended, as the runtime saw it. */
export interface StoredTurnEnd {
  /** The reply as the client holds it (the title part included); undefined when the model never started. */
  reply: UIMessage | undefined;
  aborted: boolean;
  /** Safe text of the error that ended the turn, if it failed. */
  errorText: string | undefined;
  finishReason: string | undefined;
  title: string | undefined;
  steps: number;
  usage: LanguageModelUsage | undefined;
}

/** A turn on a stored conversation: its thread, the write before the model call and the one after. */
export interface StoredTurn {
  conversationId: string;
  runId: string;
  /** The whole thread for the model: the stored messages with what the request adds. */
  thread: UIMessage[];
  /** Saves the user message (or the answers) and a running run; 409 when another turn won. */
  begin(): Promise<void>;
  /** Saves the reply with its stop reason, the title and the run's end. Never throws (logs). */
  finish(end: StoredTurnEnd, newMessageId: () => string): Promise<void>;
  /**
   * Keeps the reply so far on the running run (`checkpointRun`; nothing when the store has none),
   * with a title generated meanwhile and the fallback title of a first turn. Rejects when the store does.
   */
  checkpoint(progress: StoredTurnProgress): Promise<void>;
  /** Whether the store keeps checkpoints. */
  readonly checkpoints: boolean;
}

/** A running turn's reply as a checkpoint keeps it. */
export interface StoredTurnProgress {
  reply: UIMessage;
  steps: number;
  /** A title generated meanwhile (written when the conversation has none). */
  title?: string | undefined;
  /** The first turn's title if the run is lost before one was generated. */
  fallbackTitle?: string | undefined;
}

/**
 * Loads the conversation (scoped to the user) and applies the request to it under the server
 * history rules — nothing is written yet, so a refused request changes nothing.
 */
export async function openStoredTurn(options: {
  store: ConversationStore;
  /** The run's id (its row and its record); a new one when absent. */
  runId?: string | undefined;
  /** The run log (a stale run's reply is read from it when it still holds it). */
  runLog?: RunLog | undefined;
  /** The run's record: ended and saved with the reply (the run's row and one per sub-agent run). */
  recorder?: RunRecorder | undefined;
  userId: string;
  agentId: string;
  conversationId: string;
  body: AgentRequestBody;
  tools: Record<string, Tool>;
  onFinishError: (error: unknown) => void;
}): Promise<StoredTurn> {
  const { store, userId, conversationId } = options;
  let conversation = await store.getConversation(userId, conversationId);
  // A run whose server died is saved as interrupted first (with what it had streamed: the run log's
  // reply, else its last checkpoint), so this turn builds on it instead of dropping it.
  if (conversation?.activeRunId && (await interruptStaleRun({ store, runLog: options.runLog, userId }, conversationId, conversation.activeRunId))) {
    conversation = await store.getConversation(userId, conversationId);
  }
  const stored = conversation ? await loadTurnPath(store, userId, conversationId, options.body) : [];
  const reconciled = reconcileForUser(conversation !== null, () => reconcileHistory(stored, options.body, options.tools));
  const runId = options.runId ?? `run-${crypto.randomUUID()}`;
  const edits = approvalEdits(reconciled.writes);
  // While the run streams, it is marked alive, so another instance never takes it for dead.
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  /** The parent of a new reply (a continuation's reply replaces its message in place). */
  const parentId = reconciled.thread.at(-1)?.id ?? null;
  /** The reply as it is written: the approvers' edits put back on its parts. */
  const replyInput = (message: Pick<UIMessage, 'id' | 'parts'>, metadata: Record<string, unknown>): MessageInput => ({
    id: message.id,
    role: 'assistant',
    parts: withApprovalEdits(message.parts, edits),
    metadata,
  });
  return {
    conversationId,
    runId,
    thread: reconciled.thread,
    checkpoints: typeof store.checkpointRun === 'function',
    async checkpoint(progress) {
      const metadata = typeof progress.reply.metadata === 'object' && progress.reply.metadata !== null ? (progress.reply.metadata as Record<string, unknown>) : {};
      await store.checkpointRun?.({
        userId,
        conversationId,
        runId,
        checkpoint: {
          reply: replyInput(progress.reply, metadata),
          parentId,
          steps: progress.steps,
          ...(progress.fallbackTitle !== undefined ? { fallbackTitle: progress.fallbackTitle } : {}),
        },
        ...(progress.title !== undefined ? { title: progress.title } : {}),
        now: new Date(),
      });
    },
    async begin() {
      try {
        await store.beginTurn({
          userId,
          conversationId,
          agentId: options.agentId,
          expectedVersion: conversation ? conversation.version : null,
          parentId: reconciled.parentId,
          messages: reconciled.writes.map((m) => ({ ...m, metadata: { createdAt: Date.now(), ...m.metadata } })),
          run: { id: runId },
          now: new Date(),
        });
        heartbeat = setInterval(() => void store.touchRun(userId, conversationId, runId, new Date()).catch(() => {}), RUN_HEARTBEAT_MS);
        (heartbeat as { unref?: () => void }).unref?.();
      } catch (error) {
        if (!(error instanceof StoreConflictError)) throw error;
        // An id taken by another user's conversation: that conversation does not exist for this one.
        if (!conversation && !(await store.getConversation(userId, conversationId))) {
          throw new AgentRequestError('conversation_not_found', 'There is no such conversation.');
        }
        throw new AgentRequestError('conversation_conflict', 'Another turn changed this conversation meanwhile; reload it and send again.');
      }
    },
    async finish(end, newMessageId) {
      clearInterval(heartbeat);
      const stopReason: StoredMessageMetadata['stopReason'] = end.errorText !== undefined ? 'error' : end.aborted ? 'stopped' : undefined;
      const base = end.reply ?? { id: newMessageId(), role: 'assistant' as const, parts: [] };
      const metadata: Record<string, unknown> = {
        ...(typeof base.metadata === 'object' && base.metadata !== null ? (base.metadata as Record<string, unknown>) : {}),
        ...(stopReason ? { stopReason } : {}),
        ...(end.errorText !== undefined ? { errorText: end.errorText } : {}),
      };
      const reply: MessageInput = replyInput(base, metadata);
      const status = stopReason === 'error' ? 'failed' : stopReason === 'stopped' ? 'stopped' : 'completed';
      const recorder = options.recorder;
      recorder?.end(status, stopReason ?? end.finishReason ?? null);
      const record = recorder?.snapshot();
      const write = () =>
        store.finishTurn({
          userId,
          conversationId,
          runId,
          reply,
          parentId,
          title: end.title,
          status,
          stopReason: stopReason ?? end.finishReason,
          steps: end.steps,
          usage: end.usage ? (JSON.parse(JSON.stringify(end.usage)) as Record<string, unknown>) : undefined,
          ...(record ? { timeline: toTimeline(record), subRuns: toStoredSubRuns(record) } : {}),
          now: new Date(),
        });
      try {
        await write();
      } catch (error) {
        options.onFinishError(error);
        retryInBackground(write);
      }
    },
  };
}

type ApprovalPart = { approval?: Record<string, unknown> };
const approvalOf = (part: unknown): Record<string, unknown> | undefined => {
  const approval = (part as ApprovalPart).approval;
  return typeof approval === 'object' && approval !== null ? approval : undefined;
};

/** The proposed inputs of the approvers' edits a request writes (`approval.originalInput`), by approval id. */
function approvalEdits(writes: readonly MessageInput[]): Map<string, unknown> {
  const edits = new Map<string, unknown>();
  for (const part of writes.flatMap((m) => m.parts)) {
    const approval = approvalOf(part);
    if (approval && typeof approval.id === 'string' && Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY)) edits.set(approval.id, approval[APPROVAL_ORIGINAL_INPUT_KEY]);
  }
  return edits;
}

/**
 * The reply's parts with `approval.originalInput` put back on the approved edits (the AI SDK's copy
 * of the answered message drops it), so a reload still shows the input as edited.
 */
function withApprovalEdits(parts: UIMessage['parts'], edits: Map<string, unknown>): UIMessage['parts'] {
  if (edits.size === 0) return parts;
  return parts.map((part) => {
    const approval = approvalOf(part);
    if (!approval || approval.approved !== true || typeof approval.id !== 'string' || !edits.has(approval.id) || Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY)) return part;
    return Object.assign({}, part, { approval: { ...approval, [APPROVAL_ORIGINAL_INPUT_KEY]: edits.get(approval.id) } });
  });
}

/**
 * The request applied to the thread; when the user has no such conversation (it is unknown, or
 * another user's), a request that refers to history (answers an approval, gives a tool output, sends
 * earlier messages) is a 404 `conversation_not_found` like every other cross-user request — never
 * a 409 that would tell the conversation exists.
 */
function reconcileForUser(exists: boolean, reconcile: () => ReturnType<typeof reconcileHistory>): ReturnType<typeof reconcileHistory> {
  try {
    return reconcile();
  } catch (error) {
    if (!exists && error instanceof AgentRequestError && (error.code === 'history_mismatch' || error.code === 'approval_not_pending')) {
      throw new AgentRequestError('conversation_not_found', 'There is no such conversation.');
    }
    throw error;
  }
}

/**
 * The stored path a turn builds on (`turnBase`): root → the request's last message when the store
 * has it, else root → the parent of its new message (the active leaf when it names none). A parent
 * the conversation does not have is a 409 `history_mismatch`, before anything is written.
 */
async function loadTurnPath(store: ConversationStore, userId: string, conversationId: string, body: AgentRequestBody): Promise<MessageRecord[]> {
  const base = turnBase(body);
  const load = async (leafId: string | undefined) => (await store.loadThread(userId, conversationId, leafId)) ?? [];
  if ('regenerate' in base) return load(base.regenerate);
  if (base.last !== undefined) {
    const known = await load(base.last);
    if (known.length > 0) return known;
  }
  if (base.parent === null) return [];
  const path = await load(base.parent);
  if (base.parent !== undefined && path.at(-1)?.id !== base.parent) {
    throw new AgentRequestError('history_mismatch', 'The request continues from a message the conversation does not have.');
  }
  return path;
}

/** Delays of the background retries of a reply that could not be saved (the database was away). */
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Retries saving a reply a few times over about a minute, so a database blip neither loses the reply
 * nor leaves the conversation locked by a run that looks active. Timers do not keep the process alive.
 */
function retryInBackground(write: () => Promise<void>, attempt = 0): void {
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined) return;
  const timer = setTimeout(() => {
    write().catch(() => retryInBackground(write, attempt + 1));
  }, delay);
  (timer as { unref?: () => void }).unref?.();
}
