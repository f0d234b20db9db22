import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RUN_ID_HEADER, runPaths, type ConversationHistory } from '@x/agent-protocol/routes';
import { listenOnLoopback } from '../test-utils/loopback-server.js';
import type { AgentServerConfig } from '../config/types.js';
import { memoryStore } from '../store/memory-store.js';
import { STALE_RUN_MS, type ConversationStore } from '../store/types.js';
import { deltaParts, gatedModel } from '../test-utils/gated-model.js';
import { sseEvents, userMessage } from '../test-utils/sse.js';
import { storeServer } from '../test-utils/store-server.js';
import { memoryRunLog } from './memory-run-log.js';
import { LOST_RUN_GRACE_MS } from './stale-run.js';
import type { RunLog } from './run-log.js';

// A run whose server died: another instance, asked to resume it once its heartbeat is stale, saves
// it as interrupted (with the partial reply the run log still has) and answers 204 at once. Real
// HTTP servers; the "dead" instance is one whose HTTP server was closed and whose clock is left
// behind (the test moves `Date` past the staleness limit, so no heartbeat of it is recent).

const DELTAS = ['Alpha ', 'beta ', 'gamma ', 'delta.'];
/** The model's stream-start, text-start and first three deltas come before it waits (6 UI chunks). */
const HOLD_AT = 2 + 2 + 1;
const servers: Server[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function instance(store: ConversationStore, runLog: RunLog, extra: Partial<AgentServerConfig> = {}) {
  const gated = gatedModel(deltaParts(DELTAS), HOLD_AT);
  const { server } = storeServer(store, gated.model, { runLog, ...extra });
  const { base, http } = await listenOnLoopback(server, servers);
  const headers = { 'content-type': 'application/json', 'x-user': 'alice' };
  return {
    ...gated,
    base,
    /** Closes this instance's sockets and server: its clients see the connection drop. */
    kill: () => {
      http.closeAllConnections();
      http.close();
    },
    turn: (conversationId: string) =>
      fetch(`${base}/api/agent/assistant`, { method: 'POST', headers, body: JSON.stringify({ conversationId, messages: [userMessage('Greek letters', 'u1')] }) }),
    resume: (conversationId: string) => fetch(`${base}${runPaths.stream('/api/agent', conversationId)}`, { headers }),
    history: async (conversationId: string) => (await (await fetch(`${base}/api/agent/conversations/${conversationId}`, { headers })).json()) as ConversationHistory,
  };
}

/** Moves the clock past the staleness limit of every run started so far. */
function leaveTheDeadBehind() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + STALE_RUN_MS + 1_000);
}

async function startTurnOn(a: Awaited<ReturnType<typeof instance>>, conversationId: string) {
  const response = await a.turn(conversationId);
  expect(response.status).toBe(200);
  const live = sseEvents(response);
  await a.started;
  await live.take(HOLD_AT + 1);
  return { runId: response.headers.get(RUN_ID_HEADER)!, live };
}

describe('a resume of a run whose server died', () => {
  it('memory run log: marks the run interrupted, clears activeRunId and answers 204 at once (the reply the log lost is an empty interrupted one)', async () => {
    const store = memoryStore();
    const a = await instance(store, memoryRunLog());
    const b = await instance(store, memoryRunLog());
    const { runId } = await startTurnOn(a, 'c1');
    a.kill();
    leaveTheDeadBehind();
    const resumed = await b.resume('c1');
    expect(resumed.status).toBe(204);
    const history = await b.history('c1');
    expect(history.conversation.activeRunId).toBeNull();
    const reply = history.messages.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(await store.getRun('alice', runId)).toMatchObject({ status: 'failed', stopReason: 'interrupted' });
    // Nothing is left to follow.
    expect((await b.resume('c1')).status).toBe(204);
  });

  it('a restarted instance (its memory run log gone): the run it lost is interrupted once it is a few seconds old, not only after the heartbeat limit', async () => {
    const store = memoryStore();
    const a = await instance(store, memoryRunLog());
    const restarted = await instance(store, memoryRunLog());
    const { runId } = await startTurnOn(a, 'c5');
    a.kill();
    // Within the grace period the run may still be reaching a shared log: left alone, and the client
    // is told to re-attach again (not that the run ended).
    const early = await restarted.resume('c5');
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('run_not_ready');
    expect(await store.getRun('alice', runId)).toMatchObject({ status: 'running' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOST_RUN_GRACE_MS + 1_000);
    expect(Date.now() - Date.parse((await store.getRun('alice', runId))!.startedAt)).toBeLessThan(STALE_RUN_MS);
    expect((await restarted.resume('c5')).status).toBe(204);
    expect(await store.getRun('alice', runId)).toMatchObject({ status: 'failed', stopReason: 'interrupted' });
    const history = await restarted.history('c5');
    expect(history.conversation.activeRunId).toBeNull();
    expect(history.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'interrupted' });
  });

  it('a run log that outlived its server (shared): the partial reply is saved with stopReason interrupted', async () => {
    const store = memoryStore();
    const shared = memoryRunLog();
    const a = await instance(store, shared);
    const b = await instance(store, shared);
    const { runId } = await startTurnOn(a, 'c2');
    a.kill();
    leaveTheDeadBehind();
    const started = Date.now();
    const resumed = await b.resume('c2');
    expect(resumed.status).toBe(204);
    // "At once": the backlog is read, not followed (the live log would wait for minutes).
    expect(Date.now() - started).toBeLessThan(STALE_RUN_MS);
    const history = await b.history('c2');
    expect(history.conversation.activeRunId).toBeNull();
    const reply = history.messages.at(-1)!;
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma ', state: 'done' }));
    const run = await store.getRun('alice', runId);
    expect(run).toMatchObject({ status: 'failed', stopReason: 'interrupted', messageId: reply.id });
  });

  it('a resume that follows the run when its server dies is cut; the next resume answers 204 and the partial reply is saved', async () => {
    const store = memoryStore();
    const shared = memoryRunLog();
    const a = await instance(store, shared);
    const b = await instance(store, shared, { keepAliveMs: 40 });
    await startTurnOn(a, 'c3');
    const resumed = await b.resume('c3');
    expect(resumed.status).toBe(200);
    const following = sseEvents(resumed);
    // The run-state event and the backlog so far.
    await following.take(1 + HOLD_AT + 1);
    a.kill();
    leaveTheDeadBehind();
    await expect(following.rest()).rejects.toThrow();
    expect((await b.resume('c3')).status).toBe(204);
    const history = await b.history('c3');
    expect(history.conversation.activeRunId).toBeNull();
    expect(history.messages.at(-1)!.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma ', state: 'done' }));
  });

  it('leaves a live run alone: its resume streams it to the end', async () => {
    const store = memoryStore();
    const shared = memoryRunLog();
    const a = await instance(store, shared);
    const b = await instance(store, shared);
    await startTurnOn(a, 'c4');
    const resumed = await b.resume('c4');
    expect(resumed.status).toBe(200);
    a.release();
    const events = await sseEvents(resumed).rest();
    expect(events.map((e) => e.data).join('')).toContain('delta.');
    await vi.waitFor(async () => expect((await b.history('c4')).messages.at(-1)!.metadata).not.toHaveProperty('stopReason'));
  });
});
