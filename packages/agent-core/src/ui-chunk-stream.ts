import type { UIMessageChunk } from 'ai';
import { checkUIMessageChunk } from './engine/chunk-check.js';
import { ChunkParseError } from './engine/chat-errors.js';
import { secureJsonParse } from './engine/secure-json.js';
import { createSseDataDecoder } from './sse-data-decoder.js';
import { readWithin } from './idle-timeout.js';

/** What one network read decoded to: its chunks, and the error that ended the stream, if any. */
export interface DecodedRead {
  chunks: UIMessageChunk[];
  error?: ChunkParseError;
}

type Delta =
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string };

/**
 * The hot chunk types, checked by hand: a chunk passes only if the `ai` package's schema would accept it
 * too (`providerMetadata` present sends it to the schema instead). Anything else returns false.
 */
function isDelta(value: unknown): value is Delta {
  const chunk = value as Record<string, unknown>;
  switch (typeof value === 'object' && value !== null ? chunk.type : undefined) {
    case 'text-delta':
    case 'reasoning-delta':
      return typeof chunk.id === 'string' && typeof chunk.delta === 'string' && chunk.providerMetadata === undefined;
    case 'tool-input-delta':
      return typeof chunk.toolCallId === 'string' && typeof chunk.inputTextDelta === 'string';
    default:
      return false;
  }
}

const deltaId = (chunk: Delta): string => (chunk.type === 'tool-input-delta' ? chunk.toolCallId : chunk.id);

const FINISH_REASONS = new Set(['stop', 'length', 'content-filter', 'tool-calls', 'error', 'interrupted', 'other']);
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';

/**
 * The stream's frame chunks (start and finish of the message, its steps and its text and reasoning
 * parts), checked by hand as the `ai` package's schema (loose objects) would: a chunk with provider
 * metadata or citations goes to the schema. A reply's first chunks then cost no schema work.
 */
function isFrame(value: unknown): value is UIMessageChunk {
  const chunk = value as Record<string, unknown>;
  switch (typeof value === 'object' && value !== null ? chunk.type : undefined) {
    case 'start-step':
    case 'finish-step':
    case 'reset-step':
      return true;
    case 'text-start':
    case 'reasoning-start':
    case 'reasoning-end':
      return typeof chunk.id === 'string' && chunk.providerMetadata === undefined;
    case 'text-end':
      return typeof chunk.id === 'string' && chunk.providerMetadata === undefined && chunk.citations === undefined;
    case 'start':
      return isOptionalString(chunk.messageId);
    case 'finish':
      return chunk.finishReason === undefined || FINISH_REASONS.has(chunk.finishReason as string);
    case 'abort':
      return isOptionalString(chunk.reason);
    default:
      return false;
  }
}

const plainParse = (text: string): unknown => JSON.parse(text) as unknown;

/**
 * How to parse the events of one read: `JSON.parse` when none could carry a key `secureJsonParse`
 * guards against (`__proto__`, `constructor`, spelled out or with `\u00` escapes), else
 * `secureJsonParse` itself (the same result for a text without such a key): three substring scans
 * of the read, not three per event.
 */
function parserFor(events: readonly string[]): (text: string) => unknown {
  const joined = events.join('\n');
  return joined.includes('\\u00') || joined.includes('__proto__') || joined.includes('constructor') ? secureJsonParse : plainParse;
}

/**
 * Parses, validates and coalesces the data of the SSE events of one network read. Text, reasoning
 * and tool-input deltas and the frame chunks are checked first (the hot path); every other chunk by
 * `checkUIMessageChunk` (what the `ai` package's `uiMessageChunkSchema` accepts). Adjacent deltas of
 * the same type and id become one chunk (their text concatenated); everything else keeps its place,
 * so the order across types and ids is unchanged. The first invalid event ends the read: the chunks
 * before it are returned with a {@link ChunkParseError} (`kind` `json` or `chunk`).
 */
export function decodeEvents(events: readonly string[]): DecodedRead {
  const chunks: UIMessageChunk[] = [];
  // The delta at the end of `chunks` that later deltas may be merged into, and whether it is a copy
  // made here (a parsed chunk is never mutated).
  let open: Delta | undefined;
  let owned = false;
  const parse = parserFor(events);
  for (const data of events) {
    if (data === '[DONE]') continue;
    let value: unknown;
    try {
      value = parse(data);
    } catch (cause) {
      return { chunks, error: new ChunkParseError('json', data, { cause }) };
    }
    if (isDelta(value)) {
      if (open && open.type === value.type && deltaId(open) === deltaId(value)) {
        if (!owned) {
          open = { ...open };
          owned = true;
          chunks[chunks.length - 1] = open as UIMessageChunk;
        }
        if (open.type === 'tool-input-delta') open.inputTextDelta += (value as typeof open).inputTextDelta;
        else open.delta += (value as typeof open).delta;
        continue;
      }
      chunks.push(value as UIMessageChunk);
      open = value;
      owned = false;
      continue;
    }
    open = undefined;
    if (isFrame(value)) {
      chunks.push(value);
      continue;
    }
    const checked = checkUIMessageChunk(value);
    if (!checked.success) return { chunks, error: new ChunkParseError('chunk', data, { cause: checked.error, reason: checked.error.message }) };
    chunks.push(checked.value);
  }
  return { chunks };
}

