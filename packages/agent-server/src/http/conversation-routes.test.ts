import { describe, expect, it } from 'vitest';
import type { ConversationHistory, ConversationPage } from '@x/agent-protocol/routes';
import { ConfigError } from '../config/config-error.js';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import type { ConversationStore } from '../store/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { routeRequest, storeServer } from '../test-utils/store-server.js';

const silent = { warn: () => {}, error: () => {} };

/** A conversation of `user` with `count` user/assistant messages, updated at `at`. */
async function seed(store: ConversationStore, id: string, options: { user?: string; title?: string; at?: number; count?: number; agentId?: string } = {}) {
  const userId = options.user ?? 'alice';
  const now = new Date(options.at ?? Date.UTC(2026, 0, 1));
  const messages = Array.from({ length: options.count ?? 2 }, (_, i) => ({
    id: `${id}-m${i}`,
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    parts: [{ type: 'text' as const, text: `message ${i}` }],
  }));
  await store.beginTurn({ userId, conversationId: id, agentId: options.agentId ?? 'assistant', expectedVersion: null, messages, run: { id: `${id}-run` }, now });
  await store.finishTurn({ userId, conversationId: id, runId: `${id}-run`, title: options.title, status: 'completed', steps: 1, now });
}

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('conversation routes', () => {
  it('answer 404 not_found when the server has no store', async () => {
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('hi')) } }, logger: silent });
    for (const [path, method] of [['', 'GET'], ['/c1', 'GET'], ['/c1', 'DELETE'], ['', 'POST']] as const) {
      const response = await server.fetch(routeRequest(path, { method }));
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('not_found');
    }
  });

  it('refuses agent ids that are route segments, as a config error', () => {
    expect(() => createAgentServer({ agents: { conversations: { model: mockModel(textParts('hi')) } }, logger: silent })).toThrow(ConfigError);
    expect(() => createAgentServer({ agents: { runs: { model: mockModel(textParts('hi')) } }, logger: silent })).toThrow(/route segment/);
    expect(() => createAgentServer({ agents: { a: { model: mockModel(textParts('hi')) } }, store: {} as ConversationStore, logger: silent })).toThrow(/store/);
  });

  it('lists newest first with cursor paging, title search and an agent filter', async () => {
    const store = memoryStore();
    for (let i = 0; i < 5; i++) await seed(store, `c${i}`, { at: Date.UTC(2026, 0, 1, 0, i), title: i % 2 === 0 ? `Trip ${i}` : `Budget ${i}` });
    await seed(store, 'other-agent', { at: Date.UTC(2026, 0, 2), agentId: 'writer', title: 'Trip X' });
    const { server } = storeServer(store, mockModel(textParts('hi')));
    const first = (await (await server.fetch(routeRequest('?limit=2&agentId=assistant'))).json()) as ConversationPage;
    expect(first.items.map((c) => c.id)).toEqual(['c4', 'c3']);
    expect(first.items[0]).not.toHaveProperty('userId');
    const second = (await (await server.fetch(routeRequest(`?limit=2&agentId=assistant&cursor=${first.nextCursor}`))).json()) as ConversationPage;
    expect(second.items.map((c) => c.id)).toEqual(['c2', 'c1']);
    const third = (await (await server.fetch(routeRequest(`?limit=2&agentId=assistant&cursor=${second.nextCursor}`))).json()) as ConversationPage;
    expect(third).toMatchObject({ items: [{ id: 'c0' }], nextCursor: null });
    const search = (await (await server.fetch(routeRequest('?q=trip'))).json()) as ConversationPage;
    expect(search.items.map((c) => c.id)).toEqual(['other-agent', 'c4', 'c2', 'c0']);
  });

  it('refuses a tampered cursor, a cursor of another search and a bad limit with 400', async () => {
    const store = memoryStore();
    for (let i = 0; i < 3; i++) await seed(store, `c${i}`, { at: Date.UTC(2026, 0, 1, 0, i) });
    const { server } = storeServer(store, mockModel(textParts('hi')));
    const page = (await (await server.fetch(routeRequest('?limit=1'))).json()) as ConversationPage;
    const [payload, signature] = page.nextCursor!.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'list', u: '2030-01-01T00:00:00.000Z', i: 'zzz', q: null, a: null })).toString('base64url');
    for (const cursor of [`${forged}.${signature}`, `${payload}.${signature}x`, 'garbage', `${payload}`]) {
      const response = await server.fetch(routeRequest(`?limit=1&cursor=${encodeURIComponent(cursor)}`));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('invalid_cursor');
    }
    expect(await errorOf(await server.fetch(routeRequest(`?limit=1&q=x&cursor=${page.nextCursor}`)))).toBe('invalid_cursor');
    const bad = await server.fetch(routeRequest('?limit=1000'));
    expect(bad.status).toBe(400);
  });

  it('loads the newest page of messages first and pages back to the start', async () => {
    const store = memoryStore();
    await seed(store, 'long', { count: 7 });
    const { server } = storeServer(store, mockModel(textParts('hi')));
    const newest = (await (await server.fetch(routeRequest('/long?limit=3'))).json()) as ConversationHistory;
    expect(newest.conversation.id).toBe('long');
    expect(newest.messages.map((m) => m.id)).toEqual(['long-m4', 'long-m5', 'long-m6']);
    const older = (await (await server.fetch(routeRequest(`/long?limit=3&before=${newest.prevCursor}`))).json()) as ConversationHistory;
    expect(older.messages.map((m) => m.id)).toEqual(['long-m1', 'long-m2', 'long-m3']);
    const oldest = (await (await server.fetch(routeRequest(`/long?limit=3&before=${older.prevCursor}`))).json()) as ConversationHistory;
    expect(oldest).toMatchObject({ messages: [{ id: 'long-m0' }], prevCursor: null });
    await seed(store, 'short');
    expect(await errorOf(await server.fetch(routeRequest(`/short?before=${newest.prevCursor}`)))).toBe('invalid_cursor');
  });

  it('renames (trimmed), refuses an empty or 10 KB title with 400 invalid_title and changes nothing', async () => {
    const store = memoryStore();
    await seed(store, 'c1', { title: 'Old' });
    const { server } = storeServer(store, mockModel(textParts('hi')));
    const renamed = await server.fetch(routeRequest('/c1', { method: 'PATCH', body: { title: '  New name ' } }));
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ conversation: { id: 'c1', title: 'New name' } });
    for (const body of [{ title: 'x'.repeat(10 * 1024) }, { title: '   ' }, { title: 42 }, {}]) {
      const response = await server.fetch(routeRequest('/c1', { method: 'PATCH', body }));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('invalid_title');
    }
    expect(await errorOf(await server.fetch(routeRequest('/c1', { method: 'PATCH', body: '{' })))).toBe('bad_json');
    expect((await store.getConversation('alice', 'c1'))?.title).toBe('New name');
  });

  it('deletes a conversation and a message; sets and removes feedback', async () => {
    const store = memoryStore();
    await seed(store, 'c1', { count: 4 });
    await seed(store, 'c2');
    const { server } = storeServer(store, mockModel(textParts('hi')));
    expect((await server.fetch(routeRequest('/c1/messages/c1-m3', { method: 'DELETE' }))).status).toBe(204);
    expect((await store.loadThread('alice', 'c1'))!.map((m) => m.id)).toEqual(['c1-m0', 'c1-m1', 'c1-m2']);
    const again = await server.fetch(routeRequest('/c1/messages/c1-m3', { method: 'DELETE' }));
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe('message_not_found');

    expect((await server.fetch(routeRequest('/c1/messages/c1-m2/feedback', { method: 'PUT', body: { value: 'dislike', comment: 'wrong' } }))).status).toBe(204);
    const loaded = (await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory;
    expect(loaded.messages.at(-1)!.metadata).toMatchObject({ feedback: { value: 'dislike', comment: 'wrong', at: expect.any(String) } });
    expect((await server.fetch(routeRequest('/c1/messages/c1-m2/feedback', { method: 'PUT', body: { value: null } }))).status).toBe(204);
    expect((await store.loadThread('alice', 'c1'))!.at(-1)!.metadata).not.toHaveProperty('feedback');
    const bad = await server.fetch(routeRequest('/c1/messages/c1-m2/feedback', { method: 'PUT', body: { value: 'love' } }));
    expect(await errorOf(bad)).toBe('invalid_body');
    expect(await errorOf(await server.fetch(routeRequest('/c1/messages/nope/feedback', { method: 'PUT', body: { value: 'like' } })))).toBe('message_not_found');

    expect((await server.fetch(routeRequest('/c1', { method: 'DELETE' }))).status).toBe(204);
    expect(await errorOf(await server.fetch(routeRequest('/c1')))).toBe('conversation_not_found');
    expect(await store.getConversation('alice', 'c2')).not.toBeNull();
  });

  it('answers another user 404 conversation_not_found on every route and changes nothing', async () => {
    const store = memoryStore();
    await seed(store, 'c1', { title: 'Secret' });
    const { server } = storeServer(store, mockModel(textParts('hi')));
    const before = JSON.stringify([await store.getConversation('alice', 'c1'), await store.loadThread('alice', 'c1')]);
    const attempts: Request[] = [
      routeRequest('/c1', { user: 'bob' }),
      routeRequest('/c1', { user: 'bob', method: 'PATCH', body: { title: 'Mine' } }),
      routeRequest('/c1', { user: 'bob', method: 'DELETE' }),
      routeRequest('/c1/messages/c1-m0', { user: 'bob', method: 'DELETE' }),
      routeRequest('/c1/messages/c1-m1/feedback', { user: 'bob', method: 'PUT', body: { value: 'like' } }),
      new Request('http://localhost/api/agent/assistant', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'bob' },
        body: JSON.stringify({ conversationId: 'c1', messages: [{ id: 'b1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
      }),
    ];
    for (const request of attempts) {
      const response = await server.fetch(request);
      expect(response.status, `${request.method} ${request.url}`).toBe(404);
      expect(await errorOf(response)).toBe('conversation_not_found');
    }
    expect(((await (await server.fetch(routeRequest('', { user: 'bob' }))).json()) as ConversationPage).items).toEqual([]);
    expect(JSON.stringify([await store.getConversation('alice', 'c1'), await store.loadThread('alice', 'c1')])).toBe(before);
  });

  it('answers unknown ids with JSON 404s, invalid ones with 400 invalid_id, and wrong methods with 405', async () => {
    const { server } = storeServer(memoryStore(), mockModel(textParts('hi')));
    for (const path of ['/nope', '/nope/messages/m1/feedback']) {
      const response = await server.fetch(routeRequest(path, path.endsWith('feedback') ? { method: 'PUT', body: { value: 'like' } } : {}));
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe('conversation_not_found');
    }
    for (const path of [`/${'x'.repeat(300)}`, '/%E0%A4%A', '/%00', '/c%F0%9F%98%80']) {
      const response = await server.fetch(routeRequest(path));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('invalid_id');
    }
    expect(await errorOf(await server.fetch(routeRequest('/c1/other/m1')))).toBe('not_found');
    for (const conversationId of [42, { id: 'c1' }, ['c1']]) {
      const response = await server.fetch(
        new Request('http://localhost/api/agent/assistant', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ conversationId, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
        }),
      );
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('invalid_body');
    }
    const wrong = await server.fetch(routeRequest('', { method: 'DELETE' }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});
