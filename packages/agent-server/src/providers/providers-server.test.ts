import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/config-error.js';
import { createAgentServer } from '../server.js';
import { startFakeProvider, type FakeProvider, type FakeProviderKind } from '../test-utils/provider-fakes.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';
import type { AgentProviderOptions } from '../config/provider-options.js';
import type { ProviderName } from './index.js';

// The whole path through the public API: config.connections + an agent's model id and provider
// providerOptions → createAgentServer → the real provider package → a local fake of the provider's API.

const fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});
const logger = { warn: () => {}, error: () => {} };

const CASES: { provider: FakeProviderKind; model: string; providerOptions: AgentProviderOptions; expectBody: Record<string, unknown> }[] = [
  {
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 }, effort: 'low' } },
    expectBody: { thinking: { type: 'enabled', budget_tokens: 1024 }, output_config: { effort: 'low' } },
  },
  { provider: 'openai', model: 'gpt-5', providerOptions: { openai: { reasoningEffort: 'minimal', reasoningSummary: 'auto' } }, expectBody: { reasoning: { effort: 'minimal', summary: 'auto' } } },
  {
    provider: 'google',
    model: 'gemini-2.5-flash',
    providerOptions: { google: { thinkingConfig: { thinkingBudget: 0 } } },
    expectBody: { generationConfig: expect.objectContaining({ thinkingConfig: { thinkingBudget: 0 } }) as unknown },
  },
  {
    provider: 'gateway',
    model: 'openai/gpt-5',
    providerOptions: { gateway: { order: ['azure', 'openai'], models: ['anthropic/claude-sonnet-4.5'], zeroDataRetention: true } },
    expectBody: { providerOptions: { gateway: { order: ['azure', 'openai'], models: ['anthropic/claude-sonnet-4.5'], zeroDataRetention: true } } },
  },
];

describe('createAgentServer with provider connections', () => {
  it.each(CASES)('$provider: the agent streams the provider reply; instructions, messages and providerOptions reach the provider', async ({ provider, model, providerOptions, expectBody }) => {
    const fake = await startFakeProvider(provider, { text: ['Hello ', 'from ', provider] });
    fakes.push(fake);
    const server = createAgentServer({
      connections: { main: { provider: provider as ProviderName, apiKey: 'test-key', baseURL: fake.baseURL } },
      agents: { assistant: { connection: 'main', model, instructions: 'You are terse.', providerOptions } },
      logger,
    });
    const response = await server.fetch(chatRequest({ messages: [userMessage('What is up?')] }));
    expect(response.status).toBe(200);
    const chunks = await readChunks(response);
    expect(chunks.filter((c) => c.type === 'error')).toEqual([]);
    expect(textOf(chunks)).toBe(`Hello from ${provider}`);
    expect(fake.requests).toHaveLength(1);
    const sent = JSON.stringify(fake.requests[0]!.body);
    expect(sent).toContain('You are terse.');
    expect(sent).toContain('What is up?');
    expect(fake.requests[0]!.body).toMatchObject(expectBody);
  });

  it('answers a provider failure with a safe error part, not the provider message or the key', async () => {
    const fake = await startFakeProvider('anthropic', { text: ['unused'] });
    fakes.push(fake);
    const server = createAgentServer({
      connections: { broken: { provider: 'anthropic', apiKey: 'sk-secret-key', baseURL: `${fake.baseURL}/nowhere` } },
      agents: { assistant: { connection: 'broken', model: 'claude-sonnet-4-5', maxRetries: 0 } },
      logger,
    });
    const response = await server.fetch(chatRequest({ messages: [userMessage('Hi')] }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('"type":"error"');
    expect(text).not.toContain('sk-secret-key');
    expect(text).not.toContain('no route');
  });

  it('refuses an invalid connection at startup with paths', () => {
    try {
      createAgentServer({
        connections: { main: { provider: 'anthropic', baseURL: 'not a url' }, other: { provider: 'custom' } as never },
        agents: { assistant: { connection: 'main', model: 'claude-sonnet-4-5' } },
        logger,
      });
      expect.unreachable('createAgentServer accepted an invalid connection');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues.map((i) => i.path)).toEqual(expect.arrayContaining(['connections.main.baseURL', 'connections.other.createModel']));
    }
  });
});
