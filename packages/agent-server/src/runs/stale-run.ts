import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import { STALE_RUN_MS, type ConversationStore, type MessageInput } from '../store/types.js';
import type { RunLog } from './run-log.js';

/**
 * How long the backlog of a dead run may stay silent before it counts as read: nothing more is
 * written to it (its instance is gone), so this only covers the log's own reads (a Redis page).
 */
const BACKLOG_IDLE_MS = 250;

/**
 * How long after its start a running run may be missing from the run log before it counts as lost:
 * the log is written before the run becomes the conversation's active one, so this only covers a
 * shared log's write reaching another instance.
 */
export const LOST_RUN_GRACE_MS = 5_000;

/** What a stale-run check needs. */
export interface StaleRunContext {
  store: ConversationStore;
  runLog: RunLog | undefined;
  userId: string;
}

/**
 * Ends a run whose server died mid-turn: when `runId` is still `running` and its last sign of life
 * (start or heartbeat) is older than `STALE_RUN_MS` — or, with `lostFromLog` (the run log does not
 * hold it: its instance restarted without a shared log), it started more than `LOST_RUN_GRACE_MS`
 * ago — it is saved `failed` / `interrupted` with the
 * reply the run log still holds (the partial reply, or an empty one when the log lost it) marked
 * `stopReason: 'interrupted'`, and the conversation's `activeRunId` is cleared. True when it did.
 * A running run that is alive, or one that ended, is left as it is.
 */
export async function interruptStaleRun(
  ctx: StaleRunContext,
  conversationId: string,
  runId: string,
  now = Date.now(),
  options: { lostFromLog?: boolean } = {},
): Promise<boolean> {
  const run = await ctx.store.getRun(ctx.userId, runId);
  if (!run || run.status !== 'running' || run.conversationId !== conversationId) return false;
  // A live run is in the run log from before it became active (its instance writes there, shared or
  // not): one the log does not hold some seconds after it started lost its server (a restart).
  const stale = options.lostFromLog ? Date.parse(run.startedAt) <= now - LOST_RUN_GRACE_MS : Date.parse(run.heartbeatAt ?? run.startedAt) <= now - STALE_RUN_MS;
  if (!stale) return false;
  const chunks = ctx.runLog ? await readBacklog(ctx.runLog, runId, conversationId).catch(() => []) : [];
  const partial = await partialReply(chunks);
  const metadata: StoredMessageMetadata = { stopReason: 'interrupted' };
  const reply: MessageInput = {
    id: partial?.id ?? `msg-${crypto.randomUUID()}`,
    role: 'assistant',
    // Text and reasoning cut mid-stream are what they are now: done.
    parts: (partial?.parts ?? []).map((part) => ('state' in part && part.state === 'streaming' && (part.type === 'text' || part.type === 'reasoning') ? { ...part, state: 'done' as const } : part)),
    metadata: { ...(isRecord(partial?.metadata) ? partial.metadata : {}), ...metadata },
  };
  await ctx.store.finishTurn({
    userId: ctx.userId,
    conversationId,
    runId,
    reply,
    status: 'failed',
    stopReason: 'interrupted',
    steps: chunks.filter((chunk) => chunk.type === 'finish-step').length,
    now: new Date(now),
  });
  return true;
}

/** The chunks the log holds for a run that is not written any more (an empty list when it holds none). */
async function readBacklog(runLog: RunLog, runId: string, conversationId: string): Promise<UIMessageChunk[]> {
  const stop = new AbortController();
  const reader = await runLog.read(runId, -1, stop.signal);
  if (!reader || reader.meta.conversationId !== conversationId) return [];
  const entries = reader.entries[Symbol.asyncIterator]();
  const chunks: UIMessageChunk[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    for (;;) {
      const idle = new Promise<'idle'>((resolve) => (timer = setTimeout(() => resolve('idle'), BACKLOG_IDLE_MS)));
      const next = await Promise.race([entries.next(), idle]);
      clearTimeout(timer);
      if (next === 'idle' || next.done) break;
      chunks.push(JSON.parse(next.value.data) as UIMessageChunk);
    }
  } finally {
    clearTimeout(timer);
    // Wakes a reader waiting for entries that will never come; it then returns.
    stop.abort();
    void entries.return?.(undefined).catch(() => {});
  }
  return chunks;
}

/** The reply the chunks build (as a client that read them holds it); undefined without a `start`. */
async function partialReply(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  if (!chunks.some((chunk) => chunk.type === 'start')) return undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  try {
    for await (const message of readUIMessageStream({ stream, onError: () => {} })) last = message;
  } catch {
    // A cut stream (a tool call without its result): what was built so far is the reply.
  }
  return last;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
