import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createTurnBody, type TurnBodyOptions } from './turn-body.js';

const text = (delta: string): UIMessageChunk => ({ type: 'text-delta', id: 't', delta });
const reply: UIMessageChunk[] = [
  { type: 'start', messageId: 'm1' },
  { type: 'text-start', id: 't' },
  text('Hel'),
  text('lo'),
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: 'stop' },
];
const dataPart = { type: 'data-suggestions', data: { items: ['More'] } } as UIMessageChunk;

/** A source that produces a chunk only when read, counting reads; it can fail after `failAfter` chunks. */
function pulledSource(chunks: UIMessageChunk[], failAfter?: number) {
  const state = { pulled: 0, cancelled: undefined as unknown };
  const stream = new ReadableStream<UIMessageChunk>(
    {
      pull(controller) {
        if (failAfter !== undefined && state.pulled === failAfter) throw new Error('model exploded');
        const chunk = chunks[state.pulled++];
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
      cancel(reason) {
        state.cancelled = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function body(overrides: Partial<TurnBodyOptions> & Pick<TurnBodyOptions, 'source'>) {
  return createTurnBody({ errorText: () => 'failed', beforeFinish: async () => [], onCancel: () => {}, ...overrides });
}

async function bodyText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function frames(sse: string): string[] {
  return sse.split('\n\n').filter(Boolean);
}

describe('createTurnBody', () => {
  it('sends the same bytes as createUIMessageStreamResponse for the same chunks', async () => {
    const ours = await bodyText(body({ source: Promise.resolve(pulledSource(reply).stream) }).stream);
    const sdk = await createUIMessageStreamResponse({ stream: pulledSource(reply).stream }).text();
    expect(ours).toBe(sdk);
    expect(frames(ours).at(-1)).toBe('data: [DONE]');
  });

  it('holds finish until beforeFinish has sent its chunks; written chunks go after the first chunk', async () => {
    const turn = body({
      source: Promise.resolve(pulledSource(reply).stream),
      beforeFinish: async () => {
        await new Promise((r) => setTimeout(r, 5));
        return [dataPart];
      },
    });
    turn.write({ type: 'data-chat-title', id: 'chat-title', data: { title: 'Hi' } } as UIMessageChunk);
    const types = frames(await bodyText(turn.stream)).map((f) => (f === 'data: [DONE]' ? '[DONE]' : (JSON.parse(f.slice(6)) as UIMessageChunk).type));
    expect(types).toEqual(['start', 'data-chat-title', 'text-start', 'text-delta', 'text-delta', 'text-end', 'data-suggestions', 'finish', '[DONE]']);
  });

  it('asks for the first chunk at once (the model call starts), then reads the source only when the body is read', async () => {
    const { stream, state } = pulledSource(reply);
    const reader = body({ source: Promise.resolve(stream) }).stream.getReader();
    await new Promise((r) => setTimeout(r, 10));
    expect(state.pulled).toBe(1);
    await reader.read();
    await new Promise((r) => setTimeout(r, 10));
    expect(state.pulled).toBe(1);
    await reader.read();
    expect(state.pulled).toBe(2);
    await new Promise((r) => setTimeout(r, 10));
    expect(state.pulled).toBe(2);
    await reader.read();
    expect(state.pulled).toBe(3);
    await reader.cancel();
  });

  it('maps a failing source to an error chunk, then still runs beforeFinish and ends with [DONE]', async () => {
    const seen: unknown[] = [];
    const sse = await bodyText(
      body({
        source: Promise.resolve(pulledSource(reply, 3).stream),
        errorText: (error) => (seen.push(error), 'The model failed.'),
        beforeFinish: async () => [dataPart],
      }).stream,
    );
    const chunks = frames(sse);
    expect(chunks.slice(-3)).toEqual([
      `data: ${JSON.stringify({ type: 'error', errorText: 'The model failed.' })}`,
      `data: ${JSON.stringify(dataPart)}`,
      'data: [DONE]',
    ]);
    expect(String(seen[0])).toContain('model exploded');
  });

  it('answers a source that never started with an error chunk, or with none when errorText says so', async () => {
    const failed = await bodyText(body({ source: Promise.reject(new Error('no model')) }).stream);
    expect(frames(failed)).toEqual([`data: ${JSON.stringify({ type: 'error', errorText: 'failed' })}`, 'data: [DONE]']);
    const silent = await bodyText(body({ source: Promise.reject(new Error('aborted')), errorText: () => undefined }).stream);
    expect(frames(silent)).toEqual(['data: [DONE]']);
  });

  it('on cancel: calls onCancel, cancels the source and still runs beforeFinish once', async () => {
    const { stream, state } = pulledSource(reply);
    let cancelledWith: unknown;
    let finishes = 0;
    const turn = body({
      source: Promise.resolve(stream),
      onCancel: (reason) => (cancelledWith = reason),
      beforeFinish: async () => (finishes++, [dataPart]),
    });
    const reader = turn.stream.getReader();
    await reader.read();
    await reader.cancel('client left');
    await new Promise((r) => setTimeout(r, 0));
    expect(cancelledWith).toBe('client left');
    expect(state.cancelled).toBe('client left');
    expect(finishes).toBe(1);
    turn.write(dataPart); // after the end: dropped, no throw
  });

  it('cancels the source when the client leaves while the turn is still starting (a read is waiting for it)', async () => {
    const { stream, state } = pulledSource(reply);
    let resolve!: (s: ReadableStream<UIMessageChunk>) => void;
    const turn = body({ source: new Promise((r) => (resolve = r)) });
    const reader = turn.stream.getReader();
    const pending = reader.read();
    const cancelled = reader.cancel('gone early');
    resolve(stream);
    await cancelled;
    expect(state.cancelled).toBe('gone early');
    expect((await pending).done).toBe(true);
  });

  it('cancels a source that had not been read yet', async () => {
    const { stream, state } = pulledSource(reply);
    const turn = body({ source: Promise.resolve(stream) });
    await turn.stream.cancel('gone');
    expect(state.cancelled).toBe('gone');
  });

  it('with a log: every event carries id: {seq}, the log gets the same JSON (extra parts and finish too), then ends', async () => {
    const entries: string[] = [];
    let ended = 0;
    const turn = body({
      source: Promise.resolve(pulledSource(reply).stream),
      beforeFinish: async () => [dataPart],
      log: { append: (data) => void entries.push(data), end: async () => void ended++ },
    });
    turn.write({ type: 'data-chat-title', id: 'chat-title', data: { title: 'Hi' } } as UIMessageChunk);
    const sent = frames(await bodyText(turn.stream));
    expect(sent.at(-1)).toBe('data: [DONE]');
    expect(sent.slice(0, -1)).toEqual(entries.map((data, seq) => `id: ${seq}\ndata: ${data}`));
    expect(entries.map((e) => (JSON.parse(e) as UIMessageChunk).type)).toEqual([
      'start',
      'data-chat-title',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'data-suggestions',
      'finish',
    ]);
    expect(ended).toBe(1);
  });

  it('with continueOnCancel: reads the source at its own pace, and after a cancel to its end into the log, without onCancel', async () => {
    const { stream, state } = pulledSource(reply);
    const entries: string[] = [];
    let cancelled = false;
    let finished!: () => void;
    const logEnded = new Promise<void>((r) => (finished = r));
    const turn = body({
      source: Promise.resolve(stream),
      onCancel: () => (cancelled = true),
      beforeFinish: async () => [dataPart],
      continueOnCancel: true,
      log: { append: (data) => void entries.push(data), end: async () => finished() },
    });
    const reader = turn.stream.getReader();
    await reader.read();
    await reader.cancel('tab closed');
    await logEnded;
    expect(cancelled).toBe(false);
    expect(state.cancelled).toBeUndefined();
    expect(state.pulled).toBe(reply.length + 1); // the last pull closed the source
    expect(entries.map((e) => (JSON.parse(e) as UIMessageChunk).type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'data-suggestions',
      'finish',
    ]);
  });
});
