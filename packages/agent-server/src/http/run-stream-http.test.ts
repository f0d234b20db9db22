import type { Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RUN_ID_HEADER, RUN_STATE_PART, runPaths } from '@x/agent-protocol/routes';
import { listenOnLoopback } from '../test-utils/loopback-server.js';
import type { AgentServerConfig } from '../config/types.js';
import { memoryStore } from '../store/memory-store.js';
import { deltaParts, gatedModel } from '../test-utils/gated-model.js';
import { sseEvents, userMessage } from '../test-utils/sse.js';
import { storeServer } from '../test-utils/store-server.js';

// The run routes and the disconnect rules over a real socket (toNodeHandler): a client that goes
// away closes the connection, as a closed tab or a dropped network does.

const DELTAS = ['Alpha ', 'beta ', 'gamma ', 'delta.'];
const TEXT = DELTAS.join('');
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function listen(extra: Partial<AgentServerConfig> = {}) {
  const gated = gatedModel(deltaParts(DELTAS), 2 + DELTAS.length + 1);
  const store = memoryStore();
  const { server } = storeServer(store, gated.model, extra);
  const { base } = await listenOnLoopback(server, servers);
  const turn = (conversationId: string, signal: AbortSignal) =>
    fetch(`${base}/api/agent/assistant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify({ conversationId, messages: [userMessage('Greek letters', 'u1')] }),
      signal,
    });
  const resume = (conversationId: string, lastEventId?: string) =>
    fetch(`${base}${runPaths.stream('/api/agent', conversationId)}`, {
      headers: { 'x-user': 'alice', ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    });
  const stop = (conversationId: string) =>
    fetch(`${base}${runPaths.stop('/api/agent', conversationId)}`, { method: 'POST', headers: { 'x-user': 'alice' } });
  return { ...gated, store, turn, resume, stop };
}

const deltasOf = (events: { data: string }[]) =>
  events
    .map((e) => JSON.parse(e.data) as { type: string; delta?: string })
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');

describe('runs over HTTP (node adapter)', () => {
  it("a dropped connection leaves the run going ('continue'); a resume with Last-Event-ID gets the rest; the whole reply is saved", async () => {
    const app = await listen();
    const abort = new AbortController();
    const response = await app.turn('c1', abort.signal);
    const runId = response.headers.get(RUN_ID_HEADER);
    const live = sseEvents(response);
    await app.started;
    const seen = await live.take(4);
    abort.abort(); // the connection drops
    await live.cancel().catch(() => {});
    const resumed = sseEvents(await app.resume('c1', seen.at(-1)!.id));
    expect(JSON.parse((await resumed.next())!.data)).toMatchObject({ type: RUN_STATE_PART, data: { runId } });
    app.release();
    const rest = await resumed.rest();
    expect(rest[0]!.id).toBe(String(Number(seen.at(-1)!.id) + 1));
    expect(deltasOf([...seen, ...rest])).toBe(TEXT);
    await vi.waitFor(async () => expect((await app.store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    expect(app.wasAborted()).toBe(false);
    const reply = (await app.store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: TEXT })]));
    expect((await app.resume('c1')).status).toBe(204);
  });

  it("with onDisconnect 'abort' a dropped connection stops the model and the reply is saved as stopped", async () => {
    const app = await listen({ onDisconnect: 'abort' });
    const abort = new AbortController();
    const live = sseEvents(await app.turn('c1', abort.signal));
    await app.started;
    await live.take(3);
    abort.abort();
    await live.cancel().catch(() => {});
    await app.aborted;
    await vi.waitFor(async () => expect((await app.store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    expect((await app.store.loadThread('alice', 'c1'))!.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
  });

  it('Stop over HTTP stops the model of a run whose client is gone', async () => {
    const app = await listen();
    const abort = new AbortController();
    const live = sseEvents(await app.turn('c1', abort.signal));
    await app.started;
    await live.take(2);
    abort.abort();
    await live.cancel().catch(() => {});
    const stopped = await app.stop('c1');
    expect(stopped.status).toBe(202);
    await app.aborted;
    await vi.waitFor(async () => expect((await app.store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    expect((await app.store.loadThread('alice', 'c1'))!.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
  });
});
