import { AgentCoreChat as Chat } from './chat.js';
import { DefaultChatTransport, JSONParseError, parseJsonEventStream, TypeValidationError, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { textOf } from './test-utils/test-server.js';
import { AgentChatTransport } from './transport.js';
import { ChunkParseError } from './engine/chat-errors.js';
import { parseUIMessageChunkStream } from './ui-chunk-stream.js';

const sse = (events: (object | string)[]) => events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');

/** A body that delivers `text` in reads of `size` bytes (whole when omitted) and records cancellation. */
function body(text: string, size?: number) {
  const bytes = new TextEncoder().encode(text);
  const step = size ?? Math.max(bytes.length, 1);
  const state = { cancelled: false as unknown };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + step));
      at += step;
    },
    cancel(reason) {
      state.cancelled = reason ?? true;
    },
  });
  return { stream, state };
}

/** Reads a chunk stream to its end: the chunks, and the error it ended with. */
async function drain(stream: ReadableStream<UIMessageChunk>) {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { chunks, error: undefined };
      chunks.push(value);
    }
  } catch (error) {
    return { chunks, error: error as Error };
  }
}

/** What the AI SDK's own `DefaultChatTransport` pipeline makes of the same bytes. */
async function oracle(text: string, size?: number) {
  const parsed = parseJsonEventStream({ stream: body(text, size).stream, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(result, controller) {
        if (!result.success) throw result.error;
        controller.enqueue(result.value);
      },
    }),
  );
  return drain(parsed);
}

type Delta = Extract<UIMessageChunk, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>;
const isDelta = (c: UIMessageChunk): c is Delta => c.type === 'text-delta' || c.type === 'reasoning-delta' || c.type === 'tool-input-delta';
const idOf = (c: Delta) => (c.type === 'tool-input-delta' ? c.toolCallId : c.id);
const textOfDelta = (c: Delta) => (c.type === 'tool-input-delta' ? c.inputTextDelta : c.delta);

/** Merges adjacent deltas of one type and id: equal for two sequences that differ only by coalescing. */
function merged(chunks: UIMessageChunk[]): unknown[] {
  const out: unknown[] = [];
  for (const chunk of chunks) {
    const last = out.at(-1) as { type: string; id: string; text: string } | undefined;
    if (isDelta(chunk) && last && last.type === chunk.type && last.id === idOf(chunk)) last.text += textOfDelta(chunk);
    else out.push(isDelta(chunk) ? { type: chunk.type, id: idOf(chunk), text: textOfDelta(chunk) } : chunk);
  }
  return out;
}

