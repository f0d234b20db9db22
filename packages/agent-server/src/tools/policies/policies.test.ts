import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UIMessageChunk } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../config/config-error.js';
import type { ToolPolicy } from '../../config/policy-types.js';
import type { AgentServerConfig } from '../../config/types.js';
import { createAgentServer } from '../../server.js';
import { startHttpTestServer } from '../../test-utils/http-test-server.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../../test-utils/sse.js';
import { messageFromChunks } from '../../test-utils/ui-message.js';
import { answerToolApproval, type ApprovalToolPart } from '@x/agent-protocol';

const require = createRequire(import.meta.url);
const everythingServer = join(require.resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');

/** Runs one turn where the model calls `toolName` with `input`, then answers "ok". */
async function turn(config: Omit<AgentServerConfig, 'agents'> & { agent: Omit<AgentServerConfig['agents'][string], 'model'> }, toolName: string, input: unknown) {
  const model = mockModel(toolCallParts({ toolName, input }), textParts('ok'));
  const logger = recordingLogger();
  const { agent, ...rest } = config;
  const server = createAgentServer({ logger, ...rest, agents: { assistant: { model, ...agent } } });
  const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
  const toolMessage = JSON.stringify(model.doStreamCalls[1]?.prompt.find((m) => m.role === 'tool') ?? null);
  return { chunks, logger, model, toolMessage };
}

const outputOf = (chunks: UIMessageChunk[]) => chunksOf(chunks, 'tool-output-available')[0]?.output;
const errorOf = (chunks: UIMessageChunk[]) => chunksOf(chunks, 'tool-output-error')[0]?.errorText;

function recorder() {
  const calls: unknown[] = [];
  const tools: AgentServerConfig['tools'] = {
    deleteRepo: {
      description: 'Delete a repository',
      inputSchema: z.object({ repo: z.string(), force: z.boolean().optional() }),
      execute: (input) => {
        calls.push(input);
        return { deleted: (input as { repo: string }).repo, token: 'secret-token', owner: { email: 'a@b.c', name: 'Ann' } };
      },
    },
  };
  return { calls, tools };
}

describe('tool policies on function tools', () => {
  it('denies with a reason the model reads, before the call is offered for approval', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ name: 'no-prod', match: 'delete*', when: { path: 'repo', startsWith: 'prod-' }, before: { deny: 'production repositories are protected' } }];
    const denied = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'prod-api' });
    expect(r.calls).toEqual([]);
    expect(chunksOf(denied.chunks, 'tool-output-denied')).toEqual([{ type: 'tool-output-denied', toolCallId: 'call-1' }]);
    expect(denied.toolMessage).toContain('Denied by policy \\"no-prod\\": production repositories are protected');
    const allowed = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'test-api' });
    expect(r.calls).toEqual([{ repo: 'test-api' }]);
    expect(outputOf(allowed.chunks)).toMatchObject({ deleted: 'test-api' });
  });

  it('rewrites the input (later policies see the new one) and redacts the output', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [
      { match: ['deleteRepo'], before: { rewrite: { repo: 'sandbox', force: false } } },
      { match: '*', when: { path: 'repo', equals: 'sandbox' }, before: (input) => ({ rewrite: { ...(input as object), force: true } }) },
      { match: 'deleteRepo', after: { redact: ['token', 'owner.email'] } },
    ];
    const { chunks, toolMessage } = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'prod-api' });
    expect(r.calls).toEqual([{ repo: 'sandbox', force: true }]);
    expect(outputOf(chunks)).toEqual({ deleted: 'sandbox', token: '[redacted]', owner: { email: '[redacted]', name: 'Ann' } });
    expect(toolMessage).not.toContain('secret-token');
  });

  it('denies a call whose rewritten input the tool schema refuses (fail closed, logged)', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ match: 'deleteRepo', before: { rewrite: { repo: 42 } } }];
    const { chunks, logger } = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'x' });
    expect(r.calls).toEqual([]);
    expect(errorOf(chunks)).toMatch(/the rewritten input does not match the tool's input schema/);
    expect(logger.messages()).toContain('a rewritten tool input does not match the tool schema; the call is denied');
  });

  it('requires approval for a tool without confirm, and runs it once approved', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ match: 'deleteRepo', when: { path: 'force', equals: true }, before: 'require-approval' }];
    const model = mockModel(toolCallParts({ toolName: 'deleteRepo', input: { repo: 'x', force: true } }), textParts('ok'));
    const server = createAgentServer({ approvalSecret: 'a-test-secret-of-at-least-32-characters!', tools: r.tools, policies, agents: { assistant: { model, tools: ['deleteRepo'] } }, logger: recordingLogger() });
    const user = userMessage('go');
    const first = await readChunks(await server.fetch(chatRequest({ messages: [user] })));
    expect(chunksOf(first, 'tool-approval-request')).toHaveLength(1);
    expect(r.calls).toEqual([]);
    const assistant = await messageFromChunks(first);
    const answered = { ...assistant, parts: assistant.parts.map((p) => (p.type === 'tool-deleteRepo' ? answerToolApproval(p as ApprovalToolPart, { approved: true }) : p)) };
    const second = await readChunks(await server.fetch(chatRequest({ messages: [user, answered] })));
    expect(r.calls).toEqual([{ repo: 'x', force: true }]);
    expect(outputOf(second)).toMatchObject({ deleted: 'x' });

    const quiet = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'y' });
    expect(chunksOf(quiet.chunks, 'tool-approval-request')).toHaveLength(0);
    expect(r.calls).toEqual([{ repo: 'x', force: true }, { repo: 'y' }]);
  });

  it('fails closed: a policy that throws denies the call and is logged', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ name: 'broken', match: '*', when: () => { throw new Error('rule store down'); }, before: 'allow' }];
    const { chunks, logger, toolMessage } = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'x' });
    expect(r.calls).toEqual([]);
    expect(chunksOf(chunks, 'tool-output-denied')).toHaveLength(1);
    expect(toolMessage).toContain('the policy failed');
    expect(logger.records).toContainEqual(expect.objectContaining({ level: 'error', message: 'tool policy "broken" failed; the call is denied', meta: expect.objectContaining({ error: 'rule store down' }) }));
  });

  it('withholds the output when an after policy throws', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ name: 'scrub', match: '*', after: () => { throw new Error('boom'); } }];
    const { chunks, toolMessage } = await turn({ tools: r.tools, policies, agent: { tools: ['deleteRepo'] } }, 'deleteRepo', { repo: 'x' });
    expect(errorOf(chunks)).toContain('Denied by policy "scrub": the output could not be checked');
    expect(toolMessage).not.toContain('secret-token');
  });

  it('applies only to the agents it names', async () => {
    const r = recorder();
    const policies: ToolPolicy[] = [{ match: '*', agents: ['other'], before: { deny: 'no' } }];
    const model = () => mockModel(toolCallParts({ toolName: 'deleteRepo', input: { repo: 'x' } }), textParts('ok'));
    const server = createAgentServer({
      tools: r.tools,
      policies,
      agents: { assistant: { model: model(), tools: ['deleteRepo'] }, other: { model: model(), tools: ['deleteRepo'] } },
      logger: recordingLogger(),
    });
    await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(r.calls).toEqual([{ repo: 'x' }]);
    const other = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] }, { path: '/api/agent/other' })));
    expect(chunksOf(other, 'tool-output-denied')).toHaveLength(1);
    expect(r.calls).toHaveLength(1);
  });
});

