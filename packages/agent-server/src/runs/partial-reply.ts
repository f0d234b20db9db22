import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import type { MessageInput } from '../store/types.js';

type DeltaChunk = Extract<UIMessageChunk, { type: 'text-delta' | 'reasoning-delta' }>;
const isDelta = (chunk: UIMessageChunk): chunk is DeltaChunk => chunk.type === 'text-delta' || chunk.type === 'reasoning-delta';

/**
 * Adds `chunk` to `chunks`, merged into the last one when both are deltas of the same part (and the
 * new one carries no provider metadata): in constant time (string concatenation), so a long reply's
 * thousands of deltas fold as one and `replyFromChunks` costs about its parts, not its chunks.
 * The chunk passed in is never changed (a merged delta is a copy).
 */
export function appendChunk(chunks: UIMessageChunk[], chunk: UIMessageChunk): void {
  const last = chunks.at(-1);
  if (last && isDelta(chunk) && isDelta(last) && last.type === chunk.type && last.id === chunk.id && chunk.providerMetadata === undefined) {
    if (!merged.has(last)) {
      const copy = { ...last };
      merged.add(copy);
      chunks[chunks.length - 1] = copy;
      copy.delta += chunk.delta;
    } else {
      last.delta += chunk.delta;
    }
    return;
  }
  chunks.push(chunk);
}

/** The delta copies `appendChunk` made (its own to change). */
const merged = new WeakSet<UIMessageChunk>();

/**
 * The reply `chunks` build, as a client that read them holds it — continuing `base` (an approval
 * continuation's message) when the chunks are of its id; undefined without a `start` chunk. A cut
 * stream (a tool call without its result, text without its end) gives what was built so far.
 */
export async function replyFromChunks(chunks: readonly UIMessageChunk[], base?: UIMessage): Promise<UIMessage | undefined> {
  if (!chunks.some((chunk) => chunk.type === 'start')) return undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  try {
    for await (const message of readUIMessageStream({ stream, onError: () => {}, ...(base ? { message: structuredClone(base) } : {}) })) last = message;
  } catch {
    // A cut stream: what was built so far is the reply.
  }
  return last;
}

/**
 * A reply whose run was lost (its server died): text and reasoning cut mid-stream are what they are
 * now (done), and its metadata says `stopReason: 'interrupted'` (the client shows "Interrupted — Retry").
 */
export function interruptedReply(reply: { id: string; parts: UIMessage['parts']; metadata?: unknown }): MessageInput {
  const metadata: StoredMessageMetadata = { stopReason: 'interrupted' };
  return {
    id: reply.id,
    role: 'assistant',
    parts: reply.parts.map((part) =>
      'state' in part && part.state === 'streaming' && (part.type === 'text' || part.type === 'reasoning') ? { ...part, state: 'done' as const } : part,
    ),
    metadata: { ...(isRecord(reply.metadata) ? reply.metadata : {}), ...metadata },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
