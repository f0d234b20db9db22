import { describe, expect, it } from 'vitest';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { connectionIssues, resolveModel, type ConnectionConfig } from './index.js';

describe('connectionIssues', () => {
  it('accepts every well-formed provider connection', () => {
    for (const provider of ['anthropic', 'openai', 'google', 'gateway'] as const) {
      expect(connectionIssues('main', { provider, apiKey: 'k', baseURL: 'https://proxy.example.com/v1', headers: { 'x-a': 'b' } })).toEqual([]);
      expect(connectionIssues('env', { provider })).toEqual([]);
    }
    expect(connectionIssues('mock', { provider: 'custom', createModel: () => mockModel(textParts('x')) })).toEqual([]);
  });

  it('reports every problem of a connection with its path', () => {
    expect(
      connectionIssues('main', { provider: 'anthropic', apiKey: '', baseURL: 'ftp://x', headers: { 'bad header': 'v', 'x-n': 1, 'x-crlf': 'a\r\nb' }, createModel: () => null }),
    ).toEqual([
      { path: 'connections.main.apiKey', message: expect.stringMatching(/non-empty string/) },
      { path: 'connections.main.baseURL', message: expect.stringMatching(/http\(s\) URL/) },
      { path: 'connections.main.headers.bad header', message: expect.stringMatching(/header name/) },
      { path: 'connections.main.headers.x-n', message: 'must be a string' },
      { path: 'connections.main.headers.x-crlf', message: expect.stringMatching(/line breaks/) },
      { path: 'connections.main.createModel', message: expect.stringMatching(/only for provider "custom"/) },
    ]);
  });

  it('reports settings the provider does not know, suggesting the right spelling', () => {
    expect(connectionIssues('main', { provider: 'openai', baseUrl: 'http://x', api_key: 'k', organization: 'o', colour: 1 })).toEqual([
      { path: 'connections.main.baseUrl', message: 'unknown setting (did you mean "baseURL"?)' },
      { path: 'connections.main.api_key', message: 'unknown setting (did you mean "apiKey"?)' },
      { path: 'connections.main.colour', message: expect.stringMatching(/unknown setting for provider "openai" \(known: api, apiKey, baseURL/) },
    ]);
    expect(connectionIssues('gw', { provider: 'gateway', teamIdOrSlug: 'team' })).toEqual([]);
    expect(connectionIssues('o', { provider: 'openai', api: 'chat' })).toEqual([]);
    expect(connectionIssues('o', { provider: 'openai', api: 'completions' })).toEqual([{ path: 'connections.o.api', message: 'must be "responses" or "chat"' }]);
    expect(connectionIssues('a', { provider: 'anthropic', api: 'chat' })).toEqual([{ path: 'connections.a.api', message: expect.stringMatching(/unknown setting/) }]);
    expect(connectionIssues('gw', { provider: 'anthropic', teamIdOrSlug: 'team' })).toHaveLength(1);
    expect(connectionIssues('c', { provider: 'custom', createModel: () => mockModel(textParts('x')), apiKey: 'k' })).toEqual([
      { path: 'connections.c.apiKey', message: expect.stringMatching(/unknown setting for provider "custom"/) },
    ]);
  });

  it('requires a known provider, and a factory for custom', () => {
    expect(connectionIssues('a', { apiKey: 'k' })).toEqual([{ path: 'connections.a.provider', message: expect.stringMatching(/required/) }]);
    expect(connectionIssues('a', { provider: 'azure' })).toEqual([
      { path: 'connections.a.provider', message: expect.stringMatching(/unknown provider "azure".*anthropic, openai, google, gateway, custom/) },
    ]);
    expect(connectionIssues('c', { provider: 'custom' })).toEqual([{ path: 'connections.c.createModel', message: expect.stringMatching(/required/) }]);
    expect(connectionIssues('c', { provider: 'custom', createModel: 'openai' })).toEqual([
      { path: 'connections.c.createModel', message: expect.stringMatching(/function/) },
    ]);
  });

  it('rejects a connection that is not an object', () => {
    for (const value of [null, 'anthropic', 3, [], undefined]) {
      expect(connectionIssues('x', value)).toEqual([{ path: 'connections.x', message: expect.stringMatching(/object/) }]);
    }
  });
});

describe('resolveModel', () => {
  it('creates one provider per connection and a model per id, with the provider package of the connection (loaded on first use)', async () => {
    const connection: ConnectionConfig = { provider: 'anthropic', apiKey: 'k' };
    const a = (await resolveModel(connection, 'claude-a')) as { provider: string; modelId: string };
    const b = (await resolveModel(connection, 'claude-b')) as { provider: string; modelId: string };
    expect([a.provider, a.modelId, b.modelId]).toEqual(['anthropic.messages', 'claude-a', 'claude-b']);
    const provider = async (c: ConnectionConfig, id: string) => ((await resolveModel(c, id)) as { provider: string }).provider;
    expect(await provider({ provider: 'openai', apiKey: 'k' }, 'gpt-5')).toBe('openai.responses');
    expect(await provider({ provider: 'openai', apiKey: 'k', api: 'chat' }, 'gpt-4o')).toBe('openai.chat');
    expect(await provider({ provider: 'google', apiKey: 'k' }, 'gemini-2.5-pro')).toBe('google.generative-ai');
    expect(await provider({ provider: 'gateway', apiKey: 'k' }, 'openai/gpt-5')).toBe('gateway');
  });

  it('rejects for an unknown provider', async () => {
    await expect(resolveModel({ provider: 'nope' as never }, 'x')).rejects.toThrow(/Unknown provider "nope"/);
  });
});
