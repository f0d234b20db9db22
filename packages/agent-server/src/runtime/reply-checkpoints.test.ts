import type { UIMessageChunk } from 'ai';
import { CHAT_TITLE_PART } from '@x/agent-protocol';
import { describe, expect, it, vi } from 'vitest';
import type { StoredTurnProgress } from './persist-turn.js';
import { memoryStore } from '../store/memory-store.js';
import { deltaParts } from '../test-utils/gated-model.js';
import { mockModel } from '../test-utils/mock-model.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { storeServer, turnRequest } from '../test-utils/store-server.js';
import { CHECKPOINT_INTERVAL_MS, startReplyCheckpoints } from './reply-checkpoints.js';

/** A checkpoint writer that records what it writes (each write takes `writeMs`). */
function recordingWriter(writeMs = 0) {
  const written: StoredTurnProgress[] = [];
  const write = async (progress: StoredTurnProgress) => {
    await new Promise((resolve) => setTimeout(resolve, writeMs));
    written.push(structuredClone(progress));
  };
  return { write, written };
}

const textOf = (progress: StoredTurnProgress | undefined) => progress?.reply.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
const start: UIMessageChunk = { type: 'start', messageId: 'msg-1' };
const delta = (text: string): UIMessageChunk => ({ type: 'text-delta', id: 't1', delta: text });

describe('startReplyCheckpoints', () => {
  it('never writes per chunk: 5,000 chunks within one interval give no write until the interval passed, then one', async () => {
    const { write, written } = recordingWriter();
    const checkpoints = startReplyCheckpoints({ write, base: undefined, fallbackTitle: undefined, intervalMs: 100, onError: () => {} });
    checkpoints.push(start);
    checkpoints.push({ type: 'text-start', id: 't1' });
    for (let i = 0; i < 5_000; i++) checkpoints.push(delta('x'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toHaveLength(0);
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(textOf(written[0])).toBe('x'.repeat(5_000));
    await checkpoints.settle();
    expect(written).toHaveLength(1);
  });

  it('writes at once at a step end and when the title arrives (the title then replaces the fallback)', async () => {
    const { write, written } = recordingWriter();
    const checkpoints = startReplyCheckpoints({ write, base: undefined, fallbackTitle: 'Tell me a story', intervalMs: 60_000, onError: () => {} });
    checkpoints.push(start); // a first turn: written at once, with its fallback title
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toMatchObject({ steps: 0, fallbackTitle: 'Tell me a story' });
    for (const chunk of [{ type: 'start-step' }, { type: 'text-start', id: 't1' }, delta('Once'), { type: 'text-end', id: 't1' }, { type: 'finish-step' }] as UIMessageChunk[]) {
      checkpoints.push(chunk);
    }
    await vi.waitFor(() => expect(written).toHaveLength(2));
    expect(written[1]).toMatchObject({ steps: 1 });
    expect(textOf(written[1])).toBe('Once');
    checkpoints.push({ type: CHAT_TITLE_PART, id: 'chat-title', data: { title: 'A story' } } as UIMessageChunk);
    await vi.waitFor(() => expect(written).toHaveLength(3));
    expect(written[2]).toMatchObject({ title: 'A story' });
    expect(written[2]!.fallbackTitle).toBeUndefined();
    await checkpoints.settle();
  });

  it('keeps one write at a time, follows a slow write with the latest reply, and writes nothing after settle', async () => {
    const { write, written } = recordingWriter(50);
    const checkpoints = startReplyCheckpoints({ write, base: undefined, fallbackTitle: undefined, intervalMs: 60_000, onError: () => {} });
    checkpoints.push(start);
    checkpoints.push({ type: 'start-step' });
    checkpoints.push({ type: 'finish-step' }); // write 1 starts
    checkpoints.push({ type: 'start-step' });
    checkpoints.push({ type: 'text-start', id: 't1' });
    checkpoints.push(delta('later'));
    checkpoints.push({ type: 'text-end', id: 't1' });
    checkpoints.push({ type: 'finish-step' }); // due while write 1 is in flight: follows it
    await vi.waitFor(() => expect(written).toHaveLength(2));
    expect(written[1]).toMatchObject({ steps: 2 });
    expect(textOf(written[1])).toBe('later');
    checkpoints.push({ type: 'start-step' });
    checkpoints.push({ type: 'finish-step' });
    await checkpoints.settle(); // waits for the write in flight
    const count = written.length;
    checkpoints.push({ type: 'finish-step' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(written).toHaveLength(count);
  });

  it('continues the message of an approval continuation (its earlier parts are kept)', async () => {
    const { write, written } = recordingWriter();
    const base = { id: 'msg-a', role: 'assistant' as const, parts: [{ type: 'text' as const, text: 'Before. ', state: 'done' as const }] };
    const checkpoints = startReplyCheckpoints({ write, base, fallbackTitle: undefined, intervalMs: 60_000, onError: () => {} });
    for (const chunk of [{ type: 'start', messageId: 'msg-a' }, { type: 'start-step' }, { type: 'text-start', id: 't2' }, delta('After.'), { type: 'text-end', id: 't2' }, { type: 'finish-step' }] as UIMessageChunk[]) {
      checkpoints.push(chunk.type === 'text-delta' ? { ...chunk, id: 't2' } : chunk);
    }
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]!.reply.id).toBe('msg-a');
    expect(textOf(written[0])).toBe('Before. After.');
    await checkpoints.settle();
  });

  it('reports a failed write and goes on', async () => {
    const errors: unknown[] = [];
    const write = () => Promise.reject(new Error('db down'));
    const checkpoints = startReplyCheckpoints({ write, base: undefined, fallbackTitle: 'T', intervalMs: 60_000, onError: (e) => errors.push(e) });
    checkpoints.push(start);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    await checkpoints.settle();
  });
});

describe('checkpoints of a streamed reply, through the server', () => {
  it('a reply of 3,000 chunks is checkpointed a few times at most, never per chunk', async () => {
    const store = memoryStore();
    const writes: number[] = [];
    const checkpointRun = store.checkpointRun!.bind(store);
    store.checkpointRun = (input) => {
      writes.push(Date.now());
      return checkpointRun(input);
    };
    const deltas = Array.from({ length: 3_000 }, (_, i) => `w${i} `);
    const { server } = storeServer(store, mockModel(deltaParts(deltas)));
    const started = Date.now();
    const chunks = await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Go', 'u1')] })));
    const elapsed = Date.now() - started;
    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(3_000);
    // At most one per interval that passed, and one at the step's end.
    expect(writes.length).toBeLessThanOrEqual(1 + Math.ceil(elapsed / CHECKPOINT_INTERVAL_MS));
    // The turn's end saves the whole reply.
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')).toBe(deltas.join(''));
    expect((await store.listRuns('alice', 'c1'))![0]!.checkpoint).toBeNull();
  });
});
