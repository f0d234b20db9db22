import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import { ConfigError } from './config-error.js';
import type { AgentServerConfig } from './types.js';
import { mockModel } from '../test-utils/mock-model.js';
import { memoryRunLog } from '../runs/memory-run-log.js';
import { memoryStore } from '../store/memory-store.js';
import { recordingLogger } from '../test-utils/model-parts.js';

const silent = { warn: () => {}, error: () => {} };
const model = mockModel();
const tool = { description: 'A tool', inputSchema: z.object({}), execute: () => 'ok' };

function issuesOf(config: unknown): { path: string; message: string }[] {
  try {
    createAgentServer({ logger: silent, ...(config as AgentServerConfig) });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
}

describe('config validation at startup: every problem at once, with paths', () => {
  it('reports unknown references, invalid and reserved names and duplicates together', () => {
    const issues = issuesOf({
      tools: { lookup: tool, 'read-file': tool, 'bad name!': tool, constructor: tool },
      hooks: { audit: () => {} },
      connections: { main: { provider: 'anthropic' } },
      agents: {
        support: {
          model,
          tools: ['lookup', 'nope', { tool: 'lookup', name: 'update-page-state' }, { tool: 'lookup' }],
          agents: ['ghost', { agent: 'billing', name: 'lookup' }, { agent: 'billing', name: 'stat-file' }],
          hooks: { onStart: ['audit', 'missing'], onLunch: ['audit'] },
        },
        billing: { model: 'claude-x', connection: 'elsewhere' },
        __proto__x: { model },
      },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'tools.read-file', message: '"read-file" is a reserved platform tool name' },
        { path: 'tools.bad name!', message: expect.stringContaining('not a valid tool name') },
        { path: 'agents.support.tools[1]', message: 'unknown tool "nope"' },
        { path: 'agents.support.tools[2]', message: '"update-page-state" is a reserved platform tool name' },
        { path: 'agents.support.tools[3]', message: 'duplicate tool name "lookup" (also at agents.support.tools[0])' },
        { path: 'agents.support.agents[0]', message: 'unknown sub-agent "ghost"' },
        { path: 'agents.support.agents[1]', message: 'duplicate tool name "lookup" (also at agents.support.tools[0])' },
        { path: 'agents.support.agents[2]', message: '"stat-file" is a reserved platform tool name' },
        { path: 'tools.constructor', message: '"constructor" is a reserved key and cannot be a name' },
        { path: 'agents.support.hooks.onStart[1]', message: 'unknown hook "missing"' },
        { path: 'agents.support.hooks.onLunch', message: expect.stringContaining('unknown hook slot') },
        { path: 'agents.billing.connection', message: 'unknown connection "elsewhere"' },
      ]),
    );
    expect(issues).toHaveLength(12);
  });

  it.each([
    ['self', { a: { model, agents: ['a'] } }, [{ path: 'agents.a.agents', message: 'agent "a" lists itself as a sub-agent' }]],
    ['A → B → A', { a: { model, agents: ['b'] }, b: { model, agents: ['a'] } }, [{ path: 'agents.a.agents', message: 'sub-agent cycle: a → b → a' }]],
    [
      'longer',
      { a: { model, agents: ['b'] }, b: { model, agents: ['c'] }, c: { model, agents: ['d'] }, d: { model, agents: ['b'] } },
      [{ path: 'agents.b.agents', message: 'sub-agent cycle: b → c → d → b' }],
    ],
  ])('rejects a sub-agent cycle (%s)', (_name, agents, expected) => {
    expect(issuesOf({ agents })).toEqual(expected);
  });

  it('accepts a diamond of sub-agents', () => {
    expect(() =>
      createAgentServer({
        agents: { top: { model, agents: ['left', 'right'] }, left: { model, agents: ['base'] }, right: { model, agents: ['base'] }, base: { model } },
        logger: silent,
      }),
    ).not.toThrow();
  });

  it('checks fileSystem.basePath exists and is a directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-cfg-'));
    const file = join(dir, 'file.txt');
    writeFileSync(file, 'x');
    const issues = issuesOf({
      agents: {
        ok: { model, fileSystem: { basePath: dir } },
        missing: { model, fileSystem: { basePath: join(dir, 'nope') } },
        notDir: { model, fileSystem: { basePath: file } },
        empty: { model, fileSystem: {} },
      },
    });
    expect(issues).toEqual([
      { path: 'agents.missing.fileSystem.basePath', message: `directory "${join(dir, 'nope')}" does not exist` },
      { path: 'agents.notDir.fileSystem.basePath', message: `"${file}" is not a directory` },
      { path: 'agents.empty.fileSystem.basePath', message: 'is required (a directory path)' },
    ]);
  });

  it('checks MCP sources: url for http, command for stdio, createTransport for custom, a known type', () => {
    const issues = issuesOf({
      agents: {
        a: {
          model,
          mcp: [{ name: 'docs' }, { type: 'stdio' }, { type: 'ws', url: 'ws://x' }, { url: 'not a url' }, { url: 'https://ok.example/mcp', namespace: 'has space' }, { type: 'custom' }],
        },
      },
    });
    expect(issues).toEqual([
      { path: 'agents.a.mcp[0].url', message: 'is required for an http MCP server' },
      { path: 'agents.a.mcp[1].command', message: 'is required for a stdio MCP server' },
      { path: 'agents.a.mcp[2].type', message: 'must be "http", "sse", "stdio" or "custom", got "ws"' },
      { path: 'agents.a.mcp[3].url', message: 'must be an http(s) URL, got "not a url"' },
      { path: 'agents.a.mcp[4].namespace', message: expect.stringContaining('must be true, false or a short name') },
      { path: 'agents.a.mcp[5].createTransport', message: 'must be a function returning an MCP transport for a custom MCP server' },
    ]);
  });

  it('checks keepAlive: stdio only, true/false or { idleMs } of milliseconds ≥ 0', () => {
    const issues = issuesOf({
      agents: {
        a: {
          model,
          mcp: [
            { type: 'stdio', command: 'node', keepAlive: true },
            { type: 'stdio', command: 'node', keepAlive: { idleMs: 5_000 } },
            { url: 'https://ok.example/mcp', keepAlive: true },
            { type: 'stdio', command: 'node', keepAlive: 'yes' },
            { type: 'stdio', command: 'node', keepAlive: { idleMs: -1, ttl: 3 } },
          ],
        },
      },
    });
    expect(issues).toEqual([
      { path: 'agents.a.mcp[2].keepAlive', message: 'is for stdio MCP servers only (a process kept between turns)' },
      { path: 'agents.a.mcp[3].keepAlive', message: 'must be true, false or { idleMs }' },
      { path: 'agents.a.mcp[4].keepAlive.ttl', message: expect.any(String) },
      { path: 'agents.a.mcp[4].keepAlive.idleMs', message: 'must be a number of milliseconds ≥ 0' },
    ]);
  });

  it('checks prepareStep rules and prune values', () => {
    const issues = issuesOf({
      agents: {
        a: {
          model,
          prepareStep: [{ steps: [0] }, { from: 3, to: 2 }, { activeTools: ['x'] }, { steps: [1], toolChoice: 'sometimes', tempreature: 1 }],
          prune: { reasoning: 'some', toolCalls: 'before-last-0-messages', emptyMessages: 'drop' },
        },
      },
    });
    expect(issues).toEqual([
      { path: 'agents.a.prepareStep[0].steps', message: expect.stringContaining('non-empty list of step numbers (1-based') },
      { path: 'agents.a.prepareStep[1].to', message: 'must not be before from (3)' },
      { path: 'agents.a.prepareStep[2]', message: 'must match steps: set steps: [n…] or from (and optionally to)' },
      { path: 'agents.a.prepareStep[3].tempreature', message: expect.stringContaining('unknown key') },
      { path: 'agents.a.prepareStep[3].toolChoice', message: expect.stringContaining('must be "auto", "none", "required"') },
      { path: 'agents.a.prune.reasoning', message: 'must be one of all, before-last-message, none, got "some"' },
      { path: 'agents.a.prune.toolCalls', message: expect.stringContaining('before-last-N-messages') },
      { path: 'agents.a.prune.emptyMessages', message: 'must be keep or remove, got "drop"' },
    ]);
  });

  it('checks tool definitions, connections, limits and agent basics', () => {
    const issues = issuesOf({
      tools: { t: { description: '', inputSchema: 'string', execute: 'no' } },
      connections: { c: { provider: 'acme' } },
      limits: { toolTimeoutMs: 0, toolResultMaxChars: 1.5 },
      agents: { 'bad id!': { model: undefined }, ok: { model, maxSteps: 0, maxContextMessages: -1, model2: 1 } },
    });
    expect(issues.map((i) => i.path)).toEqual([
      'connections.c.provider',
      'tools.t.description',
      'tools.t.inputSchema',
      'tools.t.execute',
      'agents.bad id!',
      'agents.bad id!.model',
      'agents.ok.model2',
      'agents.ok.maxSteps',
      'agents.ok.maxContextMessages',
      'limits.toolTimeoutMs',
      'limits.toolResultMaxChars',
    ]);
  });

  it('checks runLog (a RunLog, and only with a store) and onDisconnect', () => {
    expect(issuesOf({ agents: { a: { model } }, runLog: memoryRunLog(), onDisconnect: 'later' })).toEqual([
      { path: 'runLog', message: expect.stringContaining('needs a store') },
      { path: 'onDisconnect', message: 'must be "abort" or "continue"' },
    ]);
    expect(issuesOf({ agents: { a: { model } }, store: memoryStore(), runLog: { open: () => {} } }).map((i) => i.path)).toEqual(['runLog']);
    expect(() =>
      createAgentServer({ logger: silent, agents: { a: { model } }, store: memoryStore(), runLog: memoryRunLog(), onDisconnect: 'abort' }),
    ).not.toThrow();
    expect(() => createAgentServer({ logger: silent, agents: { a: { model } }, onDisconnect: 'continue' })).not.toThrow();
  });

  it('warns (without failing) about approval tools in a sub-agent and providerOptions of another provider', () => {
    const logger = recordingLogger();
    createAgentServer({
      tools: { wipe: { ...tool, confirm: true } },
      connections: { claude: { provider: 'anthropic', apiKey: 'k' } },
      agents: {
        boss: { model, agents: ['worker'] },
        worker: { model: 'claude-sonnet', connection: 'claude', tools: ['wipe'], providerOptions: { anthropic: { thinking: { type: 'adaptive' } }, openai: { reasoningEffort: 'high' } } },
      },
      logger,
    });
    expect(logger.records).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('agent "worker" is used as a sub-agent but its tools "wipe" need approval'),
        meta: { path: 'agents.worker' },
      },
      {
        level: 'warn',
        message: 'agents "worker" have tools that need approval, but approvals are not signed: set approvalSecret so a client cannot forge an approved call',
        meta: { path: 'approvalSecret' },
      },
      { level: 'warn', message: "is ignored: this agent's provider is anthropic, which reads providerOptions.anthropic", meta: { path: 'agents.worker.providerOptions.openai' } },
    ]);
  });

  it('checks providerOptions per provider, listing every problem with its path', () => {
    expect(
      issuesOf({
        agents: {
          a: {
            model,
            providerOptions: {
              anthropic: { thinking: { type: 'on' }, effort: 'huge', sendReasoning: 'yes', cacheControl: { type: 'ephemeral' } },
              openai: { reasoningEffort: 3, reasoningSummary: 'auto' },
              google: { thinkingConfig: { thinkingBudget: 1.5, includeThoughts: 'no' }, safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT' }] },
              gateway: { order: 'azure', models: ['openai/gpt-5'], zeroDataRetention: 'yes' },
              mine: 'not an object',
            },
          },
          b: { model, providerOptions: [] },
          c: { model, providerOptions: { anthropic: { thinking: { type: 'enabled', budgetTokens: 0 } } } },
        },
      }),
    ).toEqual([
      { path: 'agents.a.providerOptions.anthropic.thinking', message: expect.stringContaining('must be { type: "enabled", budgetTokens? }') },
      { path: 'agents.a.providerOptions.anthropic.effort', message: expect.stringContaining('must be one of "low", "medium", "high", "xhigh", "max"') },
      { path: 'agents.a.providerOptions.anthropic.sendReasoning', message: 'must be true or false' },
      { path: 'agents.a.providerOptions.openai.reasoningEffort', message: expect.stringContaining('must be one of "none"') },
      { path: 'agents.a.providerOptions.google.thinkingConfig.thinkingBudget', message: expect.stringContaining('whole number') },
      { path: 'agents.a.providerOptions.google.thinkingConfig.includeThoughts', message: 'must be true or false' },
      { path: 'agents.a.providerOptions.google.safetySettings[0]', message: 'must be { category, threshold } (strings)' },
      { path: 'agents.a.providerOptions.gateway.order', message: 'must be a list of strings' },
      { path: 'agents.a.providerOptions.gateway.zeroDataRetention', message: 'must be true or false' },
      { path: 'agents.a.providerOptions.mine', message: 'must be an object of mine options' },
      { path: 'agents.b.providerOptions', message: expect.stringContaining('must be an object keyed by provider') },
      { path: 'agents.c.providerOptions.anthropic.thinking.budgetTokens', message: 'must be a positive integer' },
    ]);
  });

  it('names where a provider key moved when an agent still sets it at its top level (no aliases)', () => {
    expect(issuesOf({ agents: { a: { model, thinking: { type: 'enabled' }, fallbackModels: ['x/y'], reasoningEffort: 'high' } } })).toEqual([
      { path: 'agents.a.thinking', message: 'is a provider option: set providerOptions.anthropic.thinking instead' },
      { path: 'agents.a.fallbackModels', message: 'is a provider option: set providerOptions.gateway.models instead' },
      { path: 'agents.a.reasoningEffort', message: 'is a provider option: set providerOptions.openai.reasoningEffort instead' },
    ]);
  });

  it('does not warn about unsigned approvals when approvalSecret is set, and checks its length', () => {
    const logger = recordingLogger();
    createAgentServer({ approvalSecret: 's'.repeat(32), tools: { wipe: { ...tool, confirm: true } }, agents: { a: { model, tools: ['wipe'] } }, logger });
    expect(logger.records).toEqual([]);
    expect(issuesOf({ approvalSecret: 'short', agents: { a: { model } } })).toEqual([
      { path: 'approvalSecret', message: 'must be a string of at least 32 characters, or a non-empty array of them' },
    ]);
  });

  it('takes a list of secrets for key rotation, each checked with its path', () => {
    const logger = recordingLogger();
    createAgentServer({ approvalSecret: ['n'.repeat(32), 'o'.repeat(32)], tools: { wipe: { ...tool, confirm: true } }, agents: { a: { model, tools: ['wipe'] } }, logger });
    expect(logger.records).toEqual([]);
    expect(issuesOf({ approvalSecret: [], agents: { a: { model } } })).toEqual([{ path: 'approvalSecret', message: expect.stringContaining('empty') }]);
    expect(issuesOf({ approvalSecret: ['n'.repeat(32), 'short', 3], agents: { a: { model } } }).map((i) => i.path)).toEqual(['approvalSecret[1]', 'approvalSecret[2]']);
    const callerContext = { secret: ['n'.repeat(32), 'x'] };
    const tools = { lookup: { description: 'Look up', inputSchema: z.object({}), http: { url: 'https://api.example.com/x', method: 'GET' }, callerContext } };
    expect(issuesOf({ tools, agents: { a: { model, tools: ['lookup'] } } }).map((i) => i.path)).toEqual(['tools.lookup.callerContext.secret[1]']);
  });
});
