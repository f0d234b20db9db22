import type { UIMessageChunk } from 'ai';

/** What a turn's response body needs besides the agent's UI chunks. */
export interface TurnBodyOptions {
  /**
   * The agent's UI chunks. A rejection is a turn that failed to start; it is sent like a stream
   * that failed (see `errorText`). Its first chunk is read at once, the rest at the client's pace.
   */
  source: Promise<ReadableStream<UIMessageChunk>>;
  /** The text of the `error` chunk for a failed source, or `undefined` to send none (e.g. aborted). */
  errorText: (error: unknown) => string | undefined;
  /**
   * Runs once when the source ended, failed or the client went away (so persistence still runs);
   * returns the chunks to send after the source's chunks and before its `finish` (not sent after a
   * cancel). It must not reject; a rejection counts as no chunks.
   */
  beforeFinish: () => Promise<UIMessageChunk[]>;
  /** The client went away: the body was cancelled. */
  onCancel: (reason: unknown) => void;
}

/** A turn's response body and a way to send chunks beside the agent's. */
export interface TurnBody {
  /**
   * The UI message stream as SSE bytes (`data: {json}\n\n` per chunk, then `data: [DONE]\n\n`) — the
   * bytes `createUIMessageStreamResponse` sends. Pull-based: beyond its first chunk, the source is
   * read only when this is.
   */
  stream: ReadableStream<Uint8Array>;
  /**
   * Sends a chunk beside the source's (a title part): after the source's first chunk and before
   * `finish`, in the order written; dropped once the body ended.
   */
  write(chunk: UIMessageChunk): void;
}

const encoder = new TextEncoder();
const DONE = encoder.encode('data: [DONE]\n\n');
const frame = (chunk: UIMessageChunk): Uint8Array => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);

/**
 * The body of a turn in one stream hop: each read of the body reads one chunk of the agent's UI
 * stream and sends it as SSE bytes. It does what the AI SDK's `createUIMessageStream` +
 * `createUIMessageStreamResponse` and a backpressure wrapper did in four hops per chunk:
 *
 * - backpressure: after the first chunk, the agent is read only when the client reads (a slow
 *   client slows the model; memory stays bounded) — the first is asked for at once so the model
 *   call starts without waiting for the client;
 * - `finish` is held back until the source ended and `beforeFinish`'s chunks (title, hooks' data
 *   parts) are sent, then `[DONE]`;
 * - a failed source becomes an `error` chunk (never a broken body), followed by the same ending;
 * - a cancelled body (the client went away) cancels the source and calls `onCancel`.
 */
export function createTurnBody(options: TurnBodyOptions): TurnBody {
  // A source that fails before the first read must not count as an unhandled rejection.
  options.source.catch(() => {});
  let reader: ReadableStreamDefaultReader<UIMessageChunk> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let started = false;
  let ended = false;
  let finish: UIMessageChunk | undefined;
  const early: UIMessageChunk[] = [];
  let finishing: Promise<UIMessageChunk[]> | undefined;
  const runBeforeFinish = () => (finishing ??= options.beforeFinish().catch(() => []));
  // The first chunk is asked for as soon as the source exists, so the model call (the provider
  // request) starts before the client's first read; every later chunk waits for a read.
  let first: Promise<ReadableStreamReadResult<UIMessageChunk>> | undefined;
  options.source.then(
    (source) => {
      if (ended || reader) return;
      reader = source.getReader();
      first = reader.read();
      first.catch(() => {});
    },
    () => {},
  );

  const startOnce = () => {
    if (started) return;
    started = true;
    for (const chunk of early.splice(0)) controller.enqueue(frame(chunk));
  };

  const end = async (error: unknown, failed: boolean): Promise<void> => {
    if (ended) return;
    startOnce();
    if (failed) {
      const text = options.errorText(error);
      if (text !== undefined) controller.enqueue(frame({ type: 'error', errorText: text }));
    }
    const parts = await runBeforeFinish();
    if (ended) return;
    ended = true;
    for (const part of parts) controller.enqueue(frame(part));
    if (finish) controller.enqueue(frame(finish));
    controller.enqueue(DONE);
    controller.close();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      async pull(c) {
        try {
          if (!reader) {
            const source = await options.source;
            // The eager first read may have taken the reader while this waited.
            reader ??= source.getReader();
          }
          for (;;) {
            const pending = first;
            first = undefined;
            const next = await (pending ?? reader.read());
            if (ended) return;
            if (next.done) return await end(undefined, false);
            if (next.value.type === 'finish') {
              finish = next.value;
              continue;
            }
            c.enqueue(frame(next.value));
            startOnce();
            return;
          }
        } catch (error) {
          await end(error, true);
        }
      },
      async cancel(reason) {
        ended = true;
        options.onCancel(reason);
        // After the source settled, a pending pull has taken its reader (if it had started).
        const source = await options.source.catch(() => undefined);
        await (reader ? reader.cancel(reason) : source?.cancel(reason))?.catch(() => {});
        void runBeforeFinish();
      },
    },
    { highWaterMark: 0 },
  );

  return {
    stream,
    write(chunk) {
      if (ended) return;
      if (started) controller.enqueue(frame(chunk));
      else early.push(chunk);
    },
  };
}
