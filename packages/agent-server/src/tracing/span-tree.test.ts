import { SpanStatusCode } from '@opentelemetry/api';
import type { AgentRunRecord } from '@x/agent-protocol/routes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { gatedModel } from '../test-utils/gated-model.js';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { MockLanguageModelV4 } from 'ai/test';
import { mockModel, textParts, usage } from '../test-utils/mock-model.js';
import { chunksOf, failingParts, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { registerTestTracing, spanTrees, type SpanNode, type TestTracing } from '../test-utils/tracing-sdk.js';

const lookup = { description: 'Look up', inputSchema: z.object({ q: z.string() }), execute: ({ q }: { q: string }) => ({ doc: `policy for ${q}` }) };

let tracing: TestTracing;
const servers: TestMcpHttpServer[] = [];
beforeAll(() => {
  tracing = registerTestTracing();
});
afterEach(async () => {
  tracing.exporter.reset();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await tracing.shutdown();
});

function request(path: string, body?: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost/api/agent/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** Polls until `check` holds (spans of a stream's end are exported as it ends). */
async function eventually(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function find(nodes: readonly SpanNode[], name: string): SpanNode {
  const node = nodes.find((n) => n.name === name);
  if (!node) throw new Error(`no span "${name}" among ${nodes.map((n) => n.name).join(', ')}`);
  return node;
}

const names = (nodes: readonly SpanNode[]) => nodes.map((n) => n.name);

describe('OpenTelemetry spans (SDK registered, in-memory exporter)', () => {
  it('traces a turn: model calls, a function tool, an MCP tool and a sub-agent nested under the tool call that runs it; store and run-log calls too', async () => {
    const mcp = await startMcpHttpServer({ echo: { reply: (args) => `echo:${String(args.text ?? '')}` } });
    servers.push(mcp);
    const boss = mockModel(
      toolCallParts(
        { toolName: 'lookup', input: { q: 'refunds' }, id: 'call-lookup' },
        { toolName: 'echo', input: { text: 'hi' }, id: 'call-echo' },
        { toolName: 'researcher', input: { task: 'Find the policy' }, id: 'call-sub' },
      ),
      textParts('Refunds take 5 days.'),
    );
    const researcher = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'policy' } }), textParts('Policy v2.'));
    const server = createAgentServer({
      agents: {
        assistant: { model: boss, tools: ['lookup'], mcp: [{ url: mcp.url }], agents: ['researcher'] },
        researcher: { model: researcher, tools: ['lookup'] },
      },
      tools: { lookup },
      store: memoryStore(),
      logger: recordingLogger(),
    });
    const response = await server.fetch(request('assistant', { messages: [userMessage('How long do refunds take?')] }));
    const chunks = await readChunks(response);
    expect(textOf(chunks)).toBe('Refunds take 5 days.');
    await eventually(() => tracing.spans().some((s) => s.name === 'run_log.end'));

    const roots = spanTrees(tracing.spans());
    const turn = find(roots, 'invoke_agent assistant');
    const runId = (chunksOf(chunks, 'start')[0]!.messageMetadata as { runId: string }).runId;
    expect(turn.span.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'assistant',
      'gen_ai.conversation.id': response.headers.get('x-conversation-id'),
      'x.run.id': runId,
      'x.run.status': 'completed',
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 10,
    });
    expect(turn.span.status.code).not.toBe(SpanStatusCode.ERROR);

    // Two model calls and three tool calls under the turn; the store's calls too.
    const chats = turn.children.filter((n) => n.name === 'chat mock-model-id');
    expect(chats).toHaveLength(2);
    expect(chats[0]!.span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'mock-provider',
      'gen_ai.system': 'mock-provider',
      'gen_ai.request.model': 'mock-model-id',
      'gen_ai.response.finish_reasons': ['tool-calls'],
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 5,
    });
    expect(chats[1]!.span.attributes['gen_ai.response.finish_reasons']).toEqual(['stop']);
    expect(names(turn.children).filter((n) => n.startsWith('execute_tool')).sort()).toEqual(['execute_tool echo', 'execute_tool lookup', 'execute_tool researcher']);
    expect(names(turn.children)).toEqual(expect.arrayContaining(['store.beginTurn', 'store.finishTurn']));
    expect(find(turn.children, 'store.beginTurn').span.attributes).toMatchObject({ 'db.system.name': 'memory', 'db.operation.name': 'beginTurn' });

    expect(find(turn.children, 'execute_tool lookup').span.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'lookup',
      'gen_ai.tool.call.id': 'call-lookup',
      'gen_ai.tool.type': 'function',
      'x.tool.source': 'function',
    });
    expect(find(turn.children, 'execute_tool echo').span.attributes).toMatchObject({
      'gen_ai.tool.type': 'extension',
      'x.tool.source': 'mcp',
      'mcp.method.name': 'tools/call',
    });
    expect(mcp.calls).toEqual([{ tool: 'echo', args: { text: 'hi' } }]);

    // The sub-agent's run is a child of the tool call that runs it, with its own model and tool calls.
    const subCall = find(turn.children, 'execute_tool researcher');
    expect(names(subCall.children)).toEqual(['invoke_agent researcher']);
    const sub = subCall.children[0]!;
    expect(names(sub.children)).toEqual(['chat mock-model-id', 'execute_tool lookup', 'chat mock-model-id']);
    expect(sub.span.attributes).toMatchObject({ 'gen_ai.agent.name': 'researcher', 'x.run.status': 'completed' });

    // No content unless the app opts in.
    for (const span of tracing.spans()) {
      for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result']) {
        expect(span.attributes[key], `${span.name} ${key}`).toBeUndefined();
      }
    }
    // Everything is one trace, and the run record names it.
    const traceId = turn.span.spanContext().traceId;
    expect(new Set(tracing.spans().filter((s) => s.name !== 'store.getRun' && s.name !== 'store.listRuns').map((s) => s.spanContext().traceId))).toEqual(new Set([traceId]));
    const record = (await (await server.fetch(request(`runs/${runId}`))).json()) as AgentRunRecord;
    expect(record.traceId).toBe(traceId);
    expect(record.subRuns[0]!.traceId).toBe(traceId);
    // The run log's end is a child of the turn too (it ends from the stream, in whatever context reads it).
    expect(find(turn.children, 'run_log.end').span.attributes).toMatchObject({ 'db.system.name': 'memory' });
  });

  it('traces a stopped turn: the turn span says stopped, its model call ends cancelled, the Stop is a run-log span', async () => {
    const held = gatedModel(textParts('This answer is never finished.'), 3);
    const server = createAgentServer({ agents: { assistant: { model: held.model } }, store: memoryStore(), logger: recordingLogger() });
    const response = await server.fetch(request('assistant', { messages: [userMessage('Talk')] }));
    const conversationId = response.headers.get('x-conversation-id')!;
    await held.started;
    const stop = await server.fetch(request(`conversations/${conversationId}/stop`, {}));
    expect(stop.status).toBeLessThan(300);
    await readChunks(response);
    await eventually(() => tracing.spans().some((s) => s.name === 'invoke_agent assistant'));

    const roots = spanTrees(tracing.spans());
    const turn = find(roots, 'invoke_agent assistant');
    expect(turn.span.attributes['x.run.status']).toBe('stopped');
    expect(turn.span.status.code).not.toBe(SpanStatusCode.ERROR);
    const chat = find(turn.children, 'chat mock-model-id');
    expect(chat.span.attributes['x.cancelled']).toBe(true);
    expect(chat.span.attributes['gen_ai.response.finish_reasons']).toBeUndefined();
    expect(find(roots, 'run_log.request_stop').span.attributes).toMatchObject({ 'db.operation.name': 'request_stop' });
  });

  it('records prompts, replies, tool arguments and results only when the app opts in (tracing.recordInputs / recordOutputs)', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'secret-question' } }), textParts('secret-answer'));
    const server = createAgentServer({
      agents: { assistant: { model, tools: ['lookup'] } },
      tools: { lookup },
      tracing: { recordInputs: true, recordOutputs: true },
      logger: recordingLogger(),
    });
    await readChunks(await server.fetch(request('assistant', { messages: [userMessage('my-prompt')] })));
    const roots = spanTrees(tracing.spans());
    const turn = find(roots, 'invoke_agent assistant');
    const [first, second] = turn.children.filter((n) => n.name === 'chat mock-model-id');
    expect(first!.span.attributes['gen_ai.input.messages']).toContain('my-prompt');
    expect(JSON.parse(String(second!.span.attributes['gen_ai.output.messages']))).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'secret-answer' }], finish_reason: 'stop' },
    ]);
    expect(JSON.parse(String(first!.span.attributes['gen_ai.output.messages']))[0].parts).toEqual([
      { type: 'tool_call', id: 'call-1', name: 'lookup', arguments: '{"q":"secret-question"}' },
    ]);
    const tool = find(turn.children, 'execute_tool lookup');
    expect(tool.span.attributes['gen_ai.tool.call.arguments']).toBe('{"q":"secret-question"}');
    expect(tool.span.attributes['gen_ai.tool.call.result']).toBe('{"doc":"policy for secret-question"}');
  });

  it('continues an incoming traceparent: the turn is a child of the caller span, and the run record carries its trace id', async () => {
    const model = mockModel(textParts('Hello.'));
    const server = createAgentServer({ agents: { assistant: { model } }, store: memoryStore(), logger: recordingLogger() });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const response = await server.fetch(request('assistant', { messages: [userMessage('Hi')] }, { traceparent: `00-${traceId}-${callerSpanId}-01` }));
    const chunks = await readChunks(response);
    const turn = tracing.spans().find((s) => s.name === 'invoke_agent assistant')!;
    expect(turn.spanContext().traceId).toBe(traceId);
    expect(turn.parentSpanContext?.spanId).toBe(callerSpanId);
    expect(turn.parentSpanContext?.isRemote).toBe(true);
    const runId = (chunksOf(chunks, 'start')[0]!.messageMetadata as { runId: string }).runId;
    const record = (await (await server.fetch(request(`runs/${runId}`))).json()) as AgentRunRecord;
    expect(record.traceId).toBe(traceId);
    // Kept with the stored run: the conversation's run list has it too.
    const list = (await (await server.fetch(request(`runs?conversationId=${response.headers.get('x-conversation-id')}`))).json()) as { runs: AgentRunRecord[] };
    expect(list.runs[0]!.traceId).toBe(traceId);
  });

  it('traces the title call as a model call of the turn (generateText: a chat span with its usage)', async () => {
    const model = mockModel(textParts('Hello there.'));
    const titleModel = new MockLanguageModelV4({
      modelId: 'title-model',
      doGenerate: async () => ({ content: [{ type: 'text', text: 'Greeting' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
    });
    const server = createAgentServer({ agents: { assistant: { model, generateTitle: { model: titleModel } } }, logger: recordingLogger() });
    await readChunks(await server.fetch(request('assistant', { messages: [userMessage('Hi')] })));
    const turn = find(spanTrees(tracing.spans()), 'invoke_agent assistant');
    expect(find(turn.children, 'chat title-model').span.attributes).toMatchObject({
      'gen_ai.request.model': 'title-model',
      'gen_ai.request.max_tokens': 40,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 10,
      'gen_ai.usage.output_tokens': 5,
    });
  });

  it('traces a generate-route run the same way (a turn span with its model and tool calls, and the store calls)', async () => {
    const model = mockModel(toolCallParts({ toolName: 'lookup', input: { q: 'x' } }), textParts('Done.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['lookup'] } }, tools: { lookup }, store: memoryStore(), logger: recordingLogger() });
    const response = await server.fetch(request('assistant/generate', { messages: [userMessage('Go')] }));
    const result = (await response.json()) as { runId: string; status: string };
    expect(result.status).toBe('completed');
    const turn = find(spanTrees(tracing.spans()), 'invoke_agent assistant');
    expect(turn.span.attributes).toMatchObject({ 'x.run.id': result.runId, 'x.run.status': 'completed' });
    expect(names(turn.children).filter((n) => !n.startsWith('store.'))).toEqual(['chat mock-model-id', 'execute_tool lookup', 'chat mock-model-id']);
    expect(names(turn.children)).toEqual(expect.arrayContaining(['store.beginTurn', 'store.finishTurn']));
  });

  it('marks a failed tool call and a failed model call as errors', async () => {
    const broken = { description: 'Fails', inputSchema: z.object({}), execute: () => Promise.reject(new Error('backend down')) };
    const model = mockModel(toolCallParts({ toolName: 'broken', input: {} }), textParts('Sorry.'));
    const server = createAgentServer({ agents: { assistant: { model, tools: ['broken'] } }, tools: { broken }, logger: recordingLogger() });
    await readChunks(await server.fetch(request('assistant', { messages: [userMessage('Go')] })));
    const tool = tracing.spans().find((s) => s.name === 'execute_tool broken')!;
    expect(tool.status).toEqual({ code: SpanStatusCode.ERROR, message: 'backend down' });
    expect(tool.attributes['error.type']).toBe('Error');

    tracing.exporter.reset();
    const failing = createAgentServer({ agents: { assistant: { model: mockModel(failingParts('Half', new Error('provider down'))) } }, logger: recordingLogger() });
    await readChunks(await failing.fetch(request('assistant', { messages: [userMessage('Go')] })));
    await eventually(() => tracing.spans().some((s) => s.name === 'invoke_agent assistant'));
    const chat = tracing.spans().find((s) => s.name === 'chat mock-model-id')!;
    expect(chat.status).toEqual({ code: SpanStatusCode.ERROR, message: 'provider down' });
    const turn = tracing.spans().find((s) => s.name === 'invoke_agent assistant')!;
    expect(turn.status.code).toBe(SpanStatusCode.ERROR);
    expect(turn.attributes['x.run.status']).toBe('failed');
  });
});
