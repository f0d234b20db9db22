// The playground's API server: the real @x/agent-server on node:http. With ANTHROPIC_API_KEY or
// OPENAI_API_KEY in the environment the agent runs on that provider; otherwise on the scripted mock
// model, so the playground works out of the box with no key. Run with Node >= 22.12 (types are stripped).
import { createAgentServer, type AgentServer } from '@x/agent-server';
import { createMockAgentServer } from '@x/mock-server';
import { startMockServer as startHttp } from '@x/mock-server/node';

const port = Number(process.env.PLAYGROUND_API_PORT ?? process.env.PORT ?? 8787);
const instructions = 'You are a helpful assistant in the @x agent kit playground. Answer in concise markdown.';

async function providerServer(): Promise<{ server: AgentServer; label: string } | undefined> {
  if (process.env.ANTHROPIC_API_KEY) {
    const { anthropic } = await import('@ai-sdk/anthropic');
    const modelId = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5';
    return { server: createAgentServer({ agents: { assistant: { model: anthropic(modelId), instructions } } }), label: `anthropic/${modelId}` };
  }
  if (process.env.OPENAI_API_KEY) {
    const { openai } = await import('@ai-sdk/openai');
    const modelId = process.env.OPENAI_MODEL ?? 'gpt-4.1-mini';
    return { server: createAgentServer({ agents: { assistant: { model: openai(modelId), instructions } } }), label: `openai/${modelId}` };
  }
  return undefined;
}

const provider = await providerServer();
const running = await startHttp({ port, server: provider?.server ?? createMockAgentServer() });
console.log(`playground API on ${running.url}/api/agent/assistant (${provider?.label ?? 'mock model: no API key set'})`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)));
}
