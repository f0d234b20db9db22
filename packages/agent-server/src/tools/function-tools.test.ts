import type { JSONSchema7 } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import { defineTool, type ToolContext } from '../config/tool-types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };

function toolsSent(model: ReturnType<typeof mockModel>, call = 0) {
  return (model.doStreamCalls[call]!.tools ?? []).map((t) => ({ name: t.name, ...('description' in t ? { description: t.description } : {}), ...('inputSchema' in t ? { inputSchema: t.inputSchema } : {}) }));
}

describe('named server tools (config.tools)', () => {
  it('offers the tool to the model, runs it with the input and the tool context, and sends the result back', async () => {
    const seen: { input: unknown; ctx: ToolContext }[] = [];
    const model = mockModel(toolCallParts({ toolName: 'weather', input: { city: 'Paris' } }), textParts('It is sunny.'));
    const server = createAgentServer({
      tools: {
        weather: defineTool({
          description: 'Current weather of a city',
          inputSchema: z.object({ city: z.string() }),
          execute: (input, ctx) => {
            seen.push({ input: input.city === 'Paris' ? input : null, ctx }); // input is typed { city: string }
            return { tempC: 21 };
          },
        }),
      },
      agents: { assistant: { model, tools: ['weather'] } },
      authenticate: () => ({ id: 'u-7', name: 'Ann' }),
      logger: silent,
    });
    const response = await server.fetch(
      chatRequest({
        messages: [userMessage('Weather in Paris?')],
        conversationId: 'c-1',
        pageId: 'dashboard',
        urlQuery: { tab: 'map' },
        sharedState: { unit: 'C' },
      }),
    );
    const chunks = await readChunks(response);

    const sent = toolsSent(model);
    expect(sent.map((t) => t.name)).toEqual(['weather', 'update-page-state']);
    expect(sent[0]).toMatchObject({
      description: 'Current weather of a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.input).toEqual({ city: 'Paris' });
    expect(seen[0]!.ctx).toMatchObject({
      agentId: 'assistant',
      conversationId: 'c-1',
      user: { id: 'u-7', name: 'Ann' },
      pageId: 'dashboard',
      urlQuery: { tab: 'map' },
      sharedState: { unit: 'C' },
      toolCallId: 'call-1',
    });
    expect(seen[0]!.ctx.abortSignal).toBeInstanceOf(AbortSignal);
    expect(chunksOf(chunks, 'tool-output-available')).toEqual([{ type: 'tool-output-available', toolCallId: 'call-1', output: { tempC: 21 } }]);
    expect(textOf(chunks)).toBe('It is sunny.');
    const toolMessage = model.doStreamCalls[1]!.prompt.find((m) => m.role === 'tool');
    expect(JSON.stringify(toolMessage)).toContain('"tempC":21');
  });

  it('accepts a plain JSON Schema as inputSchema and sends it to the model as is', async () => {
    const model = mockModel(textParts('ok'));
    const schema: JSONSchema7 = { type: 'object', properties: { q: { type: 'string', description: 'query' } }, required: ['q'], additionalProperties: false };
    const server = createAgentServer({
      tools: { search: { description: 'Search', inputSchema: schema, execute: () => [] } },
      agents: { assistant: { model, tools: ['search'] } },
      logger: silent,
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] })));
    expect(toolsSent(model)).toEqual([{ name: 'search', description: 'Search', inputSchema: schema }]);
  });

  it('exposes a tool under the name of the reference, and one tool serves several agents', async () => {
    const agentsSeen: string[] = [];
    const lookup = { description: 'Look up', inputSchema: z.object({ id: z.string() }), execute: (_: { id: string }, ctx: ToolContext) => agentsSeen.push(ctx.agentId) };
    const a = mockModel(toolCallParts({ toolName: 'find', input: { id: '1' } }), textParts('a'));
    const b = mockModel(toolCallParts({ toolName: 'lookup', input: { id: '2' } }), textParts('b'));
    const server = createAgentServer({
      tools: { lookup },
      agents: { sales: { model: a, tools: [{ tool: 'lookup', name: 'find' }] }, support: { model: b, tools: ['lookup'] } },
      logger: silent,
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/sales' })));
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/support' })));
    expect(toolsSent(a).map((t) => t.name)).toEqual(['find']);
    expect(toolsSent(b).map((t) => t.name)).toEqual(['lookup']);
    expect(agentsSeen).toEqual(['sales', 'support']);
  });

  it('turns a thrown error into a tool error the model and the UI see, and the turn goes on', async () => {
    const model = mockModel(toolCallParts({ toolName: 'charge', input: { amount: 5 } }), textParts('The charge failed.'));
    const server = createAgentServer({
      tools: {
        charge: {
          description: 'Charge',
          inputSchema: z.object({ amount: z.number() }),
          execute: () => {
            throw new Error('card declined');
          },
        },
      },
      agents: { assistant: { model, tools: ['charge'] } },
      logger: silent,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('pay')] })));
    const [failed] = chunksOf(chunks, 'tool-output-error');
    expect(failed).toMatchObject({ toolCallId: 'call-1', errorText: expect.stringContaining('card declined') });
    expect(failed!.errorText).not.toMatch(/\n\s+at /); // no stack
    expect(JSON.stringify(model.doStreamCalls[1]!.prompt)).toContain('card declined');
    expect(textOf(chunks)).toBe('The charge failed.');
  });
});

describe('plain JSON Schema input', () => {
  it('validates the model input against it: an invalid call is a tool input error and execute does not run', async () => {
    const ran: unknown[] = [];
    const model = mockModel(toolCallParts({ toolName: 'search', input: { q: 42 } }), textParts('Retrying is up to me.'));
    const schema: JSONSchema7 = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
    const server = createAgentServer({
      tools: { search: { description: 'Search', inputSchema: schema, execute: (input) => ran.push(input) } },
      agents: { assistant: { model, tools: ['search'] } },
      logger: silent,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] })));
    expect(ran).toEqual([]);
    expect(chunksOf(chunks, 'tool-input-error')[0]).toMatchObject({ toolCallId: 'call-1', toolName: 'search' });
    expect(textOf(chunks)).toBe('Retrying is up to me.');
  });
});
