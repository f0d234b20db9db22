import { RUN_ID_HEADER, type AgentRunRecord, type GenerateResponse, type RunRecordList } from '@x/agent-protocol/routes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { AgentServerConfig } from '../config/types.js';
import { memoryStore } from '../store/memory-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, failingParts, recordingLogger, stallingModel, toolCallParts } from '../test-utils/model-parts.js';
import { readChunks, userMessage } from '../test-utils/sse.js';

const lookup = { description: 'Look up', inputSchema: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => ({ found: q.length }) };
const broken = {
  description: 'Always fails',
  inputSchema: z.object({}),
  execute: () => {
    throw new Error('backend down');
  },
};

function request(path: string, init: { user?: string; body?: unknown } = {}): Request {
  return new Request(`http://localhost/api/agent/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-user': init.user ?? 'alice' },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
}

const authenticate = (r: Request) => ({ id: r.headers.get('x-user') ?? 'alice' });

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as T;
}

async function codeOf(response: Response): Promise<[number, string]> {
  return [response.status, ((await response.json()) as { error: { code: string } }).error.code];
}

/** Runs a chat turn and returns its conversation id and run id (from the stream's start metadata). */
async function turn(server: { fetch(r: Request): Promise<Response> }, agent: string, text: string, user = 'alice') {
  const chunks = await readChunks(await server.fetch(request(agent, { user, body: { messages: [userMessage(text)] } })));
  const metadata = chunksOf(chunks, 'start')[0]!.messageMetadata as { conversationId?: string; runId: string };
  return { conversationId: metadata.conversationId, runId: metadata.runId, chunks };
}

describe('run records', () => {
  it('records steps, tool calls (an error too) with timings, sources and usage; the route reads them from the store', async () => {
    const model = mockModel(
      toolCallParts({ toolName: 'lookup', input: { q: 'abc' } }, { toolName: 'broken', input: {} }, { toolName: 'update-page-state', input: { updates: { city: 'Paris' } } }),
      textParts('Found 3.'),
    );
    const server = createAgentServer({
      agents: { assistant: { model, tools: ['lookup', 'broken'] } },
      tools: { lookup, broken },
      authenticate,
      store: memoryStore(),
      logger: recordingLogger(),
    });
    // update-page-state runs in the client (no server execute): the turn stops for it.
    const chunks = await readChunks(await server.fetch(request('assistant', { body: { sharedState: { city: 'Rome' }, messages: [userMessage('Look abc up')] } })));
    const first = chunksOf(chunks, 'start')[0]!.messageMetadata as { conversationId: string; runId: string };
    const record = await json<AgentRunRecord>(await server.fetch(request(`runs/${first.runId}`)));
    expect(record).toMatchObject({
      id: first.runId,
      agentId: 'assistant',
      conversationId: first.conversationId,
      initiatorRunId: null,
      status: 'completed',
      stopReason: 'tool-calls',
      usage: { inputTokens: 10, outputTokens: 5 },
      subRuns: [],
    });
    expect(record.finishedAt).not.toBeNull();
    expect(record.steps).toEqual([
      { stepNumber: 1, startedAt: expect.any(String), durationMs: expect.any(Number), finishReason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 } },
    ]);
    const byName = Object.fromEntries(record.toolCalls.map((c) => [c.toolName, c]));
    expect(byName.lookup).toMatchObject({ toolCallId: 'call-1', source: 'function', stepNumber: 1, state: 'done', input: { q: 'abc' }, output: { found: 3 } });
    expect(byName.lookup!.durationMs).toEqual(expect.any(Number));
    expect(byName.broken).toMatchObject({ source: 'function', state: 'error', error: expect.stringContaining('backend down') });
    expect(byName['update-page-state']).toMatchObject({ source: 'platform', state: 'pending', durationMs: null });

    const list = await json<RunRecordList>(await server.fetch(request(`runs?conversationId=${first.conversationId}`)));
    expect(list.runs.map((r) => r.id)).toEqual([first.runId]);
  });

  it('nests a sub-agent run (its own steps and calls) under the tool call that started it, stored as its own row', async () => {
    const parent = mockModel(toolCallParts({ toolName: 'researcher', input: { task: 'Find the policy' } }), textParts('Five days.'));
    const child = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'refund' } }), textParts('Five days (v2).'));
    const store = memoryStore();
    const server = createAgentServer({
      tools: { lookup },
      agents: { boss: { model: parent, agents: ['researcher'] }, researcher: { model: child, tools: ['lookup'] } },
      authenticate,
      store,
      logger: recordingLogger(),
    });
    const { runId, conversationId } = await turn(server, 'boss', 'refunds?');
    const record = await json<AgentRunRecord>(await server.fetch(request(`runs/${runId}`)));
    expect(record.steps).toHaveLength(2);
    expect(record.toolCalls).toEqual([expect.objectContaining({ toolName: 'researcher', source: 'sub-agent', state: 'done', output: 'Five days (v2).' })]);
    expect(record.subRuns).toHaveLength(1);
    const sub = record.subRuns[0]!;
    expect(record.toolCalls[0]!.subRunId).toBe(sub.id);
    expect(sub).toMatchObject({ agentId: 'researcher', initiatorRunId: runId, initiatorToolCallId: 'call-1', status: 'completed', conversationId });
    expect(sub.steps).toHaveLength(2);
    expect(sub.toolCalls).toEqual([expect.objectContaining({ toolName: 'lookup', source: 'function', state: 'done', output: { found: 6 } })]);

    const rows = (await store.listRuns('alice', conversationId!))!;
    expect(rows.map((r) => [r.id, r.initiatorRunId, r.agentId])).toEqual([
      [runId, null, 'boss'],
      [sub.id, runId, 'researcher'],
    ]);
    // The sub-agent run is readable by its own id; the conversation's list shows only the turn.
    expect(await json<AgentRunRecord>(await server.fetch(request(`runs/${sub.id}`)))).toMatchObject({ id: sub.id, initiatorRunId: runId });
    const list = await json<RunRecordList>(await server.fetch(request(`runs?conversationId=${conversationId}`)));
    expect(list.runs.map((r) => [r.id, r.subRuns.length])).toEqual([[runId, 1]]);
  });

  it('records a failed run with its stop reason, and lists a conversation’s runs newest first', async () => {
    const model = mockModel(textParts('One.'), failingParts('Hal', new Error('provider exploded')));
    const server = createAgentServer({ agents: { assistant: { model } }, authenticate, store: memoryStore(), logger: recordingLogger() });
    const first = await turn(server, 'assistant', 'One');
    const chunks = await readChunks(
      await server.fetch(request('assistant', { body: { conversationId: first.conversationId, messages: [userMessage('Two')] } })),
    );
    const second = (chunksOf(chunks, 'start')[0]!.messageMetadata as { runId: string }).runId;
    const list = await json<RunRecordList>(await server.fetch(request(`runs?conversationId=${first.conversationId}`)));
    expect(list.runs.map((r) => [r.id, r.status, r.stopReason])).toEqual([
      [second, 'failed', 'error'],
      [first.runId, 'completed', 'stop'],
    ]);
  });

  it('fills the step a failed or stopped run cut off (duration, finish reason, usage) — null only while running', async () => {
    const failing = createAgentServer({
      agents: { assistant: { model: mockModel(failingParts('Hal', new Error('provider exploded'))) } },
      authenticate,
      store: memoryStore(),
      logger: recordingLogger(),
    });
    const failed = await turn(failing, 'assistant', 'One');
    const failedRecord = await json<AgentRunRecord>(await failing.fetch(request(`runs/${failed.runId}`)));
    expect(failedRecord.status).toBe('failed');
    expect(failedRecord.steps).toEqual([expect.objectContaining({ durationMs: expect.any(Number), finishReason: 'error', usage: expect.any(Object) })]);

    const { model, started } = stallingModel('Long');
    const stopping = createAgentServer({ agents: { assistant: { model } }, authenticate, store: memoryStore(), logger: recordingLogger() });
    const response = await stopping.fetch(request('assistant', { body: { messages: [userMessage('Go')] } }));
    const conversationId = response.headers.get('x-conversation-id')!;
    const runId = response.headers.get(RUN_ID_HEADER)!;
    await started;
    expect((await stopping.fetch(request(`conversations/${conversationId}/stop`, { body: {} }))).status).toBe(202);
    await response.text();
    const stoppedRecord = await json<AgentRunRecord>(await stopping.fetch(request(`runs/${runId}`)));
    expect(stoppedRecord.status).toBe('stopped');
    expect(stoppedRecord.steps).toEqual([expect.objectContaining({ durationMs: expect.any(Number), finishReason: 'abort', usage: expect.any(Object) })]);
  });

  it('records the generate route’s runs', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'abcd' } }), textParts('Found 4.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'] } }, tools: { lookup }, authenticate, store: memoryStore(), logger: recordingLogger() });
    const body = await json<GenerateResponse>(await server.fetch(request('assistant/generate', { body: { messages: [userMessage('Look abcd up')] } })));
    const list = await json<RunRecordList>(await server.fetch(request(`runs?conversationId=${body.conversationId}`)));
    expect(list.runs).toHaveLength(1);
    expect(list.runs[0]).toMatchObject({ status: 'completed', stopReason: 'stop', usage: { inputTokens: 20, outputTokens: 10 } });
    expect(list.runs[0]!.steps.map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    expect(list.runs[0]!.toolCalls).toEqual([expect.objectContaining({ toolName: 'lookup', output: { found: 4 } })]);
  });

  it('is scoped to the user: another user’s run and conversation answer 404', async () => {
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('Hi.')) } }, authenticate, store: memoryStore(), logger: recordingLogger() });
    const { runId, conversationId } = await turn(server, 'assistant', 'Hello');
    expect(await codeOf(await server.fetch(request(`runs/${runId}`, { user: 'bob' })))).toEqual([404, 'run_not_found']);
    expect(await codeOf(await server.fetch(request(`runs?conversationId=${conversationId}`, { user: 'bob' })))).toEqual([404, 'conversation_not_found']);
    expect(await codeOf(await server.fetch(request('runs/run-nope')))).toEqual([404, 'run_not_found']);
    expect(await codeOf(await server.fetch(request('runs')))).toEqual([400, 'invalid_body']);
    expect(await codeOf(await server.fetch(new Request(`http://localhost/api/agent/runs/${runId}`, { method: 'DELETE' })))).toEqual([405, 'method_not_allowed']);
    expect(await codeOf(await server.fetch(request(`runs/%E0%A4%A`)))).toEqual([400, 'invalid_id']);
  });

  it('without a store keeps a record only while its run runs, read live by its user', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inTool = new Promise<void>((resolve) => (started = resolve));
    const slow = {
      description: 'Slow',
      inputSchema: z.object({}),
      execute: async () => {
        started();
        await gate;
        return 'ok';
      },
    };
    const model = mockModel(toolCallParts({ toolName: 'slow', input: {} }), textParts('Done.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['slow'] } }, tools: { slow }, authenticate, logger: recordingLogger() });
    const response = await server.fetch(request('assistant', { body: { messages: [userMessage('Go')] } }));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let head = '';
    while (!head.includes('"runId"')) head += (await reader.read()).value ?? '';
    const runId = /"runId":"([^"]+)"/.exec(head)![1]!;
    await inTool;
    const live = await json<AgentRunRecord>(await server.fetch(request(`runs/${runId}`)));
    expect(live).toMatchObject({ id: runId, status: 'running', finishedAt: null, conversationId: null });
    expect(live.toolCalls).toEqual([expect.objectContaining({ toolName: 'slow', state: 'running', durationMs: null })]);
    expect(await codeOf(await server.fetch(request(`runs/${runId}`, { user: 'bob' })))).toEqual([404, 'run_not_found']);
    expect(await codeOf(await server.fetch(request('runs?conversationId=c1')))).toEqual([404, 'not_found']);
    release();
    while (!(await reader.read()).done);
    expect(await codeOf(await server.fetch(request(`runs/${runId}`)))).toEqual([404, 'run_not_found']);
  });

  it('answers a store-backed run live while it streams, then from the store', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inTool = new Promise<void>((resolve) => (started = resolve));
    const slow = {
      description: 'Slow',
      inputSchema: z.object({}),
      execute: async () => {
        started();
        await gate;
        return 'ok';
      },
    };
    const model = mockModel(toolCallParts({ toolName: 'slow', input: {} }), textParts('Done.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['slow'] } }, tools: { slow }, authenticate, store: memoryStore(), logger: recordingLogger() });
    const response = await server.fetch(request('assistant', { body: { messages: [userMessage('Go')] } }));
    const conversationId = response.headers.get('x-conversation-id')!;
    await inTool;
    const list = await json<RunRecordList>(await server.fetch(request(`runs?conversationId=${conversationId}`)));
    expect(list.runs).toHaveLength(1);
    expect(list.runs[0]).toMatchObject({ status: 'running', toolCalls: [expect.objectContaining({ toolName: 'slow', state: 'running' })] });
    release();
    await response.text();
    const done = await json<AgentRunRecord>(await server.fetch(request(`runs/${list.runs[0]!.id}`)));
    expect(done).toMatchObject({ status: 'completed', toolCalls: [expect.objectContaining({ toolName: 'slow', state: 'done', output: 'ok' })] });
    expect(done.steps).toHaveLength(2);
  });

  it('records a sub-agent run that failed, and the parent call that got its error', async () => {
    const parent = mockModel(toolCallParts({ toolName: 'researcher', input: { task: 'Find it' } }), textParts('Sorry.'));
    const child = mockModel(failingParts('Hal', new Error('provider exploded')));
    const server = createAgentServer({
      agents: { boss: { model: parent, agents: ['researcher'] }, researcher: { model: child } },
      authenticate,
      store: memoryStore(),
      logger: recordingLogger(),
    });
    const { runId } = await turn(server, 'boss', 'Find it');
    const record = await json<AgentRunRecord>(await server.fetch(request(`runs/${runId}`)));
    expect(record.status).toBe('completed');
    expect(record.toolCalls).toEqual([expect.objectContaining({ toolName: 'researcher', state: 'error', error: expect.stringContaining('researcher agent failed') })]);
    expect(record.subRuns).toEqual([expect.objectContaining({ agentId: 'researcher', status: 'failed', stopReason: 'error', initiatorToolCallId: 'call-1' })]);
  });

  it('answers a run streaming on another instance from the store (running, its steps not written yet)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { description: 'Slow', inputSchema: z.object({}), execute: async () => (await gate, 'ok') };
    const store = memoryStore();
    const config = (model: ReturnType<typeof mockModel>): AgentServerConfig => ({ agents: { assistant: { model, tools: ['slow'] } }, tools: { slow }, authenticate, store, logger: recordingLogger() });
    const a = createAgentServer(config(mockModel(toolCallParts({ toolName: 'slow', input: {} }), textParts('Done.'))));
    const b = createAgentServer(config(mockModel(textParts('unused'))));
    const response = await a.fetch(request('assistant', { body: { messages: [userMessage('Go')] } }));
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let head = '';
    while (!head.includes('"runId"')) head += (await reader.read()).value ?? '';
    const runId = /"runId":"([^"]+)"/.exec(head)![1]!;
    expect(await json<AgentRunRecord>(await b.fetch(request(`runs/${runId}`)))).toMatchObject({ id: runId, status: 'running', steps: [], toolCalls: [] });
    release();
    while (!(await reader.read()).done);
    const done = await json<AgentRunRecord>(await b.fetch(request(`runs/${runId}`)));
    expect(done).toMatchObject({ status: 'completed', toolCalls: [expect.objectContaining({ toolName: 'slow', output: 'ok' })] });
  });
});
