import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { RunRecordStore } from './run-record-store.js';

function setup() {
  const server = createAgentServer({
    agents: { assistant: { model: scriptedModel({ steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 }) } },
    store: memoryStore(),
    logger: { warn: () => {}, error: () => {} },
  });
  const answer = inProcessFetch(server);
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new URL(String(input), 'http://localhost').pathname + new URL(String(input), 'http://localhost').search);
    return answer(input, init);
  };
  return { fetch, requests };
}

async function turn(fetch: typeof globalThis.fetch, conversationId: string) {
  const response = await fetch('/api/agent/assistant', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId, messages: [{ id: `u-${Math.random()}`, role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] }),
  });
  await response.text();
}

const settle = (store: RunRecordStore, status: string) =>
  new Promise<void>((resolve) => {
    if (store.getSnapshot().status === status) return resolve();
    const off = store.subscribe(() => {
      if (store.getSnapshot().status === status) {
        off();
        resolve();
      }
    });
  });

describe('RunRecordStore', () => {
  it('reads a conversation’s newest run; a conversation the server does not have yet has none', async () => {
    const { fetch } = setup();
    const empty = new RunRecordStore({ conversationId: 'c-new', fetch, live: false });
    empty.start();
    await settle(empty, 'ready');
    expect(empty.getSnapshot()).toMatchObject({ record: null, status: 'ready', error: null });

    await turn(fetch, 'c1');
    await turn(fetch, 'c1');
    const store = new RunRecordStore({ conversationId: 'c1', fetch, live: false });
    store.start();
    await settle(store, 'ready');
    const newest = store.getSnapshot().record!;
    expect(newest).toMatchObject({ agentId: 'assistant', conversationId: 'c1', status: 'completed' });

    const byId = new RunRecordStore({ runId: newest.id, fetch });
    byId.start();
    await settle(byId, 'ready');
    expect(byId.getSnapshot().record!.id).toBe(newest.id);
    byId.stop();
  });

  it('reports a refused read with the server’s code, keeps the last record, and stops reading a finished run', async () => {
    const { fetch, requests } = setup();
    await turn(fetch, 'c1');
    const missing = new RunRecordStore({ runId: 'run-nope', fetch });
    missing.start();
    await settle(missing, 'error');
    expect(missing.getSnapshot().error).toMatchObject({ status: 404, code: 'run_not_found' });

    const listed = new RunRecordStore({ conversationId: 'c1', fetch, live: false });
    listed.start();
    await settle(listed, 'ready');
    const runId = listed.getSnapshot().record!.id;
    requests.length = 0;
    const done = new RunRecordStore({ runId, fetch, intervalMs: 10 });
    let published = 0;
    done.subscribe(() => published++);
    done.start();
    await settle(done, 'ready');
    await done.refresh();
    // A completed run is read once per refresh, never polled; an unchanged answer publishes nothing.
    expect(requests).toEqual([`/api/agent/runs/${runId}`, `/api/agent/runs/${runId}`]);
    expect(published).toBe(1);
    done.stop();
  });
});
