import { describe, expect, it } from 'vitest';
import { createAgentServer } from './server.js';
import type { AgentUser } from './config/tool-types.js';
import type { FinishHookEvent } from './config/hook-types.js';
import { mockModel, textParts } from './test-utils/mock-model.js';
import { chunksOf, recordingLogger } from './test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from './test-utils/sse.js';

function setup() {
  const model = mockModel(textParts('hello'));
  const seen: (AgentUser | undefined)[] = [];
  const finished: FinishHookEvent[] = [];
  const server = createAgentServer({
    authenticate: (request) => {
      const token = request.headers.get('authorization');
      return token === 'Bearer admin' ? { id: 'u-admin', role: 'admin' } : token === 'Bearer user' ? { id: 'u-user', role: 'user' } : null;
    },
    hooks: { save: (event) => void finished.push(event as FinishHookEvent) },
    agents: {
      assistant: { model, hooks: { onFinish: ['save'] } },
      admin: {
        model,
        access: (user) => {
          seen.push(user);
          return user?.role === 'admin';
        },
      },
    },
    logger: recordingLogger(),
  });
  return { server, seen, finished };
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe('authenticate and per-agent access', () => {
  it('answers 401 when authenticate returns no user, before the body is read', async () => {
    const { server } = setup();
    const response = await server.fetch(chatRequest('not even json'));
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ code: 'unauthorized', message: 'Sign in to use this agent.' });
  });

  it('answers 403 when the agent’s access refuses the user, 200 when it allows', async () => {
    const { server, seen } = setup();
    const refused = await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/admin', headers: { authorization: 'Bearer user' } }));
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('forbidden');
    const allowed = await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/admin', headers: { authorization: 'Bearer admin' } }));
    expect(allowed.status).toBe(200);
    await readChunks(allowed);
    expect(seen).toEqual([
      { id: 'u-user', role: 'user' },
      { id: 'u-admin', role: 'admin' },
    ]);
  });

  it('gives the user id to the turn (hooks see userId)', async () => {
    const { server, finished } = setup();
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { headers: { authorization: 'Bearer user' } })));
    expect(finished[0]).toMatchObject({ userId: 'u-user' });
  });

  it('answers 500 without internals when authenticate throws', async () => {
    const logger = recordingLogger();
    const server = createAgentServer({
      authenticate: () => {
        throw new Error('db password=hunter2 unreachable');
      },
      agents: { assistant: { model: mockModel(textParts('x')) } },
      logger,
    });
    const response = await server.fetch(chatRequest({ messages: [userMessage('x')] }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\bat \w/);
    expect(logger.records[0]).toMatchObject({ level: 'error', message: 'request failed' });
  });
});

describe('conversationId', () => {
  async function metadataOf(server: ReturnType<typeof setup>['server'], body: Record<string, unknown>, query = '') {
    const chunks = await readChunks(await server.fetch(chatRequest(body, { path: `/api/agent/assistant${query}`, headers: { authorization: 'Bearer user' } })));
    return chunksOf(chunks, 'start')[0]!.messageMetadata as Record<string, unknown>;
  }

  it('takes ?conversationId= from the query string', async () => {
    const { server, finished } = setup();
    expect(await metadataOf(server, { messages: [userMessage('x')] }, '?conversationId=c-query')).toMatchObject({ conversationId: 'c-query', agentId: 'assistant' });
    expect(finished[0]!.conversationId).toBe('c-query');
  });

  it('prefers the body conversationId over the query', async () => {
    const { server, finished } = setup();
    expect(await metadataOf(server, { messages: [userMessage('x')], conversationId: 'c-body' }, '?conversationId=c-query')).toMatchObject({ conversationId: 'c-body' });
    expect(finished[0]!.conversationId).toBe('c-body');
  });

  it('is absent when neither gives one', async () => {
    const { server, finished } = setup();
    expect(await metadataOf(server, { messages: [userMessage('x')] })).not.toHaveProperty('conversationId');
    expect(finished[0]!.conversationId).toBeUndefined();
  });
});
