import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory-store.js';
import { STALE_RUN_MS } from '../store/types.js';
import { memoryRunLog } from './memory-run-log.js';
import { appendChunk, interruptedReply, replyFromChunks } from './partial-reply.js';
import { interruptStaleRun } from './stale-run.js';

const delta = (id: string, text: string): UIMessageChunk => ({ type: 'text-delta', id, delta: text });

describe('appendChunk', () => {
  it('merges a part’s consecutive deltas into one (a copy: the chunks passed in are never changed)', () => {
    const chunks: UIMessageChunk[] = [];
    const first = delta('t1', 'a');
    for (const chunk of [{ type: 'text-start', id: 't1' }, first, delta('t1', 'b'), delta('t1', 'c'), delta('t2', 'x'), { type: 'text-end', id: 't1' }] as UIMessageChunk[]) {
      appendChunk(chunks, chunk);
    }
    expect(chunks).toEqual([{ type: 'text-start', id: 't1' }, delta('t1', 'abc'), delta('t2', 'x'), { type: 'text-end', id: 't1' }]);
    expect(first).toEqual(delta('t1', 'a'));
  });

  it('keeps a delta with provider metadata apart (it would be lost in a merge)', () => {
    const chunks: UIMessageChunk[] = [];
    appendChunk(chunks, delta('t1', 'a'));
    appendChunk(chunks, { ...delta('t1', 'b'), providerMetadata: { p: { k: 1 } } } as UIMessageChunk);
    expect(chunks).toHaveLength(2);
  });
});

describe('replyFromChunks and interruptedReply', () => {
  it('builds what a client would hold, text cut mid-stream then marked done and interrupted', async () => {
    const reply = await replyFromChunks([{ type: 'start', messageId: 'm1' }, { type: 'start-step' }, { type: 'text-start', id: 't1' }, delta('t1', 'Half')]);
    expect(reply?.parts.at(-1)).toMatchObject({ type: 'text', text: 'Half', state: 'streaming' });
    expect(interruptedReply(reply!)).toMatchObject({ id: 'm1', parts: [{ type: 'step-start' }, { type: 'text', text: 'Half', state: 'done' }], metadata: { stopReason: 'interrupted' } });
    expect(await replyFromChunks([delta('t1', 'no start')])).toBeUndefined();
  });
});

describe('interruptStaleRun of an approval continuation', () => {
  it('keeps what the continued message held before the run (its approval), adding what the run streamed', async () => {
    const store = memoryStore();
    const runLog = memoryRunLog();
    const toolPart = { type: 'tool-wipe', toolCallId: 'c1', state: 'approval-responded', input: {}, approval: { id: 'a1', approved: true } };
    const now = new Date();
    await store.beginTurn({ userId: 'u', conversationId: 'k', agentId: 'x', expectedVersion: null, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Wipe' }] }], run: { id: 'r0' }, now });
    await store.finishTurn({ userId: 'u', conversationId: 'k', runId: 'r0', reply: { id: 'a', role: 'assistant', parts: [toolPart as never] }, status: 'completed', steps: 1, now });
    const version = (await store.getConversation('u', 'k'))!.version;
    await store.beginTurn({ userId: 'u', conversationId: 'k', agentId: 'x', expectedVersion: version, messages: [], run: { id: 'r1' }, now });
    const log = runLog.open({ runId: 'r1', conversationId: 'k', userId: 'u', agentId: 'x', startedAt: now.getTime() });
    for (const chunk of [{ type: 'start', messageId: 'a' }, { type: 'start-step' }, { type: 'text-start', id: 't1' }, delta('t1', 'Wiped ')]) log.append(JSON.stringify(chunk));
    expect(await interruptStaleRun({ store, runLog, userId: 'u' }, 'k', 'r1', Date.now() + STALE_RUN_MS + 1_000)).toBe(true);
    const reply = (await store.loadThread('u', 'k'))!.at(-1)!;
    expect(reply.id).toBe('a');
    expect(reply.parts[0]).toMatchObject({ type: 'tool-wipe', toolCallId: 'c1' });
    expect(reply.parts.at(-1)).toMatchObject({ type: 'text', text: 'Wiped ', state: 'done' });
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
  });
});
