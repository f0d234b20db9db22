import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUGGESTIONS_PART } from '@x/agent-protocol';
import { createAgentServerFromFile, loadAgentConfig, parseAgentConfig, type AgentConfigCode } from './load-config-file.js';
import { ConfigError } from './config-error.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';

const yamlFile = new URL('../../test-fixtures/support-agents.yaml', import.meta.url);
const jsonFile = new URL('../../test-fixtures/support-agents.json', import.meta.url);

/** The code half of the example: tools, hooks and the custom connection's models. */
function code(models: Record<string, ReturnType<typeof mockModel>>): AgentConfigCode {
  return {
    tools: {
      lookupOrder: {
        description: 'Look up an order by id',
        inputSchema: z.object({ orderId: z.string() }),
        execute: ({ orderId }: { orderId: string }) => ({ orderId, status: 'shipped' }),
      },
      refundOrder: { description: 'Refund an order', inputSchema: z.object({ orderId: z.string() }), execute: () => ({ refunded: true }) },
    },
    hooks: { suggestFollowUps: () => ({ dataParts: [{ type: SUGGESTIONS_PART, data: { items: ['Track it', 'Refund it'] } }] }) },
    connections: { local: { createModel: (id: string) => models[id]! } },
    env: { SUPPORT_ANTHROPIC_KEY: 'sk-test' },
    logger: recordingLogger(),
  };
}

