import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { pgliteStore } from '../store/pglite-store.js';
import type { ConversationStore } from '../store/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';

const backends: [string, () => ConversationStore][] = [
  ['memory', () => memoryStore()],
  ['PGlite', () => pgliteStore({ dataDir: 'memory://' })],
];

const input = (over: Record<string, unknown> = {}) => ({
  threadId: 'thread-ok',
  runId: 'run-ok',
  messages: [{ id: 'u1', role: 'user', content: 'hi' }],
  tools: [],
  context: [],
  ...over,
});

describe.each(backends)('AG-UI ids on the %s store', (_, make) => {
  let store: ConversationStore;
  beforeAll(async () => {
    store = make();
    await (store as Partial<{ ready(): Promise<void> }>).ready?.();
  }, 90_000);
  afterAll(async () => {
    await store?.close?.();
  });

  function setup() {
    const model = mockModel(textParts('never'));
    const logger = recordingLogger();
    const server = createAgentServer({ agents: { assistant: { model } }, logger, store, authenticate: () => ({ id: 'alice' }) });
    const post = (body: unknown) =>
      server.fetch(new Request('http://localhost/api/agent/assistant/ag-ui', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    return { server, model, logger, post };
  }

  it.each([
    ['an empty threadId', { threadId: '' }, 'threadId'],
    ['a threadId of 300 characters', { threadId: 'x'.repeat(300) }, 'threadId'],
    ['a path as threadId', { threadId: '../../etc/passwd' }, 'threadId'],
    ['a threadId with spaces', { threadId: 'my thread' }, 'threadId'],
    ['a threadId with a NUL (once a 500: it reached a response header)', { threadId: 't\u0000x' }, 'threadId'],
    ['a runId with a NUL', { runId: 'r\u0000' }, 'runId'],
    ['a message id with a NUL (once a 503 store_unavailable on PGlite)', { messages: [{ id: 'u\u0000', role: 'user', content: 'hi' }] }, 'messages.0.id'],
    ['a tool call id with spaces', { messages: [{ id: 'a1', role: 'assistant', toolCalls: [{ id: 'call 1', type: 'function', function: { name: 'weather', arguments: '{}' } }] }] }, 'messages.0.toolCalls.0.id'],
    ['a tool result for a NUL call id', { messages: [{ id: 't1', role: 'tool', toolCallId: 'c\u0000', content: '{}' }] }, 'messages.0.toolCallId'],
    ['an interrupt id ".."', { resume: [{ interruptId: '..', status: 'resolved', payload: { approved: true } }] }, 'resume.0.interruptId'],
  ])('refuses %s with 400 invalid_id naming it; nothing runs or is written', async (_, over, path) => {
    const { model, logger, post } = setup();
    const response = await post(input(over));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('invalid_id');
    expect(body.error.issues.map((i) => i.path)).toEqual([path]);
    expect(model.doStreamCalls).toHaveLength(0);
    expect(await store.listConversations('alice', { limit: 10 })).toEqual([]);
    expect(logger.records.filter((r) => r.level === 'error')).toEqual([]);
  });

  it('still runs a turn with valid ids (the thread becomes the stored conversation)', async () => {
    const { post } = setup();
    const response = await post(input({ threadId: 'thread-valid' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-conversation-id')).toBe('thread-valid');
    await response.text();
    expect((await store.listConversations('alice', { limit: 10 })).map((c) => c.id)).toEqual(['thread-valid']);
  });
});
