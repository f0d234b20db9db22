import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { startFakeProvider, type FakeProvider } from '../test-utils/provider-fakes.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const fakes: FakeProvider[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

describe('agents on connections (model id + connection, provider settings grouped in providerOptions)', () => {
  it('serves a string model through its anthropic connection, with providerOptions.anthropic in the request', async () => {
    const fake = await startFakeProvider('anthropic', { text: ['Hello ', 'from the fake'] });
    fakes.push(fake);
    const server = createAgentServer({
      connections: { claude: { provider: 'anthropic', apiKey: 'sk-test', baseURL: fake.baseURL } },
      agents: {
        assistant: {
          connection: 'claude',
          model: 'claude-sonnet-4-5',
          instructions: 'Be kind.',
          maxRetries: 0,
          providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 }, sendReasoning: true } },
        },
      },
      logger: recordingLogger(),
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Hi')] })));
    expect(textOf(chunks)).toBe('Hello from the fake');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      system: [{ type: 'text', text: 'Be kind.' }],
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
  });

  it('serves a custom connection’s model factory, per model id', async () => {
    const models = { fast: mockModel(textParts('fast answer')), slow: mockModel(textParts('slow answer')) };
    const server = createAgentServer({
      connections: { local: { provider: 'custom', createModel: (id) => models[id as keyof typeof models] } },
      agents: { a: { connection: 'local', model: 'fast' }, b: { connection: 'local', model: 'slow' } },
      logger: recordingLogger(),
    });
    const a = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/a' })));
    const b = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/b' })));
    expect([textOf(a), textOf(b)]).toEqual(['fast answer', 'slow answer']);
  });

  it('passes providerOptions to a model object as they are, every namespace', async () => {
    const model = mockModel(textParts('ok'));
    Object.defineProperty(model, 'provider', { value: 'anthropic.messages' });
    const server = createAgentServer({ agents: { assistant: { model, providerOptions: { anthropic: { effort: 'low' }, mine: { x: 1 } } } }, logger: recordingLogger() });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('x')] })));
    expect(model.doStreamCalls[0]!.providerOptions).toEqual({ anthropic: { effort: 'low' }, mine: { x: 1 } });
  });
});
