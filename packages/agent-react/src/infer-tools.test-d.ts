// End-to-end tool types (issue 13): written once on the server, checked in useAgentChat.
import type { InferAgentTools } from '@x/agent-server';
import { createAgentServer, defineTool } from '@x/agent-server';
import type { UITools } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { UseAgentChatResult } from '@x/agent-core';
import { useAgentChat } from './use-agent-chat.js';

export const server = createAgentServer({
  agents: {
    support: { model: 'openai/gpt-5-mini', tools: ['weather', { tool: 'deleteRecord', name: 'removeRecord' }] },
    other: { model: 'openai/gpt-5-mini', tools: ['weather'] },
  },
  tools: {
    weather: defineTool({
      description: 'Weather',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, tempC: 21 }),
    }),
    deleteRecord: defineTool({
      description: 'Deletes a record',
      inputSchema: z.object({ id: z.number() }),
      confirm: true,
      execute: ({ id }) => ({ deleted: id }),
    }),
  },
});

type SupportTools = InferAgentTools<typeof server, 'support'>;
type Chat = UseAgentChatResult<SupportTools>;
type Part = Chat['messages'][number]['parts'][number];

describe('InferAgentTools', () => {
  it('types each tool of an agent from its execute (exposed names included)', () => {
    expectTypeOf<SupportTools>().toEqualTypeOf<{
      weather: { input: { city: string }; output: { city: string; tempC: number } };
      removeRecord: { input: { id: number }; output: { deleted: number } };
    }>();
    expectTypeOf<InferAgentTools<typeof server, 'other'>>().toEqualTypeOf<{ weather: { input: { city: string }; output: { city: string; tempC: number } } }>();
    expectTypeOf<SupportTools>().toExtend<UITools>();
  });

  it('refuses an agent id the server does not have', () => {
    // @ts-expect-error: no agent `nobody` in the config
    type _Nobody = InferAgentTools<typeof server, 'nobody'>;
  });

  it('narrows useAgentChat tool parts to each tool’s input and output', () => {
    const input = (part: Part) => (part.type === 'tool-weather' ? part.input?.city : undefined);
    expectTypeOf(input).returns.toEqualTypeOf<string | undefined>();
    const output = (part: Part) => (part.type === 'tool-removeRecord' && part.state === 'output-available' ? part.output : undefined);
    expectTypeOf(output).returns.toEqualTypeOf<{ deleted: number } | undefined>();
    expectTypeOf(useAgentChat<SupportTools>).returns.toEqualTypeOf<Chat>();
  });

  it('makes a wrong tool name or a wrong output a compile error', () => {
    type Args = Parameters<Chat['addToolOutput']>[0];
    expectTypeOf({ tool: 'weather' as const, toolCallId: 't', output: { city: 'Oslo', tempC: 3 } }).toExtend<Args>();
    expectTypeOf({ tool: 'wether' as const, toolCallId: 't', output: { city: 'Oslo', tempC: 3 } }).not.toExtend<Args>();
    expectTypeOf({ tool: 'weather' as const, toolCallId: 't', output: { city: 1 } }).not.toExtend<Args>();
    // A part type of no tool of this agent does not exist:
    expectTypeOf<'tool-deleteRecord'>().not.toExtend<Part['type']>();
    expectTypeOf<'tool-weather'>().toExtend<Part['type']>();
  });

  it('types the input a tool call handler sees', () => {
    type Handler = NonNullable<Parameters<typeof useAgentChat<SupportTools>>[0]['onToolCall']>;
    type Call = Parameters<Handler>[0]['toolCall'];
    const weatherCity = (call: Call) => (!call.dynamic && call.toolName === 'weather' ? call.input.city : undefined);
    expectTypeOf(weatherCity).returns.toEqualTypeOf<string | undefined>();
    // @ts-expect-error: `town` is not in the weather tool's input
    const _wrong = (call: Call) => (!call.dynamic && call.toolName === 'weather' ? call.input.town : undefined);
  });
});
