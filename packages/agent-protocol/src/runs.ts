import { CONVERSATIONS_SEGMENT } from './conversations.js';
import type { AgentErrorCode } from './errors.js';

/**
 * Resumable, stoppable runs (ARCHITECTURE §7). They exist when the server has a `store`. A run is one
 * turn of the model on a conversation; while it streams, `ConversationSummary.activeRunId` names it.
 * Its UI message stream is written to a run log as it is produced, so any client (a reload, a second
 * tab, a dropped connection) can read it again on any instance.
 *
 * - `GET  {basePath}/conversations/{id}/stream` → the active run's UI message stream (SSE; every
 *   event carries `id: {seq}`, 0-based and increasing by one per chunk), from its first chunk — or,
 *   with the `Last-Event-ID` header (or `?cursor={seq}`), from the chunk after that one. Every chunk
 *   arrives once, in order. The first event of a resumed stream is a transient {@link RUN_STATE_PART}
 *   (no `id:`), the run's id and the shared-state snapshot it started from. The response carries
 *   the run's id in {@link RUN_ID_HEADER}.
 *   204 when the conversation has no active run (the client then loads the saved messages);
 *   404 `conversation_not_found` for another user's or a missing conversation;
 *   503 `run_log_unavailable` when the run log cannot be read (Redis down);
 *   503 `run_not_ready` with `Retry-After` when the store has the run running but the run log does
 *   not hold it yet (within a few seconds of its start: a shared log's write still on its way, or a
 *   restarted instance that has not yet given the run up as lost): not an answer, the client
 *   re-attaches again ({@link RESUME_RETRY_CODES}).
 * - `POST {basePath}/conversations/{id}/stop` body {@link StopRunBody} (optional) → 202
 *   {@link StopRunAnswer} when the active run was asked to stop (it ends as stopped, its partial reply
 *   saved, on whichever instance runs it, within 500 ms); 204 when no run is active (or `runId`
 *   names another run).
 *
 * The turn route (`POST {basePath}/{agentId}`) answers with the same stream: `id:` lines and the
 * run's id in {@link RUN_ID_HEADER} when the server has a store.
 */
export const RUN_STREAM_SEGMENT = 'stream';
export const RUN_STOP_SEGMENT = 'stop';

/** Response header naming the run a stream belongs to. */
export const RUN_ID_HEADER = 'x-run-id';

/**
 * Response header of a reply stream (the turn route, the run stream route) announcing how often the
 * server sends an SSE keep-alive comment while the stream is otherwise silent, in milliseconds (`0`:
 * never). A client that hears nothing for two of these intervals takes the connection as dead.
 */
export const KEEP_ALIVE_HEADER = 'x-keep-alive-ms';

/**
 * The error codes of a resume answer that mean "not yet, re-attach again" (the answer carries
 * `Retry-After`): a client keeps re-attaching with its backoff, as after a dropped connection, until
 * the run streams, has ended (204: load the saved messages) or is given up as lost.
 */
export const RESUME_RETRY_CODES: ReadonlySet<AgentErrorCode> = new Set<AgentErrorCode>(['run_not_ready']);

/** Paths of the run routes, relative to `basePath` (no trailing slash). */
export const runPaths = {
  stream: (basePath: string, conversationId: string) => `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(conversationId)}/${RUN_STREAM_SEGMENT}`,
  stop: (basePath: string, conversationId: string) => `${basePath}/${CONVERSATIONS_SEGMENT}/${encodeURIComponent(conversationId)}/${RUN_STOP_SEGMENT}`,
} as const;

export interface StopRunBody {
  /** Stop only this run (a client stopping what it saw); another active run is left alone (204). */
  runId?: string;
}

export interface StopRunAnswer {
  runId: string;
}

/**
 * `data-run-state` (transient: never stored in a message): the first event of a resumed stream. The
 * client restores the shared state the run started from before the run's chunks apply to it.
 */
export const RUN_STATE_PART = 'data-run-state' as const;

export interface RunStateData {
  runId: string;
  /** The `sharedState` of the request that started the run (the keys the run may write). */
  sharedState?: Record<string, unknown>;
}

/**
 * What a server does with a run when its client goes away (a closed tab, a dropped connection):
 * `continue` (the default with a store) lets the run finish and saves it, so a reload resumes it;
 * `abort` stops the model as if Stop was pressed (the default without a store).
 */
export type OnDisconnect = 'abort' | 'continue';