describe('onToolCallStart hook directives', () => {
  it('a hook may deny or rewrite the call; a hook that returns nothing stays fire-and-forget', async () => {
    const r = recorder();
    const seen: unknown[] = [];
    const hooks: AgentServerConfig['hooks'] = {
      watch: (event) => void seen.push(event.hook),
      guard: async (event) => ((event as { input: { repo: string } }).input.repo === 'prod' ? { deny: 'not during the freeze' } : undefined),
      pin: (event) => ((event as { input: { repo: string } }).input.repo === 'any' ? { rewrite: { repo: 'pinned' } } : undefined),
    };
    const agent = { tools: ['deleteRepo'], hooks: { onToolCallStart: ['watch', 'guard', 'pin'] } };
    const denied = await turn({ tools: r.tools, hooks, agent }, 'deleteRepo', { repo: 'prod' });
    expect(errorOf(denied.chunks)).toMatch(/^(Error: )?Denied by a hook: not during the freeze$/);
    const rewritten = await turn({ tools: r.tools, hooks, agent }, 'deleteRepo', { repo: 'any' });
    expect(outputOf(rewritten.chunks)).toMatchObject({ deleted: 'pinned' });
    expect(r.calls).toEqual([{ repo: 'pinned' }]);
    expect(seen).toEqual(['onToolCallStart', 'onToolCallStart']);
  });
});

