// Compile-time checks of a config written in code (issue 23): plain-object tools infer their input
// from the schema, and an agent may name only the config's own tools and hooks. A config loaded from
// a file is plain data (`AgentServerConfig`) and is checked at startup instead.
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { InferAgentTools } from './infer-tools.js';
import type { AgentServerConfig } from './types.js';

describe('createAgentServer types', () => {
  it('infers a plain-object tool’s input from its zod schema (no defineTool)', () => {
    const _server = createAgentServer({
      tools: {
        getWeather: {
          description: 'Current weather of a city.',
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            expectTypeOf(city).toEqualTypeOf<string>();
            return { city, tempC: 21 };
          },
        },
      },
      hooks: { suggest: (event) => (event.hook === 'onFinish' ? undefined : undefined) },
      agents: { assistant: { model: 'openai/gpt-5-mini', tools: ['getWeather'], hooks: { onFinish: ['suggest'] }, access: (user) => user !== undefined } },
    });
    expectTypeOf<InferAgentTools<typeof _server, 'assistant'>>().toEqualTypeOf<{
      getWeather: { input: { city: string }; output: { city: string; tempC: number } };
    }>();
  });

  it('refuses an agent tool name the config does not define', () => {
    createAgentServer({
      tools: { weather: { description: 'W', inputSchema: z.object({ city: z.string() }), execute: ({ city }) => city } },
      // @ts-expect-error: `wether` is not a tool of this config
      agents: { assistant: { model: 'openai/gpt-5-mini', tools: ['wether'] } },
    });
    createAgentServer({
      tools: { weather: { description: 'W', inputSchema: z.object({ city: z.string() }), execute: ({ city }) => city } },
      // @ts-expect-error: a `{ tool }` reference is checked too
      agents: { assistant: { model: 'openai/gpt-5-mini', tools: [{ tool: 'wether', name: 'w' }] } },
    });
  });

  it('refuses an agent hook name the config does not define', () => {
    createAgentServer({
      hooks: { suggest: () => undefined },
      // @ts-expect-error: `sugest` is not a hook of this config
      agents: { assistant: { model: 'openai/gpt-5-mini', hooks: { onFinish: ['sugest'] } } },
    });
  });

  it('accepts names it cannot check (a config built in pieces widens them to string): checked at startup', () => {
    const weather = { description: 'W', inputSchema: z.object({ city: z.string() }), execute: ({ city }: { city: string }) => city };
    const config = { tools: { weather }, agents: { assistant: { model: 'openai/gpt-5-mini', tools: ['weather'] } } };
    expectTypeOf(config.agents.assistant.tools).toEqualTypeOf<string[]>();
    const server = createAgentServer(config);
    expectTypeOf(server.fetch).toBeFunction();
    createAgentServer({
      tools: { weather },
      // @ts-expect-error: a name written in place is still checked next to built ones
      agents: { assistant: { model: 'openai/gpt-5-mini', tools: ['wether'] }, other: config.agents.assistant },
    });
  });

  it('keeps configs typed as data (YAML/JSON) working: checked at startup', () => {
    const fromFile: AgentServerConfig = { agents: { assistant: { model: 'openai/gpt-5-mini', tools: ['anything'], hooks: { onFinish: ['any'] } } } };
    const server = createAgentServer(fromFile);
    expectTypeOf(server.fetch).toBeFunction();
  });
});