/** How a consumer follows a decoded stream's position (resumable runs). */
export interface ChunkStreamOptions {
  /**
   * Called with the SSE id of the last event whose chunks the consumer has taken and finished with:
   * the next pull only happens once the previous chunk was processed, so a resume that asks for the
   * events after this id neither repeats nor skips a chunk.
   */
  onCommit?: (lastEventId: string) => void;
  /**
   * Aborting it ends the stream as a dropped connection would (a `TypeError: network error`), at a
   * chunk boundary: used when the browser goes offline while the socket still looks open.
   */
  disconnect?: AbortSignal;
  /**
   * A network read that brings nothing (no event, no keep-alive comment) for this long ends the
   * stream as a dropped connection (`connectionLost` of `idle-timeout.ts`); 0 or absent: never.
   */
  idleTimeoutMs?: number;
}

/** The error a dropped connection gives (the `ai` package's chat treats it as a disconnect). */
export function networkError(): TypeError {
  return new TypeError('network error');
}

/**
 * The kit's replacement for the `ai` package's `parseJsonEventStream` + `uiMessageChunkSchema` pipeline:
 * turns an SSE response body into UI message chunks with one parse/validate/coalesce pass per
 * network read, so a burst (a resumed stream, a fast provider) reaches the chat as a handful of
 * chunks instead of one per token. The stream pulls the body only on demand and hands out one chunk
 * per pull; when a chunk is invalid, the body is cancelled, the valid chunks before it are still
 * delivered, and then the stream errors with a {@link ChunkParseError} — the chat shows the error and
 * keeps the partial reply.
 */
export function parseUIMessageChunkStream(body: ReadableStream<Uint8Array>, options: ChunkStreamOptions = {}): ReadableStream<UIMessageChunk> {
  const reader = body.getReader();
  const decode = createSseDataDecoder();
  const { onCommit, disconnect } = options;
  const buffered: UIMessageChunk[] = [];
  let next = 0;
  // The id of the last event of the read whose chunks are in `buffered`, until they are all taken.
  let pendingId: string | undefined;
  let failure: { error: unknown } | undefined;
  let dropped: Promise<never> | undefined;
  if (disconnect) {
    dropped = new Promise<never>((_, reject) => {
      const drop = () => reject(networkError());
      if (disconnect.aborted) drop();
      else disconnect.addEventListener('abort', drop, { once: true });
    });
    dropped.catch(() => {});
  }
  const idleMs = options.idleTimeoutMs ?? 0;
  const read = () => readWithin(reader, idleMs, dropped ? [dropped] : []);
  return new ReadableStream<UIMessageChunk>(
    {
      async pull(controller) {
        if (next < buffered.length) {
          controller.enqueue(buffered[next++]!);
          return;
        }
        // Every chunk handed out so far was processed (a pull comes only after that): commit.
        if (pendingId !== undefined) {
          onCommit?.(pendingId);
          pendingId = undefined;
        }
        buffered.length = 0;
        next = 0;
        if (failure) return controller.error(failure.error);
        if (disconnect?.aborted) {
          reader.cancel().catch(() => {});
          return controller.error(networkError());
        }
        for (;;) {
          let result: ReadableStreamReadResult<Uint8Array>;
          try {
            result = await read();
          } catch (error) {
            reader.cancel().catch(() => {});
            return controller.error(error);
          }
          const { done, value } = result;
          if (done) return controller.close();
          const events = decode(value);
          if (events.length === 0) continue;
          const { chunks, error } = decodeEvents(events);
          if (error) {
            reader.cancel(error).catch(() => {});
            // Error only once what was decoded before it has been read: erroring now would drop it.
            if (chunks.length === 0) return controller.error(error);
            failure = { error };
          } else if (decode.lastEventId !== undefined) {
            pendingId = decode.lastEventId;
          }
          if (chunks.length > 0) {
            buffered.push(...chunks);
            controller.enqueue(buffered[next++]!);
            return;
          }
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
