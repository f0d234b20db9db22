// Types from the tool definition to the screen (issue 23): a tool defined once on the server types
// the chat, the provider and the renderer keyed by the tool's name.
// A type test (compiled, never run): the server's config is where the UI's tool types come from.
// eslint-disable-next-line no-restricted-imports -- types flow from the server definition; nothing of it reaches a bundle
import type { InferAgentTools } from '@x/agent-server';
// eslint-disable-next-line no-restricted-imports -- as above: the config whose types are checked
import { createAgentServer, defineTool } from '@x/agent-server';
import { useAgentChat, type UseAgentChatResult } from '@x/agent-react';
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { AgentChat } from './agent-chat.js';
import { AgentChatProvider } from './agent-chat-provider.js';
import type { ToolRendererProps, ToolRenderers } from './message-context.js';

const _server = createAgentServer({
  agents: { support: { model: 'openai/gpt-5-mini', tools: ['getWeather', 'deleteRecord'] } },
  tools: {
    getWeather: defineTool({
      description: 'Weather',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, tempC: 21 }),
    }),
    deleteRecord: { description: 'Deletes a record', inputSchema: z.object({ id: z.number() }), confirm: true, execute: ({ id }) => ({ deleted: id }) },
  },
});
type Tools = InferAgentTools<typeof _server, 'support'>;
declare const chat: UseAgentChatResult<Tools>;

describe('tool types from the server definition to the screen', () => {
  it('passes a typed chat to AgentChatProvider (was TS2322 on setMessages)', () => {
    function Screen() {
      const typed = useAgentChat<Tools>({ agentId: 'support' });
      return <AgentChatProvider chat={typed} />;
    }
    expectTypeOf(Screen).returns.not.toBeAny();
  });

  it('types a renderer keyed by the tool name with its tool’s input and output', () => {
    const element = (
      <AgentChatProvider
        chat={chat}
        toolRenderers={{
          getWeather: ({ state, input, output }) => {
            if (state === 'input-streaming') expectTypeOf(input).toEqualTypeOf<{ city?: string } | undefined>();
            else if (state === 'output-available') {
              expectTypeOf(input.city).toEqualTypeOf<string>();
              expectTypeOf(output).toEqualTypeOf<{ city: string; tempC: number }>();
            } else expectTypeOf(input).toEqualTypeOf<{ city: string } | undefined>();
            return <span>{input?.city}</span>;
          },
          deleteRecord: ({ addToolOutput, input }) => {
            expectTypeOf(addToolOutput).parameter(0).toEqualTypeOf<{ deleted: number }>();
            return <span>{String(input?.id)}</span>;
          },
        }}
      />
    );
    expectTypeOf(element).not.toBeAny();
    expectTypeOf<ComponentProps<NonNullable<ToolRenderers<Tools>['getWeather']>>>().toExtend<ToolRendererProps<{ city: string }, { city: string; tempC: number }>>();
  });

  it('makes a misspelt tool name in toolRenderers a compile error', () => {
    // @ts-expect-error: no tool `getWether` in this chat
    const _misspelt = <AgentChatProvider chat={chat} toolRenderers={{ getWether: () => null }} />;
    // @ts-expect-error: `town` is not in getWeather's input
    const _wrongInput = <AgentChatProvider chat={chat} toolRenderers={{ getWeather: ({ input }) => <span>{input?.town}</span> }} />;
  });

  it('types AgentChat’s renderers the same way', () => {
    const _ok = <AgentChat<Tools> agentId="support" toolRenderers={{ getWeather: ({ input }) => <span>{input?.city}</span> }} />;
    // @ts-expect-error: no tool `getWether` for this agent
    const _misspelt = <AgentChat<Tools> agentId="support" toolRenderers={{ getWether: () => null }} />;
  });

  it('keeps untyped chats and renderers as they were (any name, unknown input)', () => {
    const untyped = {} as UseAgentChatResult;
    const _any = <AgentChatProvider chat={untyped} toolRenderers={{ anything: ({ input }) => <span>{String(input)}</span> }} />;
    expectTypeOf<ComponentProps<NonNullable<ToolRenderers['anything']>>['input']>().toBeUnknown();
  });
});