const mixed = sse([
  { type: 'start', messageId: 'm1' },
  { type: 'start-step' },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'thin' },
  { type: 'reasoning-delta', id: 'r', delta: 'king' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Hel' },
  { type: 'text-delta', id: 't1', delta: 'lo' },
  { type: 'reasoning-delta', id: 'r', delta: '…' },
  { type: 'text-delta', id: 't1', delta: ' wörld 😀' },
  { type: 'tool-input-start', toolCallId: 'c1', toolName: 'search' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"q":' },
  { type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"x"}' },
  { type: 'text-start', id: 't2' },
  { type: 'text-delta', id: 't2', delta: 'A' },
  { type: 'text-delta', id: 't1', delta: 'B' },
  { type: 'text-delta', id: 't2', delta: 'C' },
  { type: 'text-delta', id: 't2', delta: 'D', providerMetadata: { p: { k: 1 } } },
  { type: 'text-delta', id: 't2', delta: 'E' },
  { type: 'data-weather', data: { c: 21 } },
  { type: 'text-end', id: 't1', extra: 'kept' },
  { type: 'text-end', id: 't2', providerMetadata: { p: { k: 2 } } },
  { type: 'finish-step' },
  { type: 'finish', finishReason: 'stop', messageMetadata: { n: 1 } },
  '[DONE]',
]);

describe('parseUIMessageChunkStream', () => {
  it('coalesces adjacent deltas of one type and id within a read, keeping the order across types and ids', async () => {
    const { chunks, error } = await drain(parseUIMessageChunkStream(body(mixed).stream));
    expect(error).toBeUndefined();
    expect(chunks.map((c) => (isDelta(c) ? `${c.type}:${idOf(c)}:${textOfDelta(c)}` : c.type))).toEqual([
      'start',
      'start-step',
      'reasoning-start',
      'reasoning-delta:r:thinking',
      'text-start',
      'text-delta:t1:Hello',
      'reasoning-delta:r:…',
      'text-delta:t1: wörld 😀',
      'tool-input-start',
      'tool-input-delta:c1:{"q":"x"}',
      'text-start',
      'text-delta:t2:A',
      'text-delta:t1:B',
      'text-delta:t2:C',
      // providerMetadata sends a delta through the schema: it is kept as it is, not merged
      'text-delta:t2:D',
      'text-delta:t2:E',
      'data-weather',
      'text-end',
      'text-end',
      'finish-step',
      'finish',
    ]);
    expect(chunks[14]).toEqual({ type: 'text-delta', id: 't2', delta: 'D', providerMetadata: { p: { k: 1 } } });
    expect(chunks.at(-5)).toEqual({ type: 'data-weather', data: { c: 21 } });
    // Frame chunks keep every field, as the schema's loose objects do.
    expect(chunks.slice(-4)).toEqual([
      { type: 'text-end', id: 't1', extra: 'kept' },
      { type: 'text-end', id: 't2', providerMetadata: { p: { k: 2 } } },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop', messageMetadata: { n: 1 } },
    ]);
  });

  it('matches the AI SDK pipeline however the bytes are split into reads', async () => {
    const expected = await oracle(mixed);
    expect(expected.error).toBeUndefined();
    for (const size of [1, 2, 3, 7, 16, 64, 100, 333]) {
      const { chunks, error } = await drain(parseUIMessageChunkStream(body(mixed, size).stream));
      expect(error).toBeUndefined();
      expect(merged(chunks)).toEqual(merged(expected.chunks));
    }
    // one byte per read completes at most one event per read: nothing to coalesce
    expect((await drain(parseUIMessageChunkStream(body(mixed, 1).stream))).chunks).toEqual(expected.chunks);
  });

  it.each([
    ['a delta of the wrong shape', '{"type":"text-delta","id":"t1","delta":5}', TypeValidationError, 'chunk'],
    ['an unknown chunk type', '{"type":"no-such-chunk"}', TypeValidationError, 'chunk'],
    ['a chunk missing a field', '{"type":"tool-input-start","toolCallId":"c"}', TypeValidationError, 'chunk'],
    ['a text-start without its id', '{"type":"text-start"}', TypeValidationError, 'chunk'],
    ['a finish with an unknown reason', '{"type":"finish","finishReason":"done"}', TypeValidationError, 'chunk'],
    ['a start with a numeric message id', '{"type":"start","messageId":7}', TypeValidationError, 'chunk'],
    ['an abort with a numeric reason', '{"type":"abort","reason":1}', TypeValidationError, 'chunk'],
    ['a text-end with citations of the wrong shape', '{"type":"text-end","id":"t1","citations":5}', TypeValidationError, 'chunk'],
    ['invalid JSON', '{"type":"text-delta",', JSONParseError, 'json'],
    ['a prototype-poisoning key', '{"type":"text-delta","id":"t1","delta":"x","__proto__":{"polluted":1}}', JSONParseError, 'json'],
    ['an escaped prototype-poisoning key', '{"type":"text-delta","id":"t1","delta":"x","\\u005f_proto__":{"polluted":1}}', JSONParseError, 'json'],
    ['a constructor.prototype', '{"type":"data-x","data":{"nested":{"constructor":{"prototype":{"polluted":1}}}}}', JSONParseError, 'json'],
  ] as const)('on %s: delivers every chunk before it, then errors where the AI SDK does and cancels the body', async (_, bad, SdkError, kind) => {
    const text = sse([{ type: 'start' }, { type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'a' }, { type: 'text-delta', id: 't1', delta: 'b' }, bad, { type: 'text-delta', id: 't1', delta: 'never' }]);
    const expected = await oracle(text);
    // more reads after the bad one: they must not be read any more
    const source = body(text + sse(Array.from({ length: 50 }, () => ({ type: 'text-delta', id: 't1', delta: 'more' }))), text.length);
    const { chunks, error } = await drain(parseUIMessageChunkStream(source.stream));
    expect(merged(chunks)).toEqual(merged(expected.chunks));
    expect(textOfDelta(chunks.at(-1) as Delta)).toBe('ab');
    expect(expected.error).toBeInstanceOf(SdkError);
    expect(error).toBeInstanceOf(ChunkParseError);
    expect((error as ChunkParseError).kind).toBe(kind);
    expect(error!.message).toContain(bad.slice(0, 20));
    expect(source.state.cancelled).toBe(error);
  });

  it('ignores [DONE] and ends with the body', async () => {
    const { chunks, error } = await drain(parseUIMessageChunkStream(body(sse(['[DONE]', { type: 'finish' }, '[DONE]'])).stream));
    expect(error).toBeUndefined();
    expect(chunks).toEqual([{ type: 'finish' }]);
  });

  it('passes a network error of the body through unchanged', async () => {
    const failure = new TypeError('network error');
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(failure);
        sent = true;
        controller.enqueue(new TextEncoder().encode(sse([{ type: 'start' }])));
      },
    });
    const { chunks, error } = await drain(parseUIMessageChunkStream(stream));
    expect(chunks).toEqual([{ type: 'start' }]);
    expect(error).toBe(failure);
  });

  it('cancelling it while a read is pending cancels the body with the same reason', async () => {
    let reason: unknown;
    const stream = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          controller.enqueue(new TextEncoder().encode(sse([{ type: 'start' }])));
        },
        pull: () => new Promise<void>(() => {}),
        cancel(r) {
          reason = r;
        },
      },
      { highWaterMark: 0 },
    );
    const reader = parseUIMessageChunkStream(stream).getReader();
    expect(await reader.read()).toEqual({ done: false, value: { type: 'start' } });
    const pending = reader.read();
    await reader.cancel('stopped');
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(reason).toBe('stopped');
  });

  it('turns a burst of 10,000 deltas into a few chunks with the exact text', async () => {
    const deltas = Array.from({ length: 10_000 }, (_, i) => `w${i} `);
    const text = sse([{ type: 'text-start', id: 't' }, ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }]);
    const { chunks, error } = await drain(parseUIMessageChunkStream(body(text, 64 * 1024).stream));
    expect(error).toBeUndefined();
    const reads = Math.ceil(new TextEncoder().encode(text).length / (64 * 1024));
    expect(chunks.length).toBeLessThanOrEqual(reads + 2);
    expect(chunks.filter(isDelta).map(textOfDelta).join('')).toBe(deltas.join(''));
  });
});

