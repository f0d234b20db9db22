import type { UIMessage, UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import { appendChunk, replyFromChunks } from '../runs/partial-reply.js';
import type { StoredTurnProgress } from './persist-turn.js';

/** At most one checkpoint per this many ms while a reply streams (besides step ends and the title). */
export const CHECKPOINT_INTERVAL_MS = 2_000;

/** The checkpoints of one stored turn's reply (see {@link startReplyCheckpoints}). */
export interface ReplyCheckpoints {
  /** A chunk the turn sent. Kept in constant time (deltas merged): the reply is built only at a checkpoint. */
  push(chunk: UIMessageChunk): void;
  /** Stops checkpointing and waits for a write in flight (call it before the turn's final write). */
  settle(): Promise<void>;
}

/**
 * Checkpoints a stored turn's reply while it streams, so a server that dies mid-reply leaves in the
 * store what it had streamed (`checkpointRun`; the stale-run check turns it into the interrupted
 * reply). Throttled, never a write per chunk: a checkpoint at most every `intervalMs`, and at once at
 * a step's end, when the generated title arrives, and at the first chunk of a first turn (so its
 * fallback title is kept from the start). One write at a time; the reply is rebuilt from the chunks
 * at each checkpoint (off the stream's path: the chunks are only collected as they pass, a part's
 * deltas merged into one, so a rebuild costs about the reply's parts, not its chunks).
 */
export function startReplyCheckpoints(options: {
  /** Writes a checkpoint (the stored turn's `checkpoint`, in the turn's trace). */
  write: (progress: StoredTurnProgress) => Promise<void>;
  /** The message an approval continuation continues (the thread's last, an assistant message). */
  base: UIMessage | undefined;
  /** The first turn's title if the run is lost before one was generated (`fallbackTitle`). */
  fallbackTitle: string | undefined;
  intervalMs?: number | undefined;
  onError: (error: unknown) => void;
}): ReplyCheckpoints {
  const intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS;
  const chunks: UIMessageChunk[] = [];
  let count = 0;
  let steps = 0;
  let title: string | undefined;
  let lastWrite = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> | undefined;
  /** Chunks came while a write was in flight: another checkpoint follows it (at once when `urgent`). */
  let pending = false;
  let urgent = false;
  let stopped = false;

  const write = async (): Promise<void> => {
    lastWrite = Date.now();
    const reply = await replyFromChunks(chunks, options.base);
    if (!reply || stopped) return;
    await options.write({ reply, steps, ...(title !== undefined ? { title } : { fallbackTitle: options.fallbackTitle }) }).catch(options.onError);
  };
  const run = (now: boolean): void => {
    if (stopped) return;
    if (writing) {
      pending = true;
      urgent ||= now;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    writing = write().finally(() => {
      writing = undefined;
      if (!pending) return;
      pending = false;
      const next = urgent;
      urgent = false;
      if (next) run(true);
      else schedule();
    });
  };
  const schedule = (): void => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      run(false);
    }, Math.max(0, lastWrite + intervalMs - Date.now()));
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    push(chunk) {
      if (stopped) return;
      const first = count++ === 0;
      appendChunk(chunks, chunk);
      if (chunk.type === 'finish-step') {
        steps++;
        run(true);
      } else if (chunk.type === CHAT_TITLE_PART) {
        const text = (chunk as { data?: { title?: unknown } }).data?.title;
        if (typeof text === 'string') title = text;
        run(true);
      } else if (first && options.fallbackTitle !== undefined) {
        run(true);
      } else {
        schedule();
      }
    },
    async settle() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await writing;
    },
  };
}
