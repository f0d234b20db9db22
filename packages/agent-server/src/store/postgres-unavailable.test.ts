import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { stallingModel } from '../test-utils/model-parts.js';
import { startPostgres, type PostgresServer } from '../test-utils/postgres-server.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import { postgresStore } from './postgres-store.js';
import type { ConversationStore } from './types.js';

describe('PostgreSQL stopped mid-run', () => {
  let pg: PostgresServer;
  let store: ConversationStore;
  beforeAll(async () => {
    pg = await startPostgres();
    store = postgresStore({ connectionString: pg.connectionString, timeoutMs: 3_000 });
  }, 60_000);
  afterAll(async () => {
    await store?.close?.();
    pg?.destroy();
  });

  it('answers 503 store_unavailable with one log line (no hang, no 500), and recovers when the database is back', async () => {
    const { model, started } = stallingModel('Working on ');
    const { server, logger } = storeServer(store, mockModel(textParts('Hello.')));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));
    expect((await server.fetch(routeRequest(''))).status).toBe(200);

    // A turn is streaming when the database goes away: its stream still ends, the loss is logged.
    const { server: slow, logger: slowLogger } = storeServer(store, model, { onDisconnect: 'abort' });
    const abort = new AbortController();
    const streaming = await slow.fetch(new Request(turnRequest('c1', { messages: [userMessage('More', 'u2')] }), { signal: abort.signal }));
    const reading = readChunks(streaming).catch(() => []);
    await started;
    pg.stop();
    abort.abort();
    await reading;
    await expect.poll(() => slowLogger.messages()).toContain('store unavailable: the reply was not saved');

    for (const request of [routeRequest(''), routeRequest('/c1'), routeRequest('/c1', { method: 'PATCH', body: { title: 'x' } }), turnRequest('c1', { messages: [userMessage('Again', 'u3')] })]) {
      const response = await server.fetch(request);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('store_unavailable');
      expect(body.error.message).not.toMatch(/ECONNREFUSED|at .*\.js/);
    }
    expect(logger.records.filter((r) => r.message === 'store unavailable')).toHaveLength(4);

    pg.start();
    await expect.poll(async () => (await server.fetch(routeRequest(''))).status, { timeout: 10_000 }).toBe(200);
    // The reply of the turn cut off by the outage is saved by a retry, and the conversation is free again.
    await expect.poll(async () => (await store.loadThread('alice', 'c1'))!.length, { timeout: 20_000, interval: 250 }).toBe(4);
    expect(await store.listRuns('alice', 'c1')).toMatchObject([{ status: 'completed' }, { status: 'stopped', stopReason: 'stopped' }]);
    expect((await store.getConversation('alice', 'c1'))!.activeRunId).toBeNull();
  }, 60_000);
});
