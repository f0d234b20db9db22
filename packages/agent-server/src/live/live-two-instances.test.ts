import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@x/agent-protocol/routes';
import { createAgentServer } from '../server.js';
import { redisRunLog } from '../runs/redis-run-log.js';
import type { RunLog } from '../runs/run-log.js';
import { memoryStore } from '../store/memory-store.js';
import type { ConversationStore } from '../store/types.js';
import { listenOnLoopback } from '../test-utils/loopback-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { startRedis, type RedisServer } from '../test-utils/redis-server.js';
import { readChunks, sseEvents, userMessage } from '../test-utils/sse.js';

/**
 * Two server instances sharing one store and one Redis (each its own `redisRunLog`, as two
 * processes behind a load balancer), on real HTTP ports: what one user does through instance A
 * shows on the live stream the user holds open on instance B, and another user sees none of it.
 */

let redis: RedisServer;
let client: Redis;
const servers: Server[] = [];
const logs: RunLog[] = [];
beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
}, 60_000);
afterAll(async () => {
  for (const http of servers) {
    http.closeAllConnections();
    http.close();
  }
  await Promise.all(logs.map((log) => log.close?.()));
  client?.disconnect();
  redis?.destroy();
});

async function instance(store: ConversationStore, url = redis.url, prefix = 'live:') {
  const runLog = redisRunLog({ url }, { keyPrefix: prefix, commandTimeoutMs: 500, onError: () => {} });
  logs.push(runLog);
  const server = createAgentServer({
    agents: { assistant: { model: mockModel(textParts('Hello from A.')) } },
    authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'alice' }),
    logger: { warn: () => {}, error: () => {} },
    store,
    runLog,
    keepAliveMs: 0,
  });
  return { server, ...(await listenOnLoopback(server, servers)) };
}

const openEvents = async (base: string, user: string, signal?: AbortSignal) => {
  const response = await fetch(`${base}/api/agent/events`, { headers: { 'x-user': user }, ...(signal ? { signal } : {}) });
  expect(response.status).toBe(200);
  return sseEvents(response);
};
type Tab = ReturnType<typeof sseEvents>;
const take = async (tab: Tab, count: number) =>
  (await Promise.race([tab.take(count), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`fewer than ${count} events in 5 s`)), 5_000))])).map(
    (e) => JSON.parse(e.data) as LiveEvent,
  );
const quiet = async (tab: Tab, ms = 200) => {
  const next = await Promise.race([tab.next(), new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), ms))]);
  await tab.cancel().catch(() => {});
  return next === 'quiet';
};
const channels = async (pattern: string) => (await client.call('PUBSUB', 'CHANNELS', pattern)) as string[];
const eventually = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 250; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
};

describe('live events across two instances (real Redis, real HTTP)', () => {
  it('a turn on instance A shows on the stream open on instance B; another user sees nothing on either', async () => {
    const store = memoryStore();
    const [a, b] = [await instance(store), await instance(store)];
    const onB = await openEvents(b.base, 'alice');
    const bobOnA = await openEvents(a.base, 'bob');
    const bobOnB = await openEvents(b.base, 'bob');
    const turn = await fetch(`${a.base}/api/agent/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify({ conversationId: 'c1', messages: [userMessage('Hi', 'u1')] }),
    });
    const runId = turn.headers.get('x-run-id');
    await readChunks(turn);
    const events = await take(onB, 3);
    expect(events.map((e) => e.type)).toEqual(['conversation-created', 'turn-started', 'turn-ended']);
    expect(events[1]).toMatchObject({ conversationId: 'c1', runId, conversation: { id: 'c1', activeRunId: runId } });
    expect(events[2]).toMatchObject({ runId, end: 'completed', conversation: { activeRunId: null } });
    // A rename through B follows on the same stream.
    await fetch(`${b.base}/api/agent/conversations/c1`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-user': 'alice' }, body: JSON.stringify({ title: 'Trip' }) });
    expect((await take(onB, 1))[0]).toMatchObject({ type: 'conversation-renamed', how: 'renamed', conversation: { title: 'Trip' } });
    expect(await quiet(onB)).toBe(true);
    expect(await quiet(bobOnA)).toBe(true);
    expect(await quiet(bobOnB)).toBe(true);
  });

  it('a stream that closes unsubscribes its user on that instance once its last stream is gone', async () => {
    const store = memoryStore();
    const a = await instance(store, redis.url, 'gone:');
    const first = new AbortController();
    const second = new AbortController();
    await openEvents(a.base, 'carol', first.signal);
    await openEvents(a.base, 'carol', second.signal);
    expect(await channels('gone:events:*')).toEqual(['gone:events:carol']);
    first.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await channels('gone:events:*')).toEqual(['gone:events:carol']);
    second.abort();
    await eventually(async () => (await channels('gone:events:*')).length === 0, 'carol unsubscribed');
  });

  it('answers 503 run_log_unavailable when Redis is down', async () => {
    const dying = await startRedis();
    try {
      const a = await instance(memoryStore(), dying.url);
      dying.kill();
      const response = await fetch(`${a.base}/api/agent/events`, { headers: { 'x-user': 'alice' } });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: { code: 'run_log_unavailable' } });
    } finally {
      dying.destroy();
    }
  });
});
