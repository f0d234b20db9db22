import type { Server } from 'node:http';
import { HttpAgent } from '@ag-ui/client';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory-store.js';
import type { MessageRecord } from '../store/types.js';
import { closeServers, serveAgUi } from '../test-utils/ag-ui-server.js';
import { deltaParts, gatedModel } from '../test-utils/gated-model.js';
import { agUiOnDisconnect } from './ag-ui-route.js';

const servers: Server[] = [];
afterEach(() => closeServers(servers));

/** Resolves when `read` gives a value (polled), or fails after `ms`. */
async function eventually<T>(read: () => Promise<T | undefined>, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/**
 * A store, a model that streams "Partial " and then holds the rest until released, and an
 * `HttpAgent` whose run is aborted (`abortRun()`) as soon as the first text arrives.
 */
async function abortedRun(extra: { onDisconnect?: 'continue' | 'abort' } = {}) {
  const store = memoryStore();
  const gated = gatedModel(deltaParts(['Partial ', 'rest ', 'of it.']), 3);
  const { url } = await serveAgUi(servers, gated.model, { store, authenticate: () => ({ id: 'alice' }), ...extra });
  const agent = new HttpAgent({ url, threadId: 'conv-stop', initialMessages: [{ id: 'u1', role: 'user', content: 'Tell me' }] });
  const run = agent
    .runAgent({}, { onTextMessageContentEvent: () => agent.abortRun() })
    .catch(() => undefined);
  await within(gated.started, 5_000);
  const reply = () => eventually(async () => ((await store.loadThread('alice', 'conv-stop')) ?? []).find((m: MessageRecord) => m.role === 'assistant'));
  return { gated, run, reply };
}

describe('POST …/ag-ui: an AG-UI client stops its run by closing the connection', () => {
  it('with a store, HttpAgent.abortRun() aborts the model and the stored reply is marked stopped', async () => {
    const { gated, run, reply } = await abortedRun();
    await within(gated.aborted, 5_000);
    expect(gated.wasAborted()).toBe(true);
    await run;
    const stored = await reply();
    expect(stored.metadata.stopReason).toBe('stopped');
    expect(JSON.stringify(stored.parts)).toContain('Partial ');
    expect(JSON.stringify(stored.parts)).not.toContain('of it.');
  });

  it("an app that set onDisconnect: 'continue' keeps the run going: the whole reply is saved", async () => {
    const { gated, run, reply } = await abortedRun({ onDisconnect: 'continue' });
    await run;
    gated.release();
    const stored = await eventually(async () => {
      const saved = await reply();
      return JSON.stringify(saved.parts).includes('of it.') ? saved : undefined;
    });
    expect(gated.wasAborted()).toBe(false);
    expect(stored.metadata.stopReason).toBeUndefined();
  });

  it('the rule: abort unless the app set continue itself', () => {
    expect(agUiOnDisconnect({})).toBe('abort');
    expect(agUiOnDisconnect({ onDisconnect: 'abort' })).toBe('abort');
    expect(agUiOnDisconnect({ onDisconnect: 'continue' })).toBe('continue');
  });
});
