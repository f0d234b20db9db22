import { describe, expect, it } from 'vitest';
import { conversationPaths, type ConversationHistory } from '@x/agent-protocol/routes';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string } }).error.code;
}

async function conversation() {
  const store = memoryStore();
  const { server } = storeServer(store, mockModel(textParts('Hello.')));
  await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Question', 'u1')] })));
  return { store, server };
}

const queued = (id: string, text: string) => ({ id, role: 'user', parts: [{ type: 'text', text }] });

describe('queue route', () => {
  it('keeps the queued messages with the conversation: the first page of a load answers them, in order', async () => {
    const { server } = await conversation();
    expect(conversationPaths.queue('/api/agent', 'c1')).toBe('/api/agent/conversations/c1/queue');
    const before = (await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory;
    expect(before.queue).toBeUndefined();
    const put = await server.fetch(routeRequest('/c1/queue', { method: 'PUT', body: { messages: [queued('q1', 'Then this'), queued('q2', 'And that')] } }));
    expect(put.status).toBe(204);
    const after = (await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory;
    expect(after.queue!.map((m) => m.id)).toEqual(['q1', 'q2']);
    expect(after.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id));
    expect(after.conversation.version).toBe(before.conversation.version);
    expect((await server.fetch(routeRequest('/c1/queue', { method: 'PUT', body: { messages: [] } }))).status).toBe(204);
    expect(((await (await server.fetch(routeRequest('/c1'))).json()) as ConversationHistory).queue).toBeUndefined();
  });

  it("answers another user's conversation 404, a bad body 400, a GET 405 — and changes nothing", async () => {
    const { server, store } = await conversation();
    await store.saveQueue('alice', 'c1', [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: 'Kept' }] }]);
    const put = (body: unknown, user = 'alice') => server.fetch(routeRequest('/c1/queue', { method: 'PUT', body, user }));
    const otherUser = await put({ messages: [] }, 'bob');
    expect(otherUser.status).toBe(404);
    expect(await errorOf(otherUser)).toBe('conversation_not_found');
    for (const body of [
      {},
      { messages: 'no' },
      { messages: [{ ...queued('a1', 'x'), role: 'assistant' }] },
      { messages: [queued('q1', 'a'), queued('q1', 'b')] },
      { messages: Array.from({ length: 51 }, (_, i) => queued(`q${i}`, 'x')) },
      { messages: [], extra: 1 },
    ]) {
      const bad = await put(body);
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toBe('invalid_body');
    }
    expect((await server.fetch(routeRequest('/c1/queue', { method: 'GET' }))).status).toBe(405);
    expect((await store.loadQueue('alice', 'c1'))!.map((m) => m.id)).toEqual(['q1']);
  });
});
