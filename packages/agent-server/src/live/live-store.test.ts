import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@x/agent-protocol/routes';
import { memoryRunLog } from '../runs/memory-run-log.js';
import type { RunLog } from '../runs/run-log.js';
import { interruptStaleRun } from '../runs/stale-run.js';
import { memoryStore } from '../store/memory-store.js';
import { STALE_RUN_MS, type ConversationStore } from '../store/types.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { liveStore } from './live-store.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A live store on a memory store and log, and the events user `alice` (and `bob`) received. */
async function setUp(runLog: RunLog = memoryRunLog()) {
  const logger = recordingLogger();
  const inner = memoryStore();
  const store = liveStore(inner, { runLog, logger });
  const received = async (user: string) => {
    const controller = new AbortController();
    const reader = await runLog.readUserEvents!(user, null, controller.signal);
    const got: LiveEvent[] = [];
    void (async () => {
      for await (const entry of reader.events) got.push(JSON.parse(entry.data) as LiveEvent);
    })();
    return { got, stop: () => controller.abort() };
  };
  return { store, inner, logger, alice: await received('alice'), bob: await received('bob') };
}

const begin = (store: ConversationStore, id: string, runId: string, expectedVersion: number | null, now = new Date()) =>
  store.beginTurn({ userId: 'alice', conversationId: id, agentId: 'assistant', expectedVersion, messages: [{ id: `${runId}-u`, role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], run: { id: runId }, now });

describe('liveStore', () => {
  it('says a run given up as lost ended `interrupted` (the stale-run check goes through finishTurn)', async () => {
    const { store, alice } = await setUp();
    const started = new Date(Date.now() - STALE_RUN_MS - 1_000);
    await begin(store, 'c1', 'r1', null, started);
    expect(await interruptStaleRun({ store, runLog: undefined, userId: 'alice' }, 'c1', 'r1')).toBe(true);
    await settle();
    expect(alice.got.map((e) => e.type)).toEqual(['conversation-created', 'turn-started', 'turn-ended']);
    expect(alice.got[2]).toMatchObject({ runId: 'r1', end: 'interrupted', conversation: { activeRunId: null } });
  });

  it('announces a generated title once: from the first checkpoint that wrote it, not again at the end; else at the end', async () => {
    const { store, alice } = await setUp();
    await begin(store, 'c1', 'r1', null);
    const checkpoint = { reply: { id: 'a1', role: 'assistant' as const, parts: [] }, parentId: 'r1-u', steps: 0 };
    for (let i = 0; i < 3; i++) await store.checkpointRun!({ userId: 'alice', conversationId: 'c1', runId: 'r1', checkpoint, title: 'Trip plans', now: new Date() });
    await store.finishTurn({ userId: 'alice', conversationId: 'c1', runId: 'r1', title: 'Trip plans', status: 'completed', steps: 1, now: new Date() });
    // A second conversation titled only at its end.
    await begin(store, 'c2', 'r2', null);
    await store.finishTurn({ userId: 'alice', conversationId: 'c2', runId: 'r2', title: 'Budget', status: 'completed', steps: 1, now: new Date() });
    await settle();
    const titled = alice.got.filter((e) => e.type === 'conversation-renamed');
    expect(titled).toMatchObject([
      { conversationId: 'c1', how: 'titled', conversation: { title: 'Trip plans' } },
      { conversationId: 'c2', how: 'titled', conversation: { title: 'Budget' } },
    ]);
    // A title a conversation already had (a rename came first) is not announced as generated.
    await begin(store, 'c3', 'r3', null);
    await store.renameConversation('alice', 'c3', 'Mine');
    const v = (await store.getConversation('alice', 'c3'))!;
    expect(v.title).toBe('Mine');
    await store.finishTurn({ userId: 'alice', conversationId: 'c3', runId: 'r3', title: 'Generated', status: 'completed', steps: 1, now: new Date() });
    await settle();
    expect(alice.got.filter((e) => e.type === 'conversation-renamed' && e.conversationId === 'c3')).toMatchObject([{ how: 'renamed' }]);
  });

  it('publishes feedback-changed only for feedback, and nothing for a write that changed nothing', async () => {
    const { store, alice } = await setUp();
    await begin(store, 'c1', 'r1', null);
    await store.finishTurn({ userId: 'alice', conversationId: 'c1', runId: 'r1', reply: { id: 'a1', role: 'assistant', parts: [] }, status: 'completed', steps: 1, now: new Date() });
    await settle();
    const before = alice.got.length;
    await store.updateMessageMetadata('alice', 'c1', 'a1', { a2aCanceled: 't1' });
    await store.updateMessageMetadata('alice', 'c1', 'a1', { feedback: { value: 'like' } });
    await store.updateMessageMetadata('alice', 'c1', 'missing', { feedback: { value: 'like' } });
    await store.renameConversation('alice', 'missing', 'x');
    await store.deleteConversation('alice', 'missing');
    await store.deleteMessage('alice', 'c1', 'missing');
    await store.switchBranch('alice', 'c1', 'missing', new Date());
    await store.saveQueue('alice', 'missing', []);
    await settle();
    expect(alice.got.slice(before)).toMatchObject([{ type: 'feedback-changed', messageId: 'a1' }]);
  });

  it('keeps the writes working and reports once when events cannot be published; another user receives none', async () => {
    const log = memoryRunLog();
    let failing = true;
    const flaky: RunLog = { ...log, publishUserEvent: (user, data) => (failing ? Promise.reject(new Error('down')) : log.publishUserEvent!(user, data)) };
    const { store, logger, alice, bob } = await setUp(flaky);
    await begin(store, 'c1', 'r1', null);
    await store.finishTurn({ userId: 'alice', conversationId: 'c1', runId: 'r1', status: 'completed', steps: 1, now: new Date() });
    await settle();
    expect(alice.got).toEqual([]);
    expect(logger.messages().filter((m) => m.includes('live event'))).toHaveLength(1);
    failing = false;
    await store.renameConversation('alice', 'c1', 'Back');
    await settle();
    expect(alice.got).toMatchObject([{ type: 'conversation-renamed', how: 'renamed' }]);
    expect(bob.got).toEqual([]);
  });

  it('returns the store as it is when the run log carries no events', () => {
    const inner = memoryStore();
    const { publishUserEvent: _p, readUserEvents: _r, ...plain } = memoryRunLog();
    expect(liveStore(inner, { runLog: plain, logger: recordingLogger() })).toBe(inner);
    expect(liveStore(inner, { runLog: undefined, logger: recordingLogger() })).toBe(inner);
  });
});
