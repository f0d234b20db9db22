import type { UIMessageChunk } from 'ai';
import { keepAlive, type KeepAlive } from './sse-keep-alive.js';

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
  /** The client went away: the body was cancelled (not called with `continueOnCancel`). */
  onCancel: (reason: unknown) => void;
  /**
   * The run's log (with a store): every chunk sent is appended to it (the same JSON text), every
   * SSE event carries `id: {seq}`, and it is ended after the last chunk (`[DONE]` is not an entry).
   */
  log?: { append(data: string): void; end(): Promise<void> } | undefined;
  /**
   * The turn does not depend on its client (`onDisconnect: 'continue'`): the source is read at its
   * own pace (no backpressure: resumed readers of the log must not wait for this client), to its end
   * also after the client went away (into the log); `beforeFinish` runs as usual, `onCancel` is not
   * called.
   */
  continueOnCancel?: boolean | undefined;
  /** An SSE comment (`: keep-alive`) after this much silence (0 or absent: none). */
  keepAliveMs?: number | undefined;
  /** Sees every chunk as it is sent (the reply's checkpoints collect them); must be cheap and not throw. */
  onSend?: ((chunk: UIMessageChunk) => void) | undefined;
}

/** A turn's response body and a way to send chunks beside the agent's. */
export interface TurnBody {
  /**
   * The UI message stream as SSE bytes (`data: {json}\n\n` per chunk, then `data: [DONE]\n\n`) — the
   * bytes `createUIMessageStreamResponse` sends; with a `log`, each event starts with `id: {seq}\n`.
   * Pull-based: beyond its first chunk, the source is read only when this is (with
   * `continueOnCancel`, as fast as it produces).
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
 * - a cancelled body (the client went away) cancels the source and calls `onCancel` — except with
 *   `continueOnCancel`, where the source is pumped at its own pace from the start (the log, not
 *   this client, is what resumed readers follow) and to its end after a cancel (the run finishes
 *   and is saved; a resume reads the rest from the log);
 * - with a `log`, every chunk (the title and hook parts and `finish` too) is stringified once: the
 *   same text is appended to the log and sent after `id: {seq}`, so a resumed stream and this one
 *   number the same chunks the same way.
 */
export function createTurnBody(options: TurnBodyOptions): TurnBody {
  // A source that fails before the first read must not count as an unhandled rejection.
  options.source.catch(() => {});
  const log = options.log;
  let reader: ReadableStreamDefaultReader<UIMessageChunk> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let alive: KeepAlive | undefined;
  let started = false;
  /** The client went away: chunks go only to the log. */
  let cancelled = false;
  /** `end` began: later source chunks are dropped. */
  let ending = false;
  /** The last chunk was sent: `write` drops. */
  let ended = false;
  let seq = 0;
  let finish: UIMessageChunk | undefined;
  const early: UIMessageChunk[] = [];
  let finishing: Promise<UIMessageChunk[]> | undefined;
  const runBeforeFinish = () => (finishing ??= options.beforeFinish().catch(() => []));
  // The first chunk is asked for as soon as the source exists, so the model call (the provider
  // request) starts before the client's first read; every later chunk waits for a read.
  let first: Promise<ReadableStreamReadResult<UIMessageChunk>> | undefined;
  const detached = options.continueOnCancel === true;
  options.source.then(
    (source) => {
      if (detached || ending || cancelled || reader) return;
      reader = source.getReader();
      first = reader.read();
      first.catch(() => {});
    },
    () => {},
  );

  const send = (chunk: UIMessageChunk): void => {
    options.onSend?.(chunk);
    const json = JSON.stringify(chunk);
    if (log) {
      log.append(json);
      const id = seq++;
      if (!cancelled) controller.enqueue(encoder.encode(`id: ${id}\ndata: ${json}\n\n`));
    } else if (!cancelled) {
      controller.enqueue(encoder.encode(`data: ${json}\n\n`));
    }
    alive?.sent();
  };

  const startOnce = () => {
    if (started) return;
    started = true;
    for (const chunk of early.splice(0)) send(chunk);
  };

  const end = async (error: unknown, failed: boolean): Promise<void> => {
    if (ending) return;
    ending = true;
    startOnce();
    if (failed) {
      const text = options.errorText(error);
      if (text !== undefined) send({ type: 'error', errorText: text });
    }
    const parts = await runBeforeFinish();
    for (const part of parts) send(part);
    if (finish) send(finish);
    ended = true;
    alive?.stop();
    if (!cancelled) {
      controller.enqueue(DONE);
      controller.close();
    }
    await log?.end().catch(() => {});
  };

  const sourceReader = async (): Promise<ReadableStreamDefaultReader<UIMessageChunk>> => {
    if (reader) return reader;
    const source = await options.source;
    // The eager first read may have taken the reader while this waited.
    return (reader ??= source.getReader());
  };

  /** Reads the source up to its next chunk and sends it; ends the body when the source ends. */
  const readNext = async (): Promise<void> => {
    try {
      const source = await sourceReader();
      for (;;) {
        const pending = first;
        first = undefined;
        const next = await (pending ?? source.read());
        if (ending) return;
        if (next.done) return await end(undefined, false);
        if (next.value.type === 'finish') {
          finish = next.value;
          continue;
        }
        send(next.value);
        startOnce();
        return;
      }
    } catch (error) {
      await end(error, true);
    }
  };

  /** The whole source at its own pace (continueOnCancel): to the client while it is there, always into the log. */
  const pump = async (): Promise<void> => {
    while (!ending) await readNext();
  };

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        alive = keepAlive(c, options.keepAliveMs ?? 0);
      },
      pull() {
        // A detached turn is pumped (below), not pulled.
        if (!detached) return readNext();
      },
      async cancel(reason) {
        cancelled = true;
        alive?.stop();
        // A detached turn goes on without its client: the pump keeps writing the log.
        if (detached) return;
        options.onCancel(reason);
        // After the source settled, a pending pull has taken its reader (if it had started).
        const source = await options.source.catch(() => undefined);
        await (reader ? reader.cancel(reason) : source?.cancel(reason))?.catch(() => {});
        void end(undefined, false);
      },
    },
    { highWaterMark: 0 },
  );

  if (detached) void pump();

  return {
    stream,
    write(chunk) {
      if (ended) return;
      if (started) send(chunk);
      else early.push(chunk);
    },
  };
}
