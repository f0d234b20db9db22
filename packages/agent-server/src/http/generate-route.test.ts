import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GenerateResponse } from '@x/agent-protocol/routes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { pgliteStore } from '../store/pglite-store.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { failingParts, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { userMessage } from '../test-utils/sse.js';
import { storeServer } from '../test-utils/store-server.js';
import { deltaParts, gatedModel } from '../test-utils/gated-model.js';
import { runPaths } from '@x/agent-protocol/routes';

function post(path: string, body: unknown, user = 'alice'): Request {
  return new Request(`http://localhost/api/agent/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user': user },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function generated(response: Response): Promise<GenerateResponse> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as GenerateResponse;
}

async function codeOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toContain('application/json');
  return ((await response.json()) as { error: { code: string } }).error.code;
}

const lookup = { description: 'Look up', inputSchema: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => ({ found: q.length }) };
const citySchema = { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'], additionalProperties: false };

describe('POST {basePath}/{agentId}/generate', () => {
  it('runs the whole tool loop and answers JSON (no store)', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'abc' } }), textParts('Found 3.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'] } }, tools: { lookup }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Look abc up')] })));
    expect(body).toMatchObject({ status: 'completed', text: 'Found 3.', stopReason: 'end_turn', usage: { inputTokens: 20, outputTokens: 10 } });
    // The answer's run id is its run record's.
    expect(body.runId).toMatch(/^run-/);
    expect(body.steps).toHaveLength(2);
    expect(body.steps[0]).toMatchObject({ finishReason: 'tool-calls', toolCalls: [{ toolName: 'lookup', input: { q: 'abc' } }], toolResults: [{ output: { found: 3 } }] });
    expect(body.pendingToolCalls).toBeUndefined();
  });

  it('stops at max_steps while the model still calls tools', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'a' } }));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'], maxSteps: 1 } }, tools: { lookup }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Go')] })));
    expect(body).toMatchObject({ status: 'completed', stopReason: 'max_steps' });
  });

  it('answers stop_condition when stopOnToolCall ends the loop', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'a' } }), textParts('never'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'], stopOnToolCall: 'lookup' } }, tools: { lookup }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Go')] })));
    expect(body).toMatchObject({ status: 'completed', stopReason: 'stop_condition' });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('refuses an agent whose `returns` is not a usable JSON Schema', () => {
    const model = mockModel(textParts('x'));
    expect(() => createAgentServer({ agents: { assistant: { model, returns: { type: 'no-such-type' } } }, logger: recordingLogger() })).toThrow(
      /agents\.assistant\.returns/,
    );
  });

  it('answers failed with stopReason error when the model fails', async () => {
    const model = mockModel(failingParts('Half', new Error('provider exploded')));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Hi')] })));
    expect(body).toMatchObject({ status: 'failed', stopReason: 'error', error: { code: 'model_error' } });
  });

  it('validates structured output against the request schema', async () => {
    const model = mockModel(textParts('{"city":"Paris","days":3}'), textParts('{"city":"Paris","days":"three"}'), textParts('Paris, three days.'));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: recordingLogger() });
    const valid = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Plan')], output: { schema: citySchema } })));
    expect(valid).toMatchObject({ status: 'completed', output: { city: 'Paris', days: 3 }, stopReason: 'end_turn' });
    expect(model.doStreamCalls[0]!.responseFormat).toMatchObject({ type: 'json' });
    const invalid = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Plan')], output: { schema: citySchema } })));
    expect(invalid).toMatchObject({ status: 'failed', stopReason: 'error', error: { code: 'invalid_output' } });
    expect(invalid.error!.message).toContain('days');
    expect(invalid.output).toBeUndefined();
    const notJson = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Plan')], output: { schema: citySchema } })));
    expect(notJson).toMatchObject({ status: 'failed', stopReason: 'error', error: { code: 'invalid_output', message: 'The model did not answer with JSON.' } });
  });

  it("uses the agent's `returns` schema when the request has none", async () => {
    const model = mockModel(textParts('```json\n{"city":"Rome","days":2}\n```'));
    const server = createAgentServer({ agents: { assistant: { model, returns: citySchema } }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { messages: [userMessage('Plan')] })));
    expect(body.output).toEqual({ city: 'Rome', days: 2 });
  });

  it('answers the same JSON errors as the streaming route', async () => {
    const model = mockModel(textParts('never'));
    const server = createAgentServer({
      agents: { assistant: { model }, secret: { model, access: (user) => user?.id === 'root' } },
      authenticate: (request) => (request.headers.get('x-user') === 'nobody' ? null : { id: request.headers.get('x-user') ?? 'alice' }),
      logger: recordingLogger(),
    });
    expect(await codeOf(await server.fetch(post('assistant/generate', { messages: [userMessage('Hi')] }, 'nobody')))).toBe('unauthorized');
    expect(await codeOf(await server.fetch(post('missing/generate', { messages: [userMessage('Hi')] })))).toBe('unknown_agent');
    expect(await codeOf(await server.fetch(post('secret/generate', { messages: [userMessage('Hi')] })))).toBe('forbidden');
    expect(await codeOf(await server.fetch(post('assistant/generate', '{"messages": [')))).toBe('bad_json');
    const invalid = await server.fetch(post('assistant/generate', { messages: 'nope' }));
    expect(invalid.status).toBe(400);
    expect(await codeOf(invalid)).toBe('invalid_body');
    const badSchema = await server.fetch(post('assistant/generate', { messages: [userMessage('Hi')], output: { schema: { type: 'no-such-type' } } }));
    expect(badSchema.status).toBe(400);
    expect(((await badSchema.json()) as { error: { issues: { path: string }[] } }).error.issues[0]!.path).toBe('output.schema');
    const get = await server.fetch(new Request('http://localhost/api/agent/assistant/generate'));
    expect(get.status).toBe(405);
    expect(await codeOf(await server.fetch(post('assistant/generate/x/y/z', {})))).toBe('not_found');
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('answers requires_action for a client tool; without a store the resume route answers 501 store_required', async () => {
    const model = mockModel(toolCallParts({ toolName: 'update-page-state', input: { updates: { city: 'Paris' } } }), textParts('Done.'));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: recordingLogger() });
    const body = await generated(await server.fetch(post('assistant/generate', { sharedState: { city: 'Rome' }, messages: [userMessage('Paris')] })));
    expect(body).toMatchObject({
      status: 'requires_action',
      stopReason: 'no_executor',
      pendingToolCalls: [{ toolCallId: 'call-1', toolName: 'update-page-state', input: { updates: { city: 'Paris' } } }],
    });
    const resume = await server.fetch(post(`assistant/generate/${body.runId}/tool-outputs`, { outputs: [{ toolCallId: 'call-1', output: { ok: true } }] }));
    expect(resume.status).toBe(501);
    expect(await codeOf(resume)).toBe('store_required');
    // Stateless: the caller sends the output as a tool part in the messages of a new generate request.
    const call = { type: 'tool-update-page-state', toolCallId: 'call-1', input: { updates: { city: 'Paris' } } };
    const done = await generated(
      await server.fetch(
        post('assistant/generate', {
          sharedState: { city: 'Paris' },
          messages: [userMessage('Paris', 'u1'), { id: 'a1', role: 'assistant', parts: [{ ...call, state: 'output-available', output: { ok: true, written: ['city'] } }] }],
        }),
      ),
    );
    expect(done).toMatchObject({ status: 'completed', stopReason: 'end_turn' });
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('"written":["city"]');
  });
});

describe('generate runs that pause for client tools (with a store)', () => {
  const pageCall = () => toolCallParts({ toolName: 'update-page-state', input: { updates: { city: 'Paris' } }, id: 'page-1' });

  it('requires_action → tool-outputs → completed, with the request context applied again', async () => {
    const store = memoryStore();
    const model = mockModel(pageCall(), textParts('Moved to Paris.'));
    const { server } = storeServer(store, model);
    const first = await generated(
      await server.fetch(post('assistant/generate', { sharedState: { city: 'Rome' }, pageId: 'trip', messages: [userMessage('Paris please', 'u1')] })),
    );
    expect(first).toMatchObject({ status: 'requires_action', pendingToolCalls: [{ toolCallId: 'page-1' }] });
    expect(first.conversationId).toBeDefined();
    // The resume body carries only the outputs: the tool (offered only with sharedState) exists again.
    const done = await generated(
      await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, { outputs: [{ toolCallId: 'page-1', output: { ok: true, written: ['city'] } }] })),
    );
    expect(done).toMatchObject({ status: 'completed', text: 'Moved to Paris.', stopReason: 'end_turn' });
    // The continuation is a run of its own, with its own record.
    expect(done.runId).not.toBe(first.runId);
    expect((await store.listRuns('alice', first.conversationId!))!.map((r) => r.id)).toEqual([first.runId, done.runId]);
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('"written":["city"]');
    expect(model.doStreamCalls[1]!.tools?.map((t) => t.name)).toContain('update-page-state');
    const thread = (await store.loadThread('alice', first.conversationId!))!;
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(thread[1]!.metadata.generate).toMatchObject({ runId: done.runId, status: 'completed', context: { pageId: 'trip' } });
    // Once completed it no longer waits.
    const again = await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, { outputs: [{ toolCallId: 'page-1', output: {} }] }));
    expect(again.status).toBe(409);
    expect(await codeOf(again)).toBe('run_not_paused');
  });

  it('stops at the stop route like a streaming run: aborted, the partial reply saved as stopped', async () => {
    const store = memoryStore();
    const gated = gatedModel(deltaParts(['Half ', 'an ', 'answer']), 3);
    const { server } = storeServer(store, gated.model);
    const answer = server.fetch(post('assistant/generate', { messages: [userMessage('Go', 'u1')] }));
    await gated.started;
    const [conversation] = await store.listConversations('alice', { limit: 5 });
    expect(conversation?.activeRunId).toBeTruthy();
    const stop = await server.fetch(
      new Request(`http://localhost${runPaths.stop('/api/agent', conversation!.id)}`, { method: 'POST', headers: { 'x-user': 'alice' } }),
    );
    expect(stop.status).toBe(202);
    await gated.aborted;
    const done = await generated(await answer);
    expect(done).toMatchObject({ status: 'completed', stopReason: 'aborted' });
    const thread = (await store.loadThread('alice', conversation!.id))!;
    expect(thread.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
    expect((await store.getConversation('alice', conversation!.id))!.activeRunId).toBeNull();
  });

  it('answers 404 run_not_found for unknown, malformed and foreign run ids, and 400 for outputs that do not match', async () => {
    const store = memoryStore();
    const model = mockModel(pageCall(), textParts('Done.'));
    const { server } = storeServer(store, model);
    const first = await generated(await server.fetch(post('assistant/generate', { sharedState: { city: 'Rome' }, messages: [userMessage('Paris')] })));
    const outputs = { outputs: [{ toolCallId: 'page-1', output: { ok: true, written: ['city'] } }] };
    expect(await codeOf(await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, outputs, 'mallory')))).toBe('run_not_found');
    expect(await codeOf(await server.fetch(post('assistant/generate/run-nope/tool-outputs', outputs)))).toBe('run_not_found');
    expect(await codeOf(await server.fetch(post(`assistant/generate/run-${crypto.randomUUID()}/tool-outputs`, outputs)))).toBe('run_not_found');
    expect(await codeOf(await server.fetch(post('assistant/generate/%E0%A4%A/tool-outputs', outputs)))).toBe('invalid_id');
    const wrongCall = await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, { outputs: [{ toolCallId: 'other', output: 1 }] }));
    expect(wrongCall.status).toBe(400);
    expect(((await wrongCall.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path)).toEqual(['outputs.0.toolCallId', 'outputs']);
    expect(await codeOf(await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, { outputs: [] })))).toBe('invalid_body');
    expect(model.doStreamCalls).toHaveLength(1);
    // An error output resumes too.
    const done = await generated(await server.fetch(post(`assistant/generate/${first.runId}/tool-outputs`, { outputs: [{ toolCallId: 'page-1', errorText: 'The page is gone.' }] })));
    expect(done.status).toBe('completed');
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('The page is gone.');
  });

  it('keeps the pause across a server restart with the PGlite store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xkit-generate-'));
    try {
      const firstStore = pgliteStore({ dataDir: dir });
      const firstModel = mockModel(pageCall());
      const paused = await generated(
        await storeServer(firstStore, firstModel).server.fetch(post('assistant/generate', { sharedState: { city: 'Rome' }, urlQuery: { tab: 'map' }, messages: [userMessage('Paris')] })),
      );
      expect(paused.status).toBe('requires_action');
      await firstStore.close?.();

      const secondStore = pgliteStore({ dataDir: dir });
      const secondModel = mockModel(textParts('Paris it is.'));
      const { server } = storeServer(secondStore, secondModel);
      const done = await generated(
        await server.fetch(post(`assistant/generate/${paused.runId}/tool-outputs`, { outputs: [{ toolCallId: 'page-1', output: { ok: true, written: ['city'] } }] })),
      );
      expect(done).toMatchObject({ status: 'completed', text: 'Paris it is.' });
      expect(secondModel.doStreamCalls[0]!.tools?.map((t) => t.name)).toContain('update-page-state');
      const runs = (await secondStore.listRuns('alice', paused.conversationId!))!;
      expect(runs.map((r) => r.status)).toEqual(['completed', 'completed']);
      await secondStore.close?.();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
