import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from './memory-store.js';
import { pgliteStore } from './pglite-store.js';
import type { ConversationStore, RunCheckpoint } from './types.js';

const checkpoint = (text: string): RunCheckpoint => ({
  reply: { id: 'r1', role: 'assistant', parts: [{ type: 'text', text, state: 'streaming' }], metadata: { runId: 'run-1' } },
  parentId: 'u1',
  steps: 1,
  fallbackTitle: 'Plan my week',
});

const stores: [string, () => ConversationStore][] = [
  ['memory store', () => memoryStore()],
  ['PGlite', () => pgliteStore({ dataDir: 'memory://' })],
];

describe.each(stores)('checkpointRun (%s)', (_, makeStore) => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = makeStore();
    await store.listConversations('u', { limit: 1 });
  }, 60_000);
  afterAll(async () => {
    await store.close?.();
  });

  async function begin(conversationId: string, runId: string) {
    await store.beginTurn({
      userId: 'u',
      conversationId,
      agentId: 'a',
      expectedVersion: null,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Plan my week' }] }],
      run: { id: runId },
      now: new Date(),
    });
  }

  it('keeps the running run’s checkpoint (NUL and half an emoji too), and writes no message and no version', async () => {
    await begin('c1', 'run-1');
    const before = (await store.getConversation('u', 'c1'))!;
    const text = 'Mon\u0000day \ud83d';
    await store.checkpointRun!({ userId: 'u', conversationId: 'c1', runId: 'run-1', checkpoint: checkpoint(text), now: new Date() });
    expect((await store.getRun('u', 'run-1'))?.checkpoint).toEqual(checkpoint(text));
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1']);
    expect((await store.getConversation('u', 'c1'))!).toMatchObject({ version: before.version, title: null, activeRunId: 'run-1' });
  });

  it('writes the title when the conversation has none, and never over one', async () => {
    await begin('c2', 'run-2');
    await store.checkpointRun!({ userId: 'u', conversationId: 'c2', runId: 'run-2', checkpoint: checkpoint('a'), title: 'Week plan', now: new Date() });
    expect((await store.getConversation('u', 'c2'))?.title).toBe('Week plan');
    await store.checkpointRun!({ userId: 'u', conversationId: 'c2', runId: 'run-2', checkpoint: checkpoint('b'), title: 'Other', now: new Date() });
    expect((await store.getConversation('u', 'c2'))?.title).toBe('Week plan');
  });

  it('never touches a run that ended (a late checkpoint), and the end clears it', async () => {
    await begin('c3', 'run-3');
    await store.checkpointRun!({ userId: 'u', conversationId: 'c3', runId: 'run-3', checkpoint: checkpoint('so far'), now: new Date() });
    await store.finishTurn({
      userId: 'u',
      conversationId: 'c3',
      runId: 'run-3',
      reply: { id: 'r1', role: 'assistant', parts: [{ type: 'text', text: 'All of it.' }] },
      status: 'completed',
      steps: 1,
      now: new Date(),
    });
    expect((await store.getRun('u', 'run-3'))?.checkpoint).toBeNull();
    await store.checkpointRun!({ userId: 'u', conversationId: 'c3', runId: 'run-3', checkpoint: checkpoint('late'), title: 'Late', now: new Date() });
    expect((await store.getRun('u', 'run-3'))?.checkpoint).toBeNull();
    expect((await store.getConversation('u', 'c3'))?.title).toBeNull();
    expect((await store.loadThread('u', 'c3'))!.at(-1)!.parts).toEqual([{ type: 'text', text: 'All of it.' }]);
  });

  it('is scoped to the user: another user’s checkpoint of the run changes nothing', async () => {
    await begin('c4', 'run-4');
    await store.checkpointRun!({ userId: 'mallory', conversationId: 'c4', runId: 'run-4', checkpoint: checkpoint('x'), title: 'Pwned', now: new Date() });
    expect((await store.getRun('u', 'run-4'))?.checkpoint ?? null).toBeNull();
    expect((await store.getConversation('u', 'c4'))?.title).toBeNull();
  });
});