describe('config in a file (agents and connections as data, tools and hooks in code)', () => {
  it('serves the agents of a YAML file with the tools and hooks of code', async () => {
    const models = { 'support-model': mockModel(toolCallParts({ toolName: 'lookupOrder', input: { orderId: 'A1' } }), textParts('Order A1 has shipped.')), 'research-model': mockModel(textParts('n/a')) };
    const server = await createAgentServerFromFile(yamlFile, code(models));
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Where is A1?')], pageId: 'orders' }, { path: '/api/agent/support' })));

    const call = models['support-model'].doStreamCalls[0]!;
    expect(call.prompt[0]).toEqual({ role: 'system', content: '<context>\npageId: orders\n</context>\n\nYou answer questions about orders. Be brief.' });
    expect(call.tools?.map((t) => [t.name, 'description' in t ? t.description : undefined])).toEqual([
      ['lookupOrder', 'Look up an order by id'],
      ['refundOrder', 'Refund an order'],
      ['researcher', 'Looks things up in the knowledge base'],
    ]);
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toEqual({ orderId: 'A1', status: 'shipped' });
    expect(textOf(chunks)).toBe('Order A1 has shipped.');
    expect(chunksOf(chunks, SUGGESTIONS_PART)).toEqual([{ type: SUGGESTIONS_PART, data: { items: ['Track it', 'Refund it'] } }]);
  });

  it('keeps confirm from the file: the refund waits for approval', async () => {
    const models = { 'support-model': mockModel(toolCallParts({ toolName: 'refundOrder', input: { orderId: 'A1' } })), 'research-model': mockModel(textParts('n/a')) };
    const server = await createAgentServerFromFile(yamlFile, code(models));
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('Refund A1')] }, { path: '/api/agent/support' })));
    expect(chunksOf(chunks, 'tool-approval-request')).toHaveLength(1);
  });

  it('reads the same config from JSON, interpolating ${NAME} from env', async () => {
    const models = { 'support-model': mockModel(), 'research-model': mockModel() };
    const fromYaml = await loadAgentConfig(yamlFile, code(models));
    const fromJson = await loadAgentConfig(jsonFile, code(models));
    expect(JSON.stringify(fromJson.agents)).toBe(JSON.stringify(fromYaml.agents));
    expect(fromYaml.connections?.claude).toEqual({ provider: 'anthropic', apiKey: 'sk-test' });
    expect(typeof fromYaml.connections?.local?.createModel).toBe('function');
    expect(fromYaml.limits).toEqual({ toolTimeoutMs: 10000 });
    expect(fromYaml.agents['claude-support']).toMatchObject({ providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 2048 } } } });
  });

  it('reports an unset environment variable with its path', async () => {
    const { env: _env, ...rest } = code({});
    await expect(loadAgentConfig(yamlFile, { ...rest, env: {} })).rejects.toMatchObject({
      issues: [{ path: 'connections.claude.apiKey', message: 'environment variable SUPPORT_ANTHROPIC_KEY is not set' }],
    });
  });

  it('refuses functions-only keys, reserved keys and bad syntax in a file', async () => {
    await expect(parseAgentConfig('agents: {}\ntools:\n  x: 1\n', { format: 'yaml', source: 'a.yaml' })).rejects.toMatchObject({
      issues: [{ path: 'tools.x', message: expect.stringContaining('functions belong in code') }],
    });
    await expect(parseAgentConfig('agents: {}\nhooks: {}\n', { format: 'yaml', source: 'a.yaml' })).rejects.toMatchObject({
      issues: [{ path: 'hooks', message: expect.stringContaining('functions belong in code') }],
    });
    await expect(parseAgentConfig('{"agents":{"__proto__":{"model":"x"}}}', { format: 'json' })).rejects.toMatchObject({
      issues: [{ path: 'agents.__proto__', message: '"__proto__" is a reserved key' }],
    });
    const bad = await parseAgentConfig('agents: [unclosed', { format: 'yaml', source: 'b.yaml' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ConfigError);
    expect((bad as ConfigError).issues[0]).toMatchObject({ path: 'b.yaml', message: expect.stringContaining('not valid YAML') });
  });

  it('validates the file’s content like any config, with paths', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-file-'));
    const file = join(dir, 'agents.yaml');
    writeFileSync(file, 'agents:\n  a:\n    model: m\n    connection: nowhere\n    tools: [ghost]\n');
    const error = await createAgentServerFromFile(file, { logger: recordingLogger() }).catch((e: unknown) => e);
    expect((error as ConfigError).issues).toEqual([
      { path: 'agents.a.connection', message: 'unknown connection "nowhere"' },
      { path: 'agents.a.tools[0]', message: 'unknown tool "ghost"' },
    ]);
  });

  it('takes HTTP tools and data policies from a file, beside code tools and policies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-file-'));
    const file = join(dir, 'agents.yaml');
    writeFileSync(
      file,
      [
        'tools:',
        '  status:',
        '    description: Service status',
        '    inputSchema: { type: object, properties: { service: { type: string } } }',
        '    http: { url: "https://status.example.com/{{service}}", headers: { authorization: "Bearer ${STATUS_KEY}" } }',
        'policies:',
        '  - { match: "status", when: { path: service, equals: billing }, before: { deny: "billing is private" } }',
        'agents:',
        '  a: { model: m, connection: local, tools: [status, ping] }',
        'connections:',
        '  local: { provider: custom }',
      ].join('\n'),
    );
    const config = await loadAgentConfig(file, {
      env: { STATUS_KEY: 'k' },
      tools: { ping: { description: 'Ping', inputSchema: z.object({}), execute: () => 'pong' } },
      policies: [{ match: '*', after: { redact: ['token'] } }],
      connections: { local: { createModel: () => mockModel(textParts('x')) } },
      logger: recordingLogger(),
    });
    expect(Object.keys(config.tools ?? {})).toEqual(['status', 'ping']);
    expect(config.tools!.status).toMatchObject({ http: { headers: { authorization: 'Bearer k' } } });
    expect(config.policies).toEqual([
      { match: 'status', when: { path: 'service', equals: 'billing' }, before: { deny: 'billing is private' } },
      { match: '*', after: { redact: ['token'] } },
    ]);
    const twice = await loadAgentConfig(file, { env: { STATUS_KEY: 'k' }, tools: { status: { description: 'd', inputSchema: z.object({}), execute: () => 1 } } }).catch((e: unknown) => e);
    expect((twice as ConfigError).issues).toEqual([{ path: 'tools.status', message: 'defined in the file and in code' }]);
  });

  it('reports a missing file', async () => {
    const error = await loadAgentConfig('/nonexistent/agents.yaml').catch((e: unknown) => e);
    expect((error as ConfigError).issues[0]).toMatchObject({ path: '/nonexistent/agents.yaml', message: expect.stringContaining('cannot read the config file') });
  });
});
