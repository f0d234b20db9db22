import type { UIMessageChunk } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import type { AgentServer } from '../../config/types.js';
import { memoryRunLog } from '../../runs/memory-run-log.js';
import { redisRunLog } from '../../runs/redis-run-log.js';
import type { RunLog } from '../../runs/run-log.js';
import { createAgentServer } from '../../server.js';
import { memoryStore } from '../../store/memory-store.js';
import type { ConversationStore } from '../../store/types.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../../test-utils/model-parts.js';
import { startRedis, type RedisServer } from '../../test-utils/redis-server.js';
import { chatRequest, sseEvents, textOf, userMessage } from '../../test-utils/sse.js';
import { startA2aTestAgent } from '../test-utils/a2a-test-agent.js';
import { questionChannel } from './remote-questions.js';

/**
 * Two server instances behind a load balancer (two `createAgentServer`s, each with its own config
 * object, sharing one store and one run log): the turn whose remote agent asks runs on A, the
 * person's answer reaches B.
 */

const silent = { warn: () => {}, error: () => {} };
const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.destroy());

/** An instance whose `boss` agent calls the remote `billing` agent with `task`; the user is the `x-user` header (default ada). */
function instance(card: string, task: string, store: ConversationStore, runLog: RunLog): AgentServer {
  const model = mockModel(toolCallParts({ toolName: 'billing', input: { task } }), textParts('Done.'));
  return createAgentServer({
    agents: { boss: { model, agents: ['billing'] }, clerk: { model: mockModel(textParts('Hi.')) } },
    remoteAgents: { billing: { card, allowPrivate: true } },
    authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'ada' }),
    logger: silent,
    store,
    runLog,
  });
}

const answer = (server: AgentServer, answerText: string, options: { user?: string; agent?: string; toolCallId?: string } = {}) =>
  server.fetch(
    chatRequest({ toolCallId: options.toolCallId ?? 'call-1', answer: answerText }, { path: `/api/agent/${options.agent ?? 'boss'}/remote-agent-answer`, headers: options.user ? { 'x-user': options.user } : {} }),
  );

const runLogs: [string, () => { a: RunLog; b: RunLog }][] = [
  ['memory (one log shared in process)', () => {
    const log = memoryRunLog();
    return { a: log, b: log };
  }],
  ['Redis (a client per instance)', () => {
    const a = redisRunLog({ url: redis.url });
    const b = redisRunLog({ url: redis.url });
    closers.push(() => a.close?.(), () => b.close?.());
    return { a, b };
  }],
];

describe.each(runLogs)('a remote agent’s question answered on another instance: run log %s', (_name, makeLogs) => {
  it('the turn runs on A, the answer is POSTed to B: 202, and the remote task continues with it; another user’s or agent’s answer on B is a 404', async () => {
    const agent = await startA2aTestAgent();
    closers.push(agent.close);
    const store = memoryStore();
    const logs = makeLogs();
    const a = instance(agent.base, 'ask me which invoice', store, logs.a);
    const b = instance(agent.base, 'unused', store, logs.b);

    const events = sseEvents(await a.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/boss' })));
    const chunks: UIMessageChunk[] = [];
    for (;;) {
      const event = await events.next();
      if (!event) throw new Error('no question came');
      const chunk = JSON.parse(event.data) as UIMessageChunk;
      chunks.push(chunk);
      if (chunk.type === 'tool-output-available' && isRemoteAgentProgress(chunk.output) && chunk.output.state === 'input-required') break;
    }

    // The call on A listens on its channel (with Redis the SUBSCRIBE is a round trip behind the
    // question; a payload without an answer is ignored).
    await expect.poll(() => logs.b.deliver!(questionChannel('call-1', { userId: 'ada', agentId: 'boss' }), '{}')).toBe(1);
    // Eve's answer, or Ada's through another agent, reaches no question (their channels differ).
    for (const other of [await answer(b, '13', { user: 'eve' }), await answer(b, '13', { agent: 'clerk' })]) {
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { message: string } }).error.message).toMatch(/^No question of a remote agent is waiting/);
    }
    // Ada's answer on B reaches the tool call waiting on A.
    expect((await answer(b, '7')).status).toBe(202);
    for (let event = await events.next(); event; event = await events.next()) chunks.push(JSON.parse(event.data) as UIMessageChunk);

    const result = chunksOf(chunks, 'tool-output-available').find((c) => c.preliminary !== true)?.output;
    expect(result).toMatchObject({ state: 'completed', text: 'Invoice 7 is paid.' });
    expect(agent.log.methods).toEqual(['SendStreamingMessage', 'SendStreamingMessage']);
    expect(textOf(chunks)).toBe('Done.');
    // Answered: nothing listens any more, on either instance.
    await expect.poll(async () => (await answer(b, '8')).status).toBe(404);
    expect((await answer(a, '8')).status).toBe(404);
  });
});

describe('the answer route when the run log cannot be reached', () => {
  it('answers 503 run_log_unavailable (as the stop route does), not a 404 or a 500', async () => {
    const dead = await startRedis();
    const log = redisRunLog({ url: dead.url }, { commandTimeoutMs: 300, onError: () => {} });
    closers.push(() => log.close?.(), () => dead.destroy());
    dead.kill();
    const response = await answer(instance('http://127.0.0.1:9', 'x', memoryStore(), log), '7');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('run_log_unavailable');
  });
});

describe('questionChannel', () => {
  it('encodes each part: ids containing ":" cannot make two questions share a channel', () => {
    expect(questionChannel('c', { userId: 'a:b', agentId: 'x' })).not.toBe(questionChannel('c', { userId: 'a', agentId: 'b:x' }));
    expect(questionChannel('call:1', { userId: 'u', agentId: 'a' })).toBe('remote-answer:u:a:call%3A1');
  });
});