describe('AgentChatTransport in a Chat', () => {
  const chatWith = (kind: 'sdk' | 'kit', text: string) => {
    const fetch = (async () => new Response(body(text, 48).stream, { headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;
    const transport = kind === 'sdk' ? new DefaultChatTransport<UIMessage>({ fetch }) : new AgentChatTransport<UIMessage>({ fetch });
    let n = 0;
    return new Chat<UIMessage>({ transport, generateId: () => `id${++n}` });
  };

  it('gives the same final messages as the AI SDK transport', async () => {
    const text = mixed.replace(sse([{ type: 'finish' }, '[DONE]']), sse([{ type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'x' } }, { type: 'tool-output-available', toolCallId: 'c1', output: { hits: 3 } }, { type: 'finish' }, '[DONE]']));
    const results = [];
    for (const kind of ['sdk', 'kit'] as const) {
      const chat = chatWith(kind, text);
      await chat.sendMessage({ text: 'hi' });
      results.push({ status: chat.status, messages: chat.messages });
    }
    expect(results[0]!.status).toBe('ready');
    expect(results[1]).toEqual(results[0]);
    expect(textOf(results[1]!.messages[1])).toBe('Hello wörld 😀BACDE');
  });

  it('on an invalid chunk the chat fails as with the AI SDK transport and keeps the same partial reply', async () => {
    const text = sse([{ type: 'start' }, { type: 'text-start', id: 't1' }, { type: 'text-delta', id: 't1', delta: 'partial ' }, { type: 'text-delta', id: 't1', delta: 'reply' }, '{"type":"text-delta","id":"t1"}', { type: 'text-delta', id: 't1', delta: 'lost' }]);
    const results = [];
    for (const kind of ['sdk', 'kit'] as const) {
      const errors: Error[] = [];
      const chat = chatWith(kind, text);
      (chat as unknown as { onError: (e: Error) => void }).onError = (e) => errors.push(e);
      await chat.sendMessage({ text: 'hi' });
      results.push({ status: chat.status, error: chat.error, errors: errors.length, messages: chat.messages });
    }
    expect(results[0]!.status).toBe('error');
    expect(results[0]!.error).toBeInstanceOf(TypeValidationError);
    expect(results[1]!.error).toBeInstanceOf(ChunkParseError);
    expect({ ...results[1], error: undefined }).toEqual({ ...results[0], error: undefined });
    expect(textOf(results[1]!.messages[1])).toBe('partial reply');
  });
});

describe('parseUIMessageChunkStream with a run cursor', () => {
  const withIds = (events: object[]) => events.map((e, i) => `id: ${i}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const events = [
    { type: 'start', messageId: 'm1' },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: 'a' },
    { type: 'text-delta', id: 't', delta: 'b' },
    { type: 'text-end', id: 't' },
    { type: 'finish' },
  ];

  it('commits an id only once every chunk of its read was taken and the next one asked for', async () => {
    const commits: string[] = [];
    const text = withIds(events);
    // Reads end exactly after the 2nd and the 4th event.
    const cut1 = text.indexOf('id: 2');
    const cut2 = text.indexOf('id: 4');
    const parts = [text.slice(0, cut1), text.slice(cut1, cut2), text.slice(cut2)];
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = parts.shift();
        if (next === undefined) return controller.close();
        controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const reader = parseUIMessageChunkStream(source, { onCommit: (id) => commits.push(id) }).getReader();
    expect((await reader.read()).value).toEqual(events[0]);
    expect((await reader.read()).value).toEqual(events[1]);
    expect(commits).toEqual([]);
    // The two deltas of the second read are coalesced into one chunk; taking it commits the first read.
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 't', delta: 'ab' });
    expect(commits).toEqual(['1']);
    await reader.read();
    expect(commits).toEqual(['1', '3']);
    await reader.read();
    expect((await reader.read()).done).toBe(true);
    expect(commits).toEqual(['1', '3', '5']);
  });

  it('ends as a dropped connection when told to, without committing what was not taken', async () => {
    const commits: string[] = [];
    const drop = new AbortController();
    let sent = false;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise<void>(() => {}); // a socket that stays silent
        sent = true;
        controller.enqueue(new TextEncoder().encode(withIds(events.slice(0, 3))));
      },
    });
    const reader = parseUIMessageChunkStream(source, { onCommit: (id) => commits.push(id), disconnect: drop.signal }).getReader();
    await reader.read();
    await reader.read();
    await reader.read();
    const pending = reader.read();
    drop.abort();
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('network error');
    expect(commits).toEqual(['2']);
  });
});
