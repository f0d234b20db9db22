import { describe, expect, it, vi } from 'vitest';
import { MockLanguageModelV4 } from 'ai/test';
import type { ConversationPage } from '@x/agent-protocol/routes';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts, usage } from '../test-utils/mock-model.js';
import { failingParts, stallingModel } from '../test-utils/model-parts.js';
import { readChunks, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';

const textOfMessage = (parts: { type: string; text?: string }[]) => parts.map((p) => (p.type === 'text' ? p.text : '')).join('');

describe('a turn on a stored conversation', () => {
  it('saves the user message before the model answers, so the list shows it while the reply streams', async () => {
    const store = memoryStore();
    const { model, started } = stallingModel('Thinking about ');
    const { server } = storeServer(store, model, { onDisconnect: 'abort' });
    const abort = new AbortController();
    const request = new Request(turnRequest('c1', { messages: [userMessage('Plan my week', 'u1')] }), { signal: abort.signal });
    const response = await server.fetch(request);
    const reading = readChunks(response).catch(() => []);
    await started;
    const page = (await (await server.fetch(routeRequest(''))).json()) as ConversationPage;
    expect(page.items).toMatchObject([{ id: 'c1', agentId: 'assistant', activeRunId: expect.stringMatching(/^run-/) }]);
    expect((await store.loadThread('alice', 'c1'))!.map((m) => m.id)).toEqual(['u1']);
    abort.abort(); // Stop through the request's signal
    await reading;
    await vi.waitFor(async () => expect((await store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    expect((await store.loadThread('alice', 'c1'))!.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
  });

  it('keeps the user message and the partial reply with stopReason "stopped" when the turn is aborted mid-stream', async () => {
    const store = memoryStore();
    const { model, started } = stallingModel('Half of the ');
    const { server } = storeServer(store, model, { onDisconnect: 'abort' });
    const response = await server.fetch(turnRequest('c1', { messages: [userMessage('Tell me a story', 'u1')] }));
    const reader = response.body!.getReader();
    await started;
    // Read until the text arrived, then go away (the tab closed / Stop).
    let seen = '';
    while (!seen.includes('Half of the')) seen += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    await vi.waitFor(async () => expect((await store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    const thread = (await store.loadThread('alice', 'c1'))!;
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOfMessage(thread[1]!.parts as { type: string; text?: string }[])).toBe('Half of the ');
    expect(thread[1]!.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(await store.listRuns('alice', 'c1')).toMatchObject([{ status: 'stopped', stopReason: 'stopped', messageId: thread[1]!.id, finishedAt: expect.any(String) }]);
  });

  it('saves a failed reply with stopReason "error" and safe error text, and a failed run', async () => {
    const store = memoryStore();
    const { server } = storeServer(store, mockModel(failingParts('Partial', new Error('upstream 500 secret-token-abc'))));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(reply.metadata).toMatchObject({ stopReason: 'error', errorText: expect.any(String) });
    expect(JSON.stringify(reply.metadata)).not.toContain('secret-token-abc');
    expect(await store.listRuns('alice', 'c1')).toMatchObject([{ status: 'failed', stopReason: 'error' }]);
    expect((await store.getConversation('alice', 'c1'))!.activeRunId).toBeNull();
  });

  it('records a completed run with steps and usage, and saves the generated title', async () => {
    const store = memoryStore();
    const titleModel = new MockLanguageModelV4({
      doGenerate: async () => ({ content: [{ type: 'text', text: 'Weekend in Lisbon' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
    });
    const model = mockModel(textParts('Sure.'));
    const { server } = storeServer(store, model, { agents: { assistant: { model, generateTitle: { model: titleModel } } } });
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Plan a trip', 'u1')] })));
    expect(await store.getConversation('alice', 'c1')).toMatchObject({ title: 'Weekend in Lisbon', activeRunId: null });
    const [run] = (await store.listRuns('alice', 'c1'))!;
    expect(run).toMatchObject({ status: 'completed', stopReason: 'stop', steps: 1, usage: expect.objectContaining({ inputTokens: 10 }) });
    // A rename is never overwritten by a later title.
    await store.renameConversation('alice', 'c1', 'Mine');
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('More', 'u2')] })));
    expect((await store.getConversation('alice', 'c1'))!.title).toBe('Mine');
  });

  it('lets one of two racing turns win; the other gets 409 conversation_conflict and nothing interleaves', async () => {
    const store = memoryStore();
    const { server: seedServer } = storeServer(store, mockModel(textParts('Hello.')));
    await readChunks(await seedServer.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));
    const { model, started } = stallingModel('Working ');
    const { server } = storeServer(store, model, { onDisconnect: 'abort' });
    const abort = new AbortController();
    const first = await server.fetch(new Request(turnRequest('c1', { messages: [userMessage('Tab one', 'u2')] }), { signal: abort.signal }));
    const reading = readChunks(first).catch(() => []);
    await started;
    const second = await server.fetch(turnRequest('c1', { messages: [userMessage('Tab two', 'u3')] }));
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe('conversation_conflict');
    abort.abort();
    await reading;
    await vi.waitFor(async () => expect((await store.getConversation('alice', 'c1'))?.activeRunId).toBeNull());
    const ids = (await store.loadThread('alice', 'c1'))!.map((m) => m.id);
    expect(ids.slice(0, 3)).toEqual(['u1', expect.any(String), 'u2']);
    expect(ids).not.toContain('u3');

    // Both at once (neither has started): exactly one is accepted.
    const { server: fast } = storeServer(store, mockModel(textParts('Ok.')));
    const responses = await Promise.all([
      fast.fetch(turnRequest('c1', { messages: [userMessage('A', 'uA')] })),
      fast.fetch(turnRequest('c1', { messages: [userMessage('B', 'uB')] })),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    await Promise.all(responses.map((r) => r.text()));
  });

  it('works without a store exactly as before: the client sends the whole history', async () => {
    const model = mockModel(textParts('Sure.'));
    const { createAgentServer } = await import('../server.js');
    const server = createAgentServer({ agents: { assistant: { model } }, logger: { warn: () => {}, error: () => {} } });
    const history = [userMessage('Hi', 'u1'), { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Anything I like' }] }, userMessage('Go on', 'u2')];
    const response = await server.fetch(turnRequest('c1', { messages: history }));
    expect(response.status).toBe(200);
    await readChunks(response);
    expect(JSON.stringify(model.doStreamCalls[0]!.prompt)).toContain('Anything I like');
  });
});

