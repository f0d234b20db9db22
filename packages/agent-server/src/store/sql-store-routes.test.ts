import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationHistory, ConversationPage } from '@x/agent-protocol/routes';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';
import { pgliteStore } from './pglite-store.js';
import { postgresStore } from './postgres-store.js';
import type { ConversationStore } from './types.js';

const backends: [string, () => Promise<ConversationStore>][] = [
  ['PGlite', async () => pgliteStore({ dataDir: 'memory://' })],
  ['PostgreSQL', async () => postgresStore({ connectionString: (await postgresDatabase()).connectionString })],
];

describe.each(backends)('turns and conversation routes on %s', (_name, make) => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = await make();
    // Open and migrate here, within the 60 s of the setup, not in the case's first turn (whose store
    // call has 10 s: a busy machine ran out of them).
    await store.getConversation('warm-up', 'none');
  }, 60_000);
  afterAll(async () => {
    await store?.close?.();
  });

  it('saves two turns, lists, pages, renames, rates and isolates, like the memory store', async () => {
    const { server } = storeServer(store, mockModel(textParts('First.'), textParts('Second.')));
    expect(textOf(await readChunks(await server.fetch(turnRequest('sql-c1', { messages: [userMessage('One', 'u1')] }))))).toBe('First.');
    expect(textOf(await readChunks(await server.fetch(turnRequest('sql-c1', { messages: [userMessage('Two', 'u2')] }))))).toBe('Second.');
    const page = (await (await server.fetch(routeRequest(''))).json()) as ConversationPage;
    expect(page.items.map((c) => c.id)).toContain('sql-c1');
    const newest = (await (await server.fetch(routeRequest('/sql-c1?limit=2'))).json()) as ConversationHistory;
    expect(newest.messages.map((m) => m.id)[0]).toBe('u2');
    const older = (await (await server.fetch(routeRequest(`/sql-c1?limit=2&before=${newest.prevCursor}`))).json()) as ConversationHistory;
    expect(older).toMatchObject({ messages: [{ id: 'u1' }, { role: 'assistant' }], prevCursor: null });
    expect((await server.fetch(routeRequest('/sql-c1', { method: 'PATCH', body: { title: 'Renamed' } }))).status).toBe(200);
    const replyId = newest.messages[1]!.id;
    expect((await server.fetch(routeRequest(`/sql-c1/messages/${replyId}/feedback`, { method: 'PUT', body: { value: 'like' } }))).status).toBe(204);
    expect((await server.fetch(routeRequest('/sql-c1', { user: 'bob' }))).status).toBe(404);
    const reloaded = (await (await server.fetch(routeRequest('/sql-c1'))).json()) as ConversationHistory;
    expect(reloaded.conversation.title).toBe('Renamed');
    expect(reloaded.messages.at(-1)!.metadata).toMatchObject({ feedback: { value: 'like' } });
  }, 30_000);
});
