import { APICallError } from '@ai-sdk/provider';
import { customProvider, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { startFakeProvider, type FakeProvider, type FakeProviderKind, type FakeReply } from '../test-utils/provider-fakes.js';
import type { AgentProviderOptions } from '../config/provider-options.js';
import { agentProviderOptions } from './resolve-agent-model.js';
import { resolveModel, type ConnectionConfig } from './index.js';

// Each provider package talks to a local fake of its streaming API (real-shaped SSE bytes), so
// these tests cover connection settings → provider package → HTTP request → stream parsing.

const fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function fake(kind: FakeProviderKind, reply: FakeReply): Promise<FakeProvider> {
  const f = await startFakeProvider(kind, reply);
  fakes.push(f);
  return f;
}

/** One streamed call with an agent's grouped `providerOptions`, as the runtime passes them. */
async function run(connection: ConnectionConfig, modelId: string, providerOptions: AgentProviderOptions) {
  const errors: unknown[] = [];
  const result = streamText({
    model: await resolveModel(connection, modelId),
    prompt: 'Hello there',
    providerOptions: agentProviderOptions({ model: modelId, providerOptions }),
    maxRetries: 0,
    onError: ({ error }) => void errors.push(error),
  });
  const text = await result.text;
  const reasoning = await result.reasoningText;
  expect(errors).toEqual([]);
  return { text, reasoning };
}

describe('providers end to end against local fakes of their streaming APIs', () => {
  it('anthropic: messages stream with thinking, providerOptions.anthropic in the request body, key and headers sent', async () => {
    const f = await fake('anthropic', { text: ['Hi ', 'from ', 'Claude'], reasoning: ['Let me ', 'think'] });
    const out = await run(
      { provider: 'anthropic', apiKey: 'sk-ant-test', baseURL: f.baseURL, headers: { 'x-team': 'support' } },
      'claude-sonnet-4-5',
      // another provider's namespace is passed along and ignored by anthropic
      { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 }, effort: 'high', sendReasoning: true }, openai: { user: 'x' } },
    );
    expect(out).toEqual({ text: 'Hi from Claude', reasoning: 'Let me think' });
    expect(f.requests).toHaveLength(1);
    const [request] = f.requests;
    expect(request!.url).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe('sk-ant-test');
    expect(request!.headers['x-team']).toBe('support');
    expect(request!.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      output_config: { effort: 'high' },
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
    });
  });

  it('openai: the default model uses the Responses API; reasoningEffort/reasoningSummary arrive as `reasoning`', async () => {
    const f = await fake('openai', { text: ['Hi ', 'from ', 'GPT'], reasoning: ['Plan ', 'first'] });
    const out = await run({ provider: 'openai', apiKey: 'sk-test', baseURL: f.baseURL, organization: 'org-1' }, 'gpt-5', {
      openai: { reasoningEffort: 'low', reasoningSummary: 'auto' },
    });
    expect(out).toEqual({ text: 'Hi from GPT', reasoning: 'Plan first' });
    const [request] = f.requests;
    expect(request!.url).toBe('/v1/responses');
    expect(request!.headers.authorization).toBe('Bearer sk-test');
    expect(request!.headers['openai-organization']).toBe('org-1'); // extra connection keys reach the provider settings
    expect(request!.body).toMatchObject({ model: 'gpt-5', stream: true, reasoning: { effort: 'low', summary: 'auto' } });
  });

  it("openai with api: 'chat': Chat Completions stream for OpenAI-compatible servers; reasoningEffort as reasoning_effort", async () => {
    const f = await fake('openai-chat', { text: ['Hi ', 'from ', 'chat'] });
    const out = await run({ provider: 'openai', api: 'chat', apiKey: 'sk-chat', baseURL: f.baseURL }, 'o3-mini', { openai: { reasoningEffort: 'high' } });
    expect(out.text).toBe('Hi from chat');
    const [request] = f.requests;
    expect(request!.url).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe('Bearer sk-chat');
    expect(request!.body).toMatchObject({ model: 'o3-mini', stream: true, reasoning_effort: 'high', messages: [{ role: 'user', content: 'Hello there' }] });
  });

  it('google: streamGenerateContent?alt=sse with thoughts; thinkingConfig and safetySettings in the body', async () => {
    const f = await fake('google', { text: ['Hi ', 'from ', 'Gemini'], reasoning: ['Hmm'] });
    const safetySettings = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }];
    const out = await run({ provider: 'google', apiKey: 'g-test', baseURL: f.baseURL }, 'gemini-2.5-pro', {
      google: { thinkingConfig: { thinkingBudget: 512, includeThoughts: true }, safetySettings },
    });
    expect(out).toEqual({ text: 'Hi from Gemini', reasoning: 'Hmm' });
    const [request] = f.requests;
    expect(request!.url).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
    expect(request!.headers['x-goog-api-key']).toBe('g-test');
    expect(request!.body).toMatchObject({
      generationConfig: { thinkingConfig: { thinkingBudget: 512, includeThoughts: true } },
      safetySettings,
      contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }],
    });
  });

  it('gateway: v4 language-model stream; routing in providerOptions.gateway, provider-native namespaces passed through', async () => {
    const f = await fake('gateway', { text: ['Hi ', 'via ', 'gateway'], reasoning: ['Routing'] });
    // Passed to the gateway exactly as configured.
    const providerOptions: AgentProviderOptions = {
      anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } },
      gateway: {
        sort: 'cost',
        order: ['anthropic', 'vertex'],
        only: ['anthropic', 'vertex'],
        models: ['openai/gpt-5-mini'],
        user: 'user-42',
        tags: ['support', 'prod'],
        zeroDataRetention: true,
        providerTimeouts: { byok: { anthropic: 15000 } },
        byok: { anthropic: [{ apiKey: 'byok-key' }] },
      },
    };
    const out = await run({ provider: 'gateway', apiKey: 'gw-test', baseURL: f.baseURL }, 'anthropic/claude-sonnet-4.5', providerOptions);
    expect(out).toEqual({ text: 'Hi via gateway', reasoning: 'Routing' });
    const [request] = f.requests;
    expect(request!.url).toBe('/v4/ai/language-model');
    expect(request!.headers.authorization).toBe('Bearer gw-test');
    expect(request!.headers['ai-language-model-id']).toBe('anthropic/claude-sonnet-4.5');
    expect(request!.headers['ai-language-model-streaming']).toBe('true');
    expect(request!.body.providerOptions).toEqual(providerOptions);
  });

  it('surfaces a provider HTTP error (the fake answers 404 for a wrong path) as a stream error', async () => {
    const f = await fake('anthropic', { text: ['unused'] });
    const errors: unknown[] = [];
    const result = streamText({
      model: await resolveModel({ provider: 'anthropic', apiKey: 'k', baseURL: `${f.baseURL}/wrong` }, 'claude-sonnet-4-5'),
      prompt: 'x',
      maxRetries: 0,
      onError: ({ error }) => void errors.push(error),
    });
    await expect(result.text).rejects.toThrow(/No output generated/);
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0]) && errors[0].statusCode).toBe(404);
  });
});

describe('custom connections', () => {
  it('takes a function of the model id', async () => {
    const seen: string[] = [];
    const connection: ConnectionConfig = {
      provider: 'custom',
      createModel: (id) => {
        seen.push(id);
        return mockModel(textParts(`custom ${id}`));
      },
    };
    const result = streamText({ model: await resolveModel(connection, 'm-1'), prompt: 'x' });
    expect(await result.text).toBe('custom m-1');
    expect(seen).toEqual(['m-1']);
  });

  it('takes an AI SDK provider object (customProvider)', async () => {
    const provider = customProvider({ languageModels: { fast: mockModel(textParts('from the fast model')) } });
    const result = streamText({ model: await resolveModel({ provider: 'custom', createModel: provider }, 'fast'), prompt: 'x' });
    expect(await result.text).toBe('from the fast model');
  });

  it('refuses to resolve a custom connection without a factory', async () => {
    await expect(resolveModel({ provider: 'custom' }, 'x')).rejects.toThrow(/createModel/);
  });
});
