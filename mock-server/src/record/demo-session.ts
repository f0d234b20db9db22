import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { AgentServerConfig } from '@x/agent-server';
import { z } from 'zod';

/**
 * The demo session's server config (tools, an agent with an approval tool and a sub-agent): the
 * committed fixture `fixtures/weather-delete-research.json` was recorded with it against the
 * loopback OpenAI-compatible fake, and the tests, the story and the e2e spec replay it.
 */
export function demoSessionConfig(models: { assistant: LanguageModelV4; researcher: LanguageModelV4 }): AgentServerConfig {
  return {
    tools: demoSessionTools(),
    agents: {
      assistant: {
        model: models.assistant,
        instructions: 'You help with the weather and records, and delegate research.',
        tools: ['getWeather', 'deleteRecord'],
        agents: [{ agent: 'researcher', description: 'Delegate research questions to the researcher agent.' }],
      },
      researcher: { model: models.researcher, instructions: 'You research topics and answer with three short facts.' },
    },
  };
}

/** The demo session's tools: a weather lookup and a destructive tool that needs approval. */
export function demoSessionTools(): NonNullable<AgentServerConfig['tools']> {
  return {
    getWeather: {
      description: 'Current weather of a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: ({ city }: { city: string }) => ({ city, tempC: city === 'Oslo' ? 3 : 18, sky: city === 'Oslo' ? 'overcast' : 'clear' }),
    },
    deleteRecord: {
      description: 'Deletes a record by id. Destructive: needs the user to approve.',
      inputSchema: z.object({ id: z.number().int() }),
      confirm: true,
      execute: ({ id }: { id: number }) => ({ deleted: id }),
    },
  };
}

/** The user's messages of the demo session, in order (the second one's tool call is approved). */
export const DEMO_SESSION_PROMPTS = ['What is the weather in Oslo?', 'Delete record 7', 'Research the history of the teapot'] as const;