describe('policies on every tool source', () => {
  let http: Awaited<ReturnType<typeof startHttpTestServer>>;
  beforeAll(async () => {
    http = await startHttpTestServer({
      '/user': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'Ann', ssn: '123-45-6789' })),
    });
  });
  afterAll(() => http.close());

  it('MCP (the real server-everything over stdio): a name pattern denies one tool and redacts another', async () => {
    const policies: ToolPolicy[] = [
      { match: 'mcp__everything__get-*', before: { deny: 'sums are off' } },
      { match: 'mcp__everything__echo', after: (output) => JSON.parse(JSON.stringify(output).replaceAll('hello', '[bleep]')) as unknown },
    ];
    const mcp = [{ type: 'stdio' as const, name: 'everything', namespace: true, command: process.execPath, args: [everythingServer, 'stdio'], tools: ['echo', 'get-sum'] }];
    const echo = await turn({ policies, agent: { mcp } }, 'mcp__everything__echo', { message: 'hello' });
    expect(JSON.stringify(outputOf(echo.chunks))).toContain('Echo: [bleep]');
    expect(echo.toolMessage).not.toContain('hello');
    const sum = await turn({ policies, agent: { mcp } }, 'mcp__everything__get-sum', { a: 1, b: 2 });
    expect(chunksOf(sum.chunks, 'tool-output-denied')).toHaveLength(1);
    expect(sum.toolMessage).toContain('sums are off');
  }, 30_000);

  it('HTTP tools: redacts the response and denies by input', async () => {
    const tools: AgentServerConfig['tools'] = {
      user: { description: 'User', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, http: { url: `${http.base}/user` }, allowPrivate: true },
    };
    const policies: ToolPolicy[] = [
      { match: 'user', when: { path: 'id', in: ['root', 'admin'] }, before: { deny: 'privileged accounts are off limits' } },
      { match: 'user', after: { redact: ['ssn'], replacement: '***' } },
    ];
    const ok = await turn({ tools, policies, agent: { tools: ['user'] } }, 'user', { id: 'ann' });
    expect(outputOf(ok.chunks)).toEqual({ name: 'Ann', ssn: '***' });
    const before = http.received.length;
    const denied = await turn({ tools, policies, agent: { tools: ['user'] } }, 'user', { id: 'root' });
    expect(denied.toolMessage).toContain('privileged accounts are off limits');
    expect(http.received.length).toBe(before);
  });

  it('sub-agents: a policy denies delegating, and applies inside the sub-agent too', async () => {
    const worker = mockModel(toolCallParts({ toolName: 'secret', input: {} }), textParts('worker done'));
    const chat = mockModel(toolCallParts({ toolName: 'worker', input: { task: 'leak it' } }), textParts('ok'));
    const secretCalls: unknown[] = [];
    const policies: ToolPolicy[] = [
      { match: 'worker', when: { path: 'task', contains: 'delete' }, before: { deny: 'no deleting through workers' } },
      { match: 'secret', agents: ['worker'], before: { deny: 'secrets stay home' } },
    ];
    const server = createAgentServer({
      tools: { secret: { description: 's', inputSchema: z.object({}), execute: () => secretCalls.push(1) } },
      policies,
      agents: { assistant: { model: chat, agents: ['worker'] }, worker: { model: worker, tools: ['secret'] } },
      logger: recordingLogger(),
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(outputOf(chunks)).toBe('worker done');
    expect(secretCalls).toEqual([]);
    expect(JSON.stringify(worker.doStreamCalls[1]!.prompt)).toContain('secrets stay home');

    const chat2 = mockModel(toolCallParts({ toolName: 'worker', input: { task: 'delete everything' } }), textParts('ok'));
    const server2 = createAgentServer({ policies, tools: { secret: { description: 's', inputSchema: z.object({}), execute: () => 1 } }, agents: { assistant: { model: chat2, agents: ['worker'] }, worker: { model: worker, tools: ['secret'] } }, logger: recordingLogger() });
    const chunks2 = await readChunks(await server2.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(chunksOf(chunks2, 'tool-output-denied')).toHaveLength(1);
    expect(JSON.stringify(chat2.doStreamCalls[1]!.prompt)).toContain('no deleting through workers');
  });

  it('file-system tools: a path pattern is denied and the rest runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-fs-'));
    writeFileSync(join(dir, 'notes.md'), 'public notes');
    writeFileSync(join(dir, '.env'), 'KEY=1');
    const policies: ToolPolicy[] = [{ match: 'read-file', when: { path: 'path', matches: '(^|/)\\.env$' }, before: { deny: 'environment files are private' } }];
    const env = await turn({ policies, agent: { fileSystem: { basePath: dir } } }, 'read-file', { path: '.env' });
    expect(env.toolMessage).toContain('environment files are private');
    expect(env.toolMessage).not.toContain('KEY=1');
    const notes = await turn({ policies, agent: { fileSystem: { basePath: dir } } }, 'read-file', { path: 'notes.md' });
    expect(JSON.stringify(outputOf(notes.chunks))).toContain('public notes');
  });

  it('update-page-state (a client tool): a policy denies the proposal before it reaches the browser', async () => {
    const policies: ToolPolicy[] = [{ match: 'update-page-state', before: { deny: 'read-only page' } }];
    const model = mockModel(toolCallParts({ toolName: 'update-page-state', input: { updates: { title: 'x' } } }), textParts('ok'));
    const server = createAgentServer({ policies, agents: { assistant: { model } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')], sharedState: { title: 'a' } })));
    expect(chunksOf(chunks, 'tool-output-denied')).toHaveLength(1);
  });
});

describe('policy config', () => {
  it('lists every problem with its path', () => {
    let error: unknown;
    try {
      createAgentServer({
        policies: [
          { match: '' } as never,
          { match: 'x', before: { deny: 1 } as never, after: { redact: 'token' } as never, agents: ['ghost'], when: { path: '', matches: '(' } } as never,
          'nope' as never,
        ],
        agents: { assistant: { model: mockModel(textParts('x')) } },
        logger: recordingLogger(),
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues.map((i) => i.path)).toEqual([
      'policies[0].match',
      'policies[0]',
      'policies[1].agents[0]',
      'policies[1].when.path',
      'policies[1].when.matches',
      'policies[1].before',
      'policies[1].after',
      'policies[2]',
    ]);
  });
});
