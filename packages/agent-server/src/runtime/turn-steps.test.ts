import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { AgentConfig, AgentServerConfig } from '../config/types.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const silent = { warn: () => {}, error: () => {} };
const tools = {
  a: { description: 'Tool a', inputSchema: z.object({ n: z.number() }), execute: ({ n }: { n: number }) => n },
  b: { description: 'Tool b', inputSchema: z.object({}), execute: () => 'b' },
};

/** A model that calls tool `a` with a new input on every call (never loops on the same input). */
function alwaysCallsA() {
  let n = 0;
  const calls = Array.from({ length: 20 }, () => toolCallParts({ toolName: 'a', input: { n: n++ }, id: `call-${n}` }));
  return mockModel(...calls);
}

async function run(agent: AgentConfig) {
  const assistant: AgentConfig = { ...agent, tools: agent.tools ?? ['a', 'b'] };
  // The agent is a parameter (plain strings): typed as data, checked at startup.
  const config: AgentServerConfig = { tools, agents: { assistant }, logger: silent };
  const server = createAgentServer(config);
  return readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
}

describe('the turn: steps', () => {
  it('runs at most 10 model calls by default, withholding tools (toolChoice none) on the last', async () => {
    const model = alwaysCallsA();
    await run({ model });
    expect(model.doStreamCalls).toHaveLength(10);
    expect(model.doStreamCalls.slice(0, 9).map((c) => c.toolChoice)).toEqual(Array(9).fill({ type: 'auto' }));
    expect(model.doStreamCalls[9]!.toolChoice).toEqual({ type: 'none' });
  });

  it('honours maxSteps, with tools withheld on the last allowed step so the model answers in text', async () => {
    const model = mockModel(toolCallParts({ toolName: 'a', input: { n: 1 } }), toolCallParts({ toolName: 'a', input: { n: 2 } }), textParts('Final answer.'));
    const chunks = await run({ model, maxSteps: 3 });
    expect(model.doStreamCalls.map((c) => c.toolChoice)).toEqual([{ type: 'auto' }, { type: 'auto' }, { type: 'none' }]);
    expect(textOf(chunks)).toBe('Final answer.');
  });

  it('stops after a stopOnToolCall tool was called (the tool still runs)', async () => {
    const model = mockModel(toolCallParts({ toolName: 'b', input: {} }), textParts('never'));
    const chunks = await run({ model, stopOnToolCall: ['b'] });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(chunksOf(chunks, 'tool-output-available')).toEqual([{ type: 'tool-output-available', toolCallId: 'call-1', output: 'b' }]);
  });

  it('applies prepareStep rules by 1-based step (step 1 = first call), first match wins', async () => {
    const model = alwaysCallsA();
    await run({
      model,
      maxSteps: 5,
      prepareStep: [
        { steps: [1], activeTools: ['a'], temperature: 0.1 },
        { from: 2, to: 3, toolChoice: 'required', maxOutputTokens: 99 },
        { steps: [2], temperature: 0.9 },
        { from: 4, activeTools: ['b'] },
      ],
    });
    const calls = model.doStreamCalls;
    expect(calls[0]!.tools?.map((t) => t.name)).toEqual(['a']);
    expect(calls[0]!.temperature).toBe(0.1);
    expect(calls[1]!.tools?.map((t) => t.name)).toEqual(['a', 'b']);
    expect(calls[1]!.toolChoice).toEqual({ type: 'required' });
    expect(calls[1]!.maxOutputTokens).toBe(99);
    expect(calls[1]!.temperature).toBeUndefined(); // the later { steps: [2] } rule never applies
    expect(calls[2]!.toolChoice).toEqual({ type: 'required' });
    expect(calls[3]!.tools?.map((t) => t.name)).toEqual(['b']);
    expect(calls[4]!.toolChoice).toEqual({ type: 'none' }); // last step withholds tools over the rule
  });

  it('sends the agent call settings, toolChoice and activeTools', async () => {
    const model = mockModel(textParts('ok'));
    await run({ model, temperature: 0.3, topP: 0.8, maxOutputTokens: 500, seed: 7, stopSequences: ['END'], toolChoice: 'required', activeTools: ['b'] });
    const call = model.doStreamCalls[0]!;
    expect(call).toMatchObject({ temperature: 0.3, topP: 0.8, maxOutputTokens: 500, seed: 7, stopSequences: ['END'], toolChoice: { type: 'required' } });
    expect(call.tools?.map((t) => t.name)).toEqual(['b']);
  });
});
