import type { UIMessage, UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import { STALE_RUN_MS, type ConversationStore, type MessageInput } from '../store/types.js';
import { appendChunk, interruptedReply, replyFromChunks } from './partial-reply.js';
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
 * reply the run log still holds — else the run's last checkpoint in the store (`checkpointRun`),
 * else an empty one — marked `stopReason: 'interrupted'`, and the conversation's `activeRunId` is
 * cleared. A first turn's conversation without a title gets the one the log holds, else the
 * checkpoint's fallback (the first user message's text). True when it did.
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
  // The run log's reply (every chunk up to the death) when it holds the run, else the store's last
  // checkpoint of it (the log went with its instance), else an empty reply.
  const fromLog = await replyFromChunks(chunks, await continuedMessage(ctx, conversationId, chunks));
  const checkpoint = run.checkpoint ?? undefined;
  const reply: MessageInput = interruptedReply(fromLog ?? checkpoint?.reply ?? { id: `msg-${crypto.randomUUID()}`, parts: [] });
  await ctx.store.finishTurn({
    userId: ctx.userId,
    conversationId,
    runId,
    reply,
    ...(fromLog === undefined && checkpoint ? { parentId: checkpoint.parentId } : {}),
    // Written only when the conversation has none: a title generated before the death was written
    // with a checkpoint; one never generated falls back to the first user message's text.
    ...titleOf(titleInChunks(chunks) ?? checkpoint?.fallbackTitle),
    status: 'failed',
    stopReason: 'interrupted',
    steps: fromLog ? chunks.filter((chunk) => chunk.type === 'finish-step').length : (checkpoint?.steps ?? 0),
    now: new Date(now),
  });
  return true;
}

const titleOf = (title: string | undefined) => (title === undefined ? {} : { title });

/** The generated title the chunks carry (the title part), if any. */
function titleInChunks(chunks: UIMessageChunk[]): string | undefined {
  for (const chunk of chunks) {
    if (chunk.type !== CHAT_TITLE_PART) continue;
    const title = (chunk as { data?: { title?: unknown } }).data?.title;
    if (typeof title === 'string' && title !== '') return title;
  }
  return undefined;
}

/**
 * The stored message the run continued (an approval continuation: its `start` names a message the
 * conversation has), so the interrupted reply keeps what that message held before the run.
 */
async function continuedMessage(ctx: StaleRunContext, conversationId: string, chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const start = chunks.find((chunk) => chunk.type === 'start');
  const id = start?.type === 'start' ? start.messageId : undefined;
  if (id === undefined) return undefined;
  const found = (await ctx.store.loadThread(ctx.userId, conversationId))?.find((m) => m.id === id && m.role === 'assistant');
  return found ? { id: found.id, role: 'assistant', parts: found.parts, metadata: found.metadata } : undefined;
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
      appendChunk(chunks, JSON.parse(next.value.data) as UIMessageChunk);
    }
  } finally {
    clearTimeout(timer);
    // Wakes a reader waiting for entries that will never come; it then returns.
    stop.abort();
    void entries.return?.(undefined).catch(() => {});
  }
  return chunks;
}
