import { memoryStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test-utils/test-server.js';
import { AgentRequestError } from '../errors.js';
import { createConversationsClient } from './client.js';

function setup() {
  const { fetch } = testServer({ assistant: { script: { steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 } } }, {}, { store: memoryStore() });
  const say = async (conversationId: string, text: string) => {
    const response = await fetch('/api/agent/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, messages: [{ id: `u-${text}`, role: 'user', parts: [{ type: 'text', text }] }] }),
    });
    await response.text();
  };
  return { client: createConversationsClient({ fetch }), say };
}

describe('createConversationsClient against the real server', () => {
  it('lists, loads, renames, sets feedback, deletes a message and deletes a conversation', async () => {
    const { client, say } = setup();
    await say('c1', 'Hello');
    const page = await client.list({ limit: 10 });
    expect(page.items.map((c) => c.id)).toEqual(['c1']);
    expect(page.nextCursor).toBeNull();

    const history = await client.history('c1');
    expect(history.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const reply = history.messages[1]!;
    await client.setFeedback('c1', reply.id, { value: 'like' });
    expect((await client.history('c1')).messages[1]?.metadata).toMatchObject({ feedback: { value: 'like' } });

    expect(await client.rename('c1', 'Greetings')).toMatchObject({ id: 'c1', title: 'Greetings' });
    await client.deleteMessage('c1', reply.id);
    expect((await client.history('c1')).messages.map((m) => m.role)).toEqual(['user']);
    await client.remove('c1');
    expect((await client.list()).items).toEqual([]);
  });

  it('rejects with the protocol error code and status', async () => {
    const { client } = setup();
    const refused = await client.history('missing').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AgentRequestError);
    expect(refused).toMatchObject({ status: 404, code: 'conversation_not_found' });
    await expect(client.list({ cursor: 'tampered' })).rejects.toMatchObject({ status: 400, code: 'invalid_cursor' });
    await expect(client.rename('missing', 'x')).rejects.toMatchObject({ code: 'conversation_not_found' });
    const offline = createConversationsClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(offline.remove('c1')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
