import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../store/memory-store.js';
import { junkString, junkValue, Rng } from '../test-utils/fuzz-cases.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { storeServer } from '../test-utils/store-server.js';

// Conversation-route fuzz: generated paths, methods, queries and bodies against a store with one
// conversation. Never a 5xx or a throw; every error is JSON with a known code and its status.
// FUZZ_SEED reproduces a failure.

/** Lone surrogates replaced, so `encodeURIComponent` can encode it. */
const wellFormed = (text: string) => text.replace(/[\ud800-\udfff]/gu, '?');

const SEED = Number(process.env.FUZZ_SEED ?? 0xc0_2026);
const CASES = Number(process.env.FUZZ_CASES ?? 600);

describe('conversation route fuzz', () => {
  it(`answers ${CASES} generated requests with JSON 4xx or success, never a 5xx (seed ${SEED})`, async () => {
    const store = memoryStore();
    await store.beginTurn({
      userId: 'alice',
      conversationId: 'c1',
      agentId: 'assistant',
      expectedVersion: null,
      messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
      run: { id: 'r1' },
      now: new Date(),
    });
    const { server } = storeServer(store, mockModel(textParts('ok')));
    const rng = new Rng(SEED);
    const segments = () =>
      rng.bool(0.1) ? rng.pick(['%E0%A4%A', '%', '%%20']) : encodeURIComponent(rng.pick(['c1', 'm1', 'messages', 'feedback', '', '..', wellFormed(junkString(rng, 12))]));
    const seen = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const path = Array.from({ length: rng.int(5) }, segments).join('/');
      const query = rng.bool(0.5) ? `?${rng.pick(['cursor', 'before', 'limit', 'q', 'agentId'])}=${encodeURIComponent(wellFormed(junkString(rng, 30)))}` : '';
      const method = rng.pick(['GET', 'PATCH', 'PUT', 'DELETE', 'POST', 'HEAD', 'OPTIONS']);
      const body = ['GET', 'HEAD'].includes(method) ? undefined : rng.bool(0.2) ? junkString(rng, 60) : JSON.stringify(junkValue(rng));
      const request = new Request(`http://localhost/api/agent/conversations/${path}${query}`.replace(/\/(\?|$)/, '$1'), {
        method,
        headers: { 'content-type': rng.bool(0.9) ? 'application/json' : 'text/plain', 'x-user': rng.pick(['alice', 'bob']) },
        ...(body !== undefined ? { body } : {}),
      });
      const response = await server.fetch(request);
      seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
      expect(response.status, `${method} ${request.url}`).toBeLessThan(500);
      if (response.status >= 400) {
        const error = ((await response.json()) as { error: { code: keyof typeof AGENT_ERROR_STATUS } }).error;
        expect(AGENT_ERROR_STATUS[error.code], `${method} ${request.url}`).toBe(response.status);
      } else await response.arrayBuffer();
    }
    expect([...seen.keys()].some((s) => s >= 400)).toBe(true);
  });
});
