import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { messageFromChunks } from '../test-utils/ui-message.js';

const silent = { warn: () => {}, error: () => {} };

function setup() {
  const model = mockModel(toolCallParts({ toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { count: 2 } } }), textParts('Updated.'));
  const server = createAgentServer({ agents: { assistant: { model } }, logger: silent });
  return { model, server };
}

describe('update-page-state (client tool)', () => {
  it('is offered for a non-empty sharedState, describing each key with its kind', async () => {
    const { model, server } = setup();
    const sharedState = { title: 'Q3', count: 1, done: false, filters: { a: 1 }, tags: ['x'], owner: null };
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('bump')], sharedState })));
    const tools = model.doStreamCalls[0]!.tools ?? [];
    expect(tools.map((t) => t.name)).toEqual([UPDATE_PAGE_STATE_TOOL]);
    const tool = tools[0] as { description: string; inputSchema: { properties: Record<string, unknown>; required: string[] } };
    for (const line of ['- title (string)', '- count (number)', '- done (boolean)', '- filters (object)', '- tags (array)', '- owner (null)']) {
      expect(tool.description).toContain(line);
    }
    expect(tool.inputSchema.required).toEqual(['updates']);
    expect(tool.inputSchema.properties).toHaveProperty('updates');
  });

  it.each([
    ['absent', undefined],
    ['empty', {}],
  ])('is not offered when sharedState is %s', async (_name, sharedState) => {
    const model = mockModel(textParts('hi'));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('hi')], ...(sharedState ? { sharedState } : {}) })));
    expect(model.doStreamCalls[0]!.tools ?? []).toEqual([]);
  });

  it('has no server execute: the call goes to the client and the turn stops for its answer', async () => {
    const { model, server } = setup();
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('bump')], sharedState: { count: 1 } })));
    expect(chunksOf(chunks, 'tool-input-available')[0]).toMatchObject({ toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { count: 2 } } });
    expect(chunksOf(chunks, 'tool-output-available')).toEqual([]);
    expect(chunksOf(chunks, 'finish')[0]).toMatchObject({ finishReason: 'tool-calls' });
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('sends the client answer to the model on the next request', async () => {
    const { model, server } = setup();
    const user = userMessage('bump');
    const first = await readChunks(await server.fetch(chatRequest({ messages: [user], sharedState: { count: 1 } })));
    const assistant = await messageFromChunks(first);
    const answered = {
      ...assistant,
      parts: assistant.parts.map((p) =>
        p.type === `tool-${UPDATE_PAGE_STATE_TOOL}` ? { ...p, state: 'output-available', output: { ok: true, written: ['count'] } } : p,
      ),
    };
    const second = await readChunks(await server.fetch(chatRequest({ messages: [user, answered], sharedState: { count: 2 } })));
    expect(textOf(second)).toBe('Updated.');
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt.find((m) => m.role === 'tool'))).toContain('"written":["count"]');
  });

  it('comes after the agent’s own tools', async () => {
    const model = mockModel(textParts('ok'));
    const server = createAgentServer({
      tools: { ping: { description: 'Ping', inputSchema: z.object({}), execute: () => 'pong' } },
      agents: { assistant: { model, tools: ['ping'] } },
      logger: silent,
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')], sharedState: { a: 1 } })));
    expect((model.doStreamCalls[0]!.tools ?? []).map((t) => t.name)).toEqual(['ping', UPDATE_PAGE_STATE_TOOL]);
  });

  it('writes the exposed keys of a hostile input and reports __proto__/constructor/prototype as ignored, never the raw parser text', async () => {
    const input = JSON.parse('{"updates":{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}},"count":2,"filters":{"a":1,"prototype":{}}}}') as unknown;
    const model = mockModel(toolCallParts({ toolName: UPDATE_PAGE_STATE_TOOL, input }), textParts('x'));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('bump')], sharedState: { count: 1, filters: {} } })));
    expect(chunksOf(chunks, 'tool-input-error')).toEqual([]);
    const call = chunksOf(chunks, 'tool-input-available')[0] as { input: { updates: Record<string, unknown>; ignored: string[] } };
    expect(call).toMatchObject({ toolName: UPDATE_PAGE_STATE_TOOL });
    expect(call.input).toEqual({ updates: { count: 2, filters: { a: 1 } }, ignored: ['__proto__', 'constructor', 'filters.prototype'] });
    expect(Object.keys(call.input.updates)).toEqual(['count', 'filters']);
    expect(JSON.stringify(chunks)).not.toMatch(/forbidden prototype|JSON parsing failed|polluted/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves other bad inputs to the SDK (not JSON, updates not an object)', async () => {
    const model = mockModel(toolCallParts({ toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: 'nope' } }), textParts('x'));
    const server = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('bump')], sharedState: { count: 1 } })));
    expect(chunksOf(chunks, 'tool-input-error')).toHaveLength(1);
    expect(chunksOf(chunks, 'tool-input-available')).toEqual([]);
  });
});
