import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationHistory, ConversationPage } from '@x/agent-protocol/routes';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import { memoryStore } from '../store/memory-store.js';
import { pgliteStore } from '../store/pglite-store.js';
import { postgresStore } from '../store/postgres-store.js';
import type { ConversationStore } from '../store/types.js';

const backends: [string, () => Promise<ConversationStore>][] = [
  ['memory', async () => memoryStore()],
  ['PGlite', async () => pgliteStore({ dataDir: 'memory://' })],
  ['PostgreSQL', async () => postgresStore({ connectionString: (await postgresDatabase()).connectionString })],
];

async function errorOf(response: Response): Promise<{ status: number; code: string; paths: string[] }> {
  const body = (await response.json()) as { error: { code: string; issues?: { path: string }[] } };
  return { status: response.status, code: body.error.code, paths: (body.error.issues ?? []).map((i) => i.path) };
}

describe.each(backends)('crafted input on the %s store', (name, make) => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = await make();
    // Migrations run here, not inside the first test's time limit.
    await (store as Partial<{ ready(): Promise<void> }>).ready?.();
  }, 90_000);
  afterAll(async () => {
    await store?.close?.();
  });
  const tag = name.toLowerCase();

  it('refuses a conversationId outside the id pattern (emoji) with 400 before anything is written, every time', async () => {
    const { server } = storeServer(store, mockModel(textParts('never')));
    const id = `emoji-${tag}-😀`;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await errorOf(await server.fetch(turnRequest(id, { messages: [userMessage('hi', 'u-emoji')] })))).toEqual({
        status: 400,
        code: 'invalid_body',
        paths: ['conversationId'],
      });
    }
    const viaQuery = new Request(`http://localhost/api/agent/assistant?conversationId=${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: JSON.stringify({ messages: [userMessage('hi', 'u-emoji')] }),
    });
    expect(await errorOf(await server.fetch(viaQuery))).toEqual({ status: 400, code: 'invalid_id', paths: ['query.conversationId'] });
    const page = (await (await server.fetch(routeRequest(''))).json()) as ConversationPage;
    expect(page.items.filter((c) => c.id.startsWith('emoji-'))).toEqual([]);
  });

  it('refuses "." and ".." and NUL as conversation and message ids, naming the field', async () => {
    const { server } = storeServer(store, mockModel(textParts('never')));
    expect((await errorOf(await server.fetch(turnRequest('..', { messages: [userMessage('hi')] })))).paths).toEqual(['conversationId']);
    expect((await errorOf(await server.fetch(turnRequest(`dots-${tag}`, { messages: [userMessage('hi', '.')] })))).paths).toEqual(['messages.0.id']);
    expect(await errorOf(await server.fetch(turnRequest(`dots-${tag}`, { messages: [userMessage('hi', 'u\u0000')] })))).toEqual({
      status: 400,
      code: 'invalid_body',
      paths: ['messages.0.id'],
    });
    expect(await errorOf(await server.fetch(routeRequest(`/nul%00-${tag}`)))).toEqual({ status: 400, code: 'invalid_id', paths: ['path.conversationId'] });
    expect(await errorOf(await server.fetch(routeRequest(`/c-${tag}/messages/m%00`, { method: 'DELETE' })))).toEqual({
      status: 400,
      code: 'invalid_id',
      paths: ['path.messageId'],
    });
    expect((await server.fetch(routeRequest(`/dots-${tag}`))).status).toBe(404);
  });

  it('never turns DELETE …/messages/.. into a DELETE of the conversation', async () => {
    const { server } = storeServer(store, mockModel(textParts('Kept.')));
    const id = `keep-${tag}`;
    expect(textOf(await readChunks(await server.fetch(turnRequest(id, { messages: [userMessage('hi', 'u-keep')] }))))).toBe('Kept.');
    for (const tail of ['/messages/..', '/messages/%2e%2e', '/messages/.', '/..']) {
      const response = await server.fetch(routeRequest(`/${id}${tail}`, { method: 'DELETE' }));
      expect(response.status, tail).toBeGreaterThanOrEqual(400);
      expect(response.status, tail).toBeLessThan(500);
    }
    const history = (await (await server.fetch(routeRequest(`/${id}`))).json()) as ConversationHistory;
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('stores NUL (and the escape character) in text, titles and comments losslessly, and finds it by search — never 503', async () => {
    const { server } = storeServer(store, mockModel(textParts('Noted.')));
    const id = `nul-${tag}`;
    const text = 'before\u0000after \uE000 \uE0000 end';
    const response = await server.fetch(turnRequest(id, { messages: [userMessage(text, 'u-nul')] }));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('Noted.');
    const title = 'Title\u0000with NUL';
    const renamed = await server.fetch(routeRequest(`/${id}`, { method: 'PATCH', body: { title } }));
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { conversation: { title: string } }).conversation.title).toBe(title);
    const history = (await (await server.fetch(routeRequest(`/${id}`))).json()) as ConversationHistory;
    const reply = history.messages[1]!;
    const comment = 'why\u0000not';
    expect((await server.fetch(routeRequest(`/${id}/messages/${reply.id}/feedback`, { method: 'PUT', body: { value: 'dislike', comment } }))).status).toBe(204);
    const reloaded = (await (await server.fetch(routeRequest(`/${id}`))).json()) as ConversationHistory;
    expect(reloaded.conversation.title).toBe(title);
    expect(reloaded.messages[0]!.parts).toEqual([{ type: 'text', text }]);
    expect(reloaded.messages[1]!.metadata).toMatchObject({ feedback: { value: 'dislike', comment } });
    const found = await server.fetch(routeRequest(`?q=${encodeURIComponent('e\u0000w')}`));
    expect(found.status).toBe(200);
    expect(((await found.json()) as ConversationPage).items.map((c) => c.id)).toEqual([id]);
  }, 30_000);

  it('stores lone surrogates (half an emoji) in text, titles and queues losslessly — never 503 (found by the route properties)', async () => {
    const { server } = storeServer(store, mockModel(textParts('Noted.')));
    const id = `surrogate-${tag}`;
    const text = 'half \ud83d of an emoji, \ude00 the other half, a pair 😀 and \uE000s d800';
    const response = await server.fetch(turnRequest(id, { messages: [userMessage(text, 'u-surrogate')] }));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('Noted.');
    const title = 'Title \udfff';
    expect((await server.fetch(routeRequest(`/${id}`, { method: 'PATCH', body: { title } }))).status).toBe(200);
    const queued = { id: 'q-surrogate', role: 'user', parts: [{ type: 'text', text: '\ud800' }] };
    expect((await server.fetch(routeRequest(`/${id}/queue`, { method: 'PUT', body: { messages: [queued] } }))).status).toBe(204);
    const history = (await (await server.fetch(routeRequest(`/${id}`))).json()) as ConversationHistory;
    expect(history.conversation.title).toBe(title);
    expect(history.messages[0]!.parts).toEqual([{ type: 'text', text }]);
    expect(history.queue?.[0]?.parts).toEqual(queued.parts);
  }, 30_000);
});
