import { describe, expect, it } from 'vitest';
import type { ConversationHistory } from '@x/agent-protocol/routes';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';

async function errorOf(response: Response) {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string } }).error.code;
}

/** c1: "Question" answered three times (two regenerates): the active path ends at the third reply. */
async function branched() {
  const store = memoryStore();
  const { server } = storeServer(store, mockModel(textParts('First.'), textParts('Second.'), textParts('Third.'), textParts('Other.')));
  await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Question', 'u1')] })));
  for (let i = 0; i < 2; i++) await readChunks(await server.fetch(turnRequest('c1', { messages: [], trigger: 'regenerate-message' })));
  await readChunks(await server.fetch(turnRequest('c2', { messages: [userMessage('Elsewhere', 'x1')] })));
  return { store, server };
}

const load = async (server: { fetch(request: Request): Promise<Response> }, path = '/c1') => (await (await server.fetch(routeRequest(path))).json()) as ConversationHistory;
const textOfMessage = (history: ConversationHistory, at: number) => (history.messages.at(at)!.parts.find((p) => p.type === 'text') as { text: string } | undefined)?.text;

describe('branch routes', () => {
  it('loads the active path with the versions of each message, and switches branch (persisted)', async () => {
    const { server } = await branched();
    const history = await load(server);
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(history, -1)).toBe('Third.');
    const replyId = history.messages[1]!.id;
    const branch = history.branches![replyId]!;
    expect(branch).toMatchObject({ index: 2, count: 3 });
    expect(branch.siblingIds).toHaveLength(3);
    expect(history.branches!.u1).toBeUndefined();

    const switched = await server.fetch(routeRequest('/c1/branch', { method: 'PUT', body: { messageId: branch.siblingIds[0] } }));
    expect(switched.status).toBe(200);
    const answer = (await switched.json()) as ConversationHistory;
    expect(textOfMessage(answer, -1)).toBe('First.');
    expect(answer.branches![branch.siblingIds[0]!]).toMatchObject({ index: 0, count: 3 });
    expect(answer.conversation.version).toBeGreaterThan(history.conversation.version);
    // A reload (another tab) shows the same path.
    expect(textOfMessage(await load(server), -1)).toBe('First.');
  });

  it('refuses a bad page cursor or limit on a switch with 400 before the switch is written (found by the route properties)', async () => {
    const { server, store } = await branched();
    const history = await load(server);
    const first = history.branches![history.messages[1]!.id]!.siblingIds[0]!;
    for (const query of ['?before=%00', '?before=not-a-cursor', '?limit=abc']) {
      const response = await server.fetch(routeRequest(`/c1/branch${query}`, { method: 'PUT', body: { messageId: first } }));
      expect(response.status, query).toBe(400);
    }
    expect(textOfMessage(await load(server), -1)).toBe('Third.');
    expect((await store.getConversation('alice', 'c1'))!.version).toBe(history.conversation.version);
  });

  it('continues the active path after a switch, and deletes a message with its subtree', async () => {
    const { server, store } = await branched();
    const { branches, messages } = await load(server);
    const first = branches![messages[1]!.id]!.siblingIds[0]!;
    await server.fetch(routeRequest('/c1/branch', { method: 'PUT', body: { messageId: first } }));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Follow-up', 'u2')] })));
    expect((await store.loadThread('alice', 'c1'))!.map((m) => m.id)).toEqual(['u1', first, 'u2', expect.any(String)]);
    expect((await server.fetch(routeRequest(`/c1/messages/${encodeURIComponent(first)}`, { method: 'DELETE' }))).status).toBe(204);
    expect((await store.loadTree('alice', 'c1'))!.map((m) => m.id)).not.toContain('u2');
    const after = await load(server);
    expect(textOfMessage(after, -1)).toBe('Third.');
    expect(after.branches![after.messages[1]!.id]).toMatchObject({ index: 1, count: 2 });
  });

  it('answers a message of another conversation or user 404, a bad body 400, a running turn 409 — and changes nothing', async () => {
    const { server, store } = await branched();
    const before = JSON.stringify(await store.loadThread('alice', 'c1'));
    const put = (path: string, body: unknown, user = 'alice') => server.fetch(routeRequest(path, { method: 'PUT', body, user }));
    const otherConversation = await put('/c1/branch', { messageId: 'x1' });
    expect(otherConversation.status).toBe(404);
    expect(await errorOf(otherConversation)).toBe('message_not_found');
    const otherUser = await put('/c1/branch', { messageId: 'u1' }, 'bob');
    expect(otherUser.status).toBe(404);
    expect(await errorOf(otherUser)).toBe('conversation_not_found');
    for (const body of [{}, { messageId: '' }, { messageId: 'x'.repeat(300) }, { messageId: 'u1', extra: 1 }]) {
      const bad = await put('/c1/branch', body);
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toBe('invalid_body');
    }
    expect((await server.fetch(routeRequest('/c1/branch', { method: 'GET' }))).status).toBe(405);
    const { version } = (await store.getConversation('alice', 'c1'))!;
    await store.beginTurn({ userId: 'alice', conversationId: 'c1', agentId: 'assistant', expectedVersion: version, messages: [], run: { id: 'r-live' }, now: new Date() });
    const running = await put('/c1/branch', { messageId: 'u1' });
    expect(running.status).toBe(409);
    expect(await errorOf(running)).toBe('conversation_conflict');
    expect(JSON.stringify(await store.loadThread('alice', 'c1'))).toBe(before);
  });
});
