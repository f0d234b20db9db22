import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { RUN_ID_HEADER, RUN_STATE_PART, type RunStateData, type StopRunAnswer, type StopRunBody } from '@x/agent-protocol/routes';
import type { RunLog, RunLogEntry, RunLogReader } from '../runs/run-log.js';
import { RunLogUnavailableError } from '../runs/run-log.js';
import { interruptStaleRun } from '../runs/stale-run.js';
import type { ConversationStore } from '../store/types.js';
import { HttpError } from './error-response.js';
import { keepAlive, keepAliveHeader, type KeepAlive } from '../runtime/sse-keep-alive.js';

export interface RunRouteContext {
  store: ConversationStore;
  runLog: RunLog | undefined;
  /** An SSE comment after this much silence on a resumed stream (0 or absent: none). */
  keepAliveMs?: number | undefined;
  userId: string;
}

/** Largest `seq` a cursor may name (a run never has more chunks). */
const MAX_SEQ = Number.MAX_SAFE_INTEGER;

const encoder = new TextEncoder();
const DONE = encoder.encode('data: [DONE]\n\n');

const noContent = (): Response => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
const conversationNotFound = () => new HttpError('conversation_not_found', 'There is no such conversation.');
const logUnavailable = () => new HttpError('run_log_unavailable', 'The run log is unavailable; try again shortly.');
/** Seconds a client waits before re-attaching to a run the log does not hold yet (`Retry-After`). */
const NOT_READY_RETRY_AFTER_S = 1;
const runNotReady = () =>
  new HttpError('run_not_ready', 'The run is not in the run log yet; re-attach shortly.', undefined, { 'retry-after': String(NOT_READY_RETRY_AFTER_S) });

/** The seq after which a resume starts: `Last-Event-ID` (what a reconnecting EventSource sends), else `?cursor=`. */
function readCursor(request: Request, url: URL): number {
  const raw = request.headers.get('last-event-id') ?? url.searchParams.get('cursor');
  if (raw === null || raw === '') return -1;
  const seq = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(seq) || seq > MAX_SEQ) {
    throw new HttpError('invalid_cursor', 'The cursor must be the id of an event of this stream (a whole number).', [
      { path: request.headers.has('last-event-id') ? 'headers.last-event-id' : 'query.cursor', message: 'must be a non-negative integer' },
    ]);
  }
  return seq;
}

async function activeRun(conversationId: string, ctx: RunRouteContext): Promise<string | null> {
  const conversation = await ctx.store.getConversation(ctx.userId, conversationId);
  if (!conversation) throw conversationNotFound();
  return conversation.activeRunId;
}

/** The store has `runId` running on this conversation (it neither ended nor was given up). */
async function stillRunning(ctx: RunRouteContext, conversationId: string, runId: string): Promise<boolean> {
  const run = await ctx.store.getRun(ctx.userId, runId);
  return run?.status === 'running' && run.conversationId === conversationId;
}

/**
 * `GET {basePath}/conversations/{id}/stream` (resume; agent-protocol `runs.ts`), scoped to the user
 * like every conversation route: the active run's chunks after `Last-Event-ID` / `?cursor=`, or 204;
 * 503 `run_not_ready` (with `Retry-After`) for a running run the log does not hold yet.
 */
export async function resumeRunRoute(request: Request, url: URL, conversationId: string, ctx: RunRouteContext): Promise<Response> {
  const afterSeq = readCursor(request, url);
  const runId = await activeRun(conversationId, ctx);
  if (!runId || !ctx.runLog) return noContent();
  // A run whose server died (no heartbeat for STALE_RUN_MS) is saved as interrupted: nothing to follow.
  if (await interruptStaleRun(ctx, conversationId, runId)) return noContent();
  // The reader stops when the client goes away: the request's signal, or a cancelled body where
  // the platform does not abort the signal.
  const stop = new AbortController();
  const signal = AbortSignal.any([request.signal, stop.signal]);
  let reader: RunLogReader | null;
  try {
    reader = await ctx.runLog.read(runId, afterSeq, signal);
  } catch (error) {
    if (error instanceof RunLogUnavailableError) throw logUnavailable();
    throw error;
  }
  // The log does not hold the run (expired, or its instance went away without a shared log): a run
  // the store still has running is lost, saved as interrupted so the client shows it (not a silent gap).
  // Within the grace after its start it is not lost yet (a shared log's write on its way): the client
  // is told to re-attach again, not that the run ended — a 204 would make it load a history that does
  // not hold the reply yet and stop following it.
  if (!reader) {
    if (await interruptStaleRun(ctx, conversationId, runId, Date.now(), { lostFromLog: true })) return noContent();
    if (await stillRunning(ctx, conversationId, runId)) throw runNotReady();
    return noContent();
  }
  if (reader.meta.conversationId !== conversationId) return noContent();
  const state: RunStateData = { runId, ...(reader.meta.sharedState !== undefined ? { sharedState: reader.meta.sharedState } : {}) };
  const first = encoder.encode(`data: ${JSON.stringify({ type: RUN_STATE_PART, data: state, transient: true })}\n\n`);
  const entries: AsyncIterator<RunLogEntry> = reader.entries[Symbol.asyncIterator]();
  let sentFirst = false;
  let alive: KeepAlive | undefined;
  /** The run's server died while this followed it: the stream is cut, the client's resume then gets 204. */
  let interrupted = false;
  // While the log is silent, each keep-alive also checks that the run's server is still alive.
  let checking = false;
  const checkRun = () => {
    if (checking || interrupted) return;
    checking = true;
    interruptStaleRun(ctx, conversationId, runId)
      .then((ended) => {
        if (!ended) return;
        interrupted = true;
        stop.abort();
      })
      .catch(() => {})
      .finally(() => (checking = false));
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        alive = keepAlive(controller, ctx.keepAliveMs ?? 0, checkRun);
      },
      async pull(controller) {
        if (!sentFirst) {
          sentFirst = true;
          controller.enqueue(first);
          alive?.sent();
          return;
        }
        let next: IteratorResult<RunLogEntry>;
        try {
          next = await entries.next();
        } catch (error) {
          // A log that fails mid-stream cuts the stream; the client resumes from its last id.
          alive?.stop();
          controller.error(error);
          return;
        }
        if (next.done) {
          alive?.stop();
          if (interrupted) return controller.error(new Error('The run was interrupted: its server stopped.'));
          if (!signal.aborted) controller.enqueue(DONE);
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(`id: ${next.value.seq}\ndata: ${next.value.data}\n\n`));
        alive?.sent();
      },
      async cancel() {
        alive?.stop();
        stop.abort();
        await entries.return?.().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { ...UI_MESSAGE_STREAM_HEADERS, ...keepAliveHeader(ctx.keepAliveMs), 'x-conversation-id': conversationId, [RUN_ID_HEADER]: runId } });
}

/** `POST {basePath}/conversations/{id}/stop` with an optional `{ runId }`: 202 when a stop was requested, else 204. */
export async function stopRunRoute(conversationId: string, body: StopRunBody | undefined, ctx: RunRouteContext): Promise<Response> {
  const runId = await activeRun(conversationId, ctx);
  if (!runId || !ctx.runLog || (body?.runId !== undefined && body.runId !== runId)) return noContent();
  try {
    await ctx.runLog.requestStop(runId);
  } catch (error) {
    if (error instanceof RunLogUnavailableError) throw logUnavailable();
    throw error;
  }
  const answer: StopRunAnswer = { runId };
  return new Response(JSON.stringify(answer), { status: 202, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}
