import { createAgentServer, type AgentServer } from '@x/agent-server';
import { createMockAgentServer } from '@x/mock-server';
import { anthropic } from '@ai-sdk/anthropic';
import { openai } from '@ai-sdk/openai';

const instructions = 'You are a helpful assistant in the @x agent kit Next.js example. Answer in concise markdown.';

/**
 * One agent server for the whole app (module scope: created once per server process). With a
 * provider key in the environment it runs on that provider, otherwise on the scripted mock model.
 */
function create(): AgentServer {
  if (process.env.ANTHROPIC_API_KEY) {
    return createAgentServer({ agents: { assistant: { model: anthropic(process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5'), instructions } } });
  }
  if (process.env.OPENAI_API_KEY) {
    return createAgentServer({ agents: { assistant: { model: openai(process.env.OPENAI_MODEL ?? 'gpt-4.1-mini'), instructions } } });
  }
  return createMockAgentServer();
}

export const agentServer = create();
