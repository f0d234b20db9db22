import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentServer } from '../server.js';
import type { AgentServerConfig } from '../config/types.js';
import type { McpSourceConfig } from '../config/tool-types.js';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, failingParts, recordingLogger, stallingModel, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { messageFromChunks } from '../test-utils/ui-message.js';

const require = createRequire(import.meta.url);
const everythingServer = join(require.resolve('@modelcontextprotocol/server-everything/package.json'), '..', 'dist', 'index.js');

const servers: TestMcpHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function mcpServer(...names: string[]) {
  const tools = Object.fromEntries(names.map((n) => [n, { reply: (args: Record<string, unknown>) => `${n}:${String(args.text ?? '')}` }]));
  const s = await startMcpHttpServer(tools);
  servers.push(s);
  return s;
}

function toolNames(model: ReturnType<typeof mockModel>, call = 0): string[] {
  return (model.doStreamCalls[call]!.tools ?? []).map((t) => t.name);
}

/** Polls until `check` holds (or fails after `ms`). */
async function eventually(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Processes whose command line contains `marker` (Linux /proc). */
function processesWith(marker: string): number {
  let count = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) count++;
    } catch {
      // the process ended meanwhile
    }
  }
  return count;
}

describe('MCP tools (@ai-sdk/mcp against real MCP servers)', () => {
  it('over http: offers the server’s tools, runs a call on the server, and closes the client when the turn ends', async () => {
    const mcp = await mcpServer('echo', 'add');
    const model = mockModel(toolCallParts({ toolName: 'echo', input: { text: 'hi' } }), textParts('It said hi.'));
    const server = createAgentServer({ agents: { assistant: { model, mcp: [{ url: mcp.url }] } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('echo hi')] })));
    expect(toolNames(model)).toEqual(['echo', 'add']);
    expect(mcp.calls).toEqual([{ tool: 'echo', args: { text: 'hi' } }]);
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toMatchObject({ content: [{ type: 'text', text: 'echo:hi' }] });
    expect(textOf(chunks)).toBe('It said hi.');
    await eventually(() => mcp.sessionsClosed === 1);
    expect(mcp.sessionsOpened).toBe(1);
  });

  it('over stdio: runs @modelcontextprotocol/server-everything as a child process and ends it with the turn', async () => {
    const marker = `mcp-test-${Math.random().toString(36).slice(2)}`;
    const model = mockModel(toolCallParts({ toolName: 'echo', input: { message: 'hello' } }), textParts('done'));
    const server = createAgentServer({
      agents: { assistant: { model, mcp: [{ type: 'stdio', command: process.execPath, args: [everythingServer, 'stdio', marker], tools: ['echo', 'get-sum'] }] } },
      logger: recordingLogger(),
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('echo')] })));
    expect(toolNames(model)).toEqual(['echo', 'get-sum']);
    expect(JSON.stringify(chunksOf(chunks, 'tool-output-available')[0]!.output)).toContain('Echo: hello');
    await eventually(() => processesWith(marker) === 0);
  });

  describe('keepAlive: one stdio process kept between turns', () => {
    const stdioServer = (marker: string, keepAlive: true | { idleMs: number }): McpSourceConfig => ({
      type: 'stdio',
      command: process.execPath,
      args: [everythingServer, 'stdio', marker],
      tools: ['echo'],
      keepAlive,
    });
    const echoTurn = async (server: ReturnType<typeof createAgentServer>) =>
      JSON.stringify(chunksOf(await readChunks(await server.fetch(chatRequest({ messages: [userMessage('echo')] }))), 'tool-output-available')[0]?.output);
    /** The pids of the processes whose command line contains `marker`. */
    const pidsWith = (marker: string) =>
      readdirSync('/proc').filter((pid) => {
        try {
          return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
        } catch {
          return false;
        }
      });
    const echoModel = () =>
      mockModel(
        toolCallParts({ toolName: 'echo', input: { message: 'one' } }),
        textParts('done'),
        toolCallParts({ toolName: 'echo', input: { message: 'two' }, id: 'call-2' }),
        textParts('done again'),
      );

    it('two turns use the same process, which runs on between them and ends with server.close()', async () => {
      const marker = `mcp-keep-${Math.random().toString(36).slice(2)}`;
      const server = createAgentServer({ agents: { assistant: { model: echoModel(), mcp: [stdioServer(marker, true)] } }, logger: recordingLogger() });
      expect(await echoTurn(server)).toContain('Echo: one');
      const [pid] = pidsWith(marker);
      expect(pidsWith(marker)).toEqual([pid]);
      expect(await echoTurn(server)).toContain('Echo: two');
      expect(pidsWith(marker)).toEqual([pid]);
      await server.close();
      await eventually(() => processesWith(marker) === 0);
    });

    it('ends the process idleMs after the last turn; the next turn starts a new one', async () => {
      const marker = `mcp-idle-${Math.random().toString(36).slice(2)}`;
      const server = createAgentServer({ agents: { assistant: { model: echoModel(), mcp: [stdioServer(marker, { idleMs: 50 })] } }, logger: recordingLogger() });
      expect(await echoTurn(server)).toContain('Echo: one');
      await eventually(() => processesWith(marker) === 0);
      expect(await echoTurn(server)).toContain('Echo: two');
      await server.close();
      await eventually(() => processesWith(marker) === 0);
    });

    it('a kept process that died between turns is replaced: the next turn has the tools', async () => {
      const marker = `mcp-dead-${Math.random().toString(36).slice(2)}`;
      const logger = recordingLogger();
      const server = createAgentServer({ agents: { assistant: { model: echoModel(), mcp: [stdioServer(marker, true)] } }, logger });
      expect(await echoTurn(server)).toContain('Echo: one');
      const [pid] = pidsWith(marker);
      process.kill(Number(pid), 'SIGKILL');
      await eventually(() => processesWith(marker) === 0);
      expect(await echoTurn(server)).toContain('Echo: two');
      expect(pidsWith(marker)).toHaveLength(1);
      expect(pidsWith(marker)).not.toEqual([pid]);
      expect(logger.records.filter((r) => r.level === 'warn')).toEqual([]);
      await server.close();
      await eventually(() => processesWith(marker) === 0);
    });
  });

  it('is fail-open: an unreachable server is a warning and the turn runs with the other tools', async () => {
    const down = await mcpServer('x');
    await down.close();
    servers.splice(servers.indexOf(down), 1);
    const logger = recordingLogger();
    const model = mockModel(textParts('Still here.'));
    const server = createAgentServer({
      tools: { ping: { description: 'Ping', inputSchema: z.object({}), execute: () => 'pong' } },
      agents: { assistant: { model, tools: ['ping'], mcp: [{ name: 'gone', url: down.url }] } },
      logger,
    });
    const response = await server.fetch(chatRequest({ messages: [userMessage('hi')] }));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('Still here.');
    expect(toolNames(model)).toEqual(['ping']);
    expect(logger.records).toContainEqual({
      level: 'warn',
      message: 'MCP server unavailable; the turn runs without its tools',
      meta: expect.objectContaining({ agentId: 'assistant', server: 'gone' }),
    });
  });

  it('resolves name clashes: the function tool wins, then the first MCP server; reserved names are skipped; each with a warning', async () => {
    const first = await mcpServer('lookup', 'echo', 'read-file');
    const second = await mcpServer('echo', 'other');
    const logger = recordingLogger();
    const model = mockModel(toolCallParts({ toolName: 'echo', input: { text: 'a' } }, { toolName: 'lookup', input: {}, id: 'call-2' }), textParts('ok'));
    const server = createAgentServer({
      tools: { lookup: { description: 'Local lookup', inputSchema: z.object({}), execute: () => 'local' } },
      agents: { assistant: { model, tools: ['lookup'], mcp: [{ name: 'one', url: first.url }, { name: 'two', url: second.url }] } },
      logger,
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(toolNames(model)).toEqual(['lookup', 'echo', 'other']);
    expect(first.calls).toEqual([{ tool: 'echo', args: { text: 'a' } }]);
    expect(second.calls).toEqual([]);
    expect(chunksOf(chunks, 'tool-output-available').find((c) => c.toolCallId === 'call-2')!.output).toBe('local');
    const warnings = logger.records.filter((r) => r.level === 'warn').map((r) => [r.message, r.meta?.server]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        ['MCP tool "lookup" skipped: another tool of the agent already has that name', 'one'],
        ['MCP tool skipped: "read-file" is a reserved platform tool name', 'one'],
        ['MCP tool "echo" skipped: another tool of the agent already has that name', 'two'],
      ]),
    );
  });

  it('namespaces tools as mcp__{server}__{tool} and asks approval for a confirm source', async () => {
    const mcp = await mcpServer('echo');
    const model = mockModel(toolCallParts({ toolName: 'mcp__docs__echo', input: { text: 'x' } }), textParts('ok'));
    const server = createAgentServer({ agents: { assistant: { model, mcp: [{ name: 'docs', url: mcp.url, namespace: true, confirm: true }] } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(toolNames(model)).toEqual(['mcp__docs__echo']);
    expect(chunksOf(chunks, 'tool-approval-request')).toHaveLength(1);
    expect(mcp.calls).toEqual([]);
    await eventually(() => mcp.sessionsClosed === 1);
  });

  it('runs an approved MCP call on the next request (a new client, same server)', async () => {
    const mcp = await mcpServer('echo');
    const model = mockModel(toolCallParts({ toolName: 'echo', input: { text: 'ok?' } }), textParts('Echoed.'));
    const server = createAgentServer({ agents: { assistant: { model, mcp: [{ url: mcp.url, confirm: true }] } }, logger: recordingLogger() });
    const user = userMessage('echo');
    const assistant = await messageFromChunks(await readChunks(await server.fetch(chatRequest({ messages: [user] }))));
    const part = assistant.parts.find((p) => p.type === 'dynamic-tool');
    expect(part).toMatchObject({ toolName: 'echo', state: 'approval-requested' });
    expect(mcp.calls).toEqual([]);
    const answered = {
      ...assistant,
      parts: assistant.parts.map((p) => (p === part && p.type === 'dynamic-tool' ? { ...p, state: 'approval-responded', approval: { ...p.approval, approved: true } } : p)),
    };
    const second = await readChunks(await server.fetch(chatRequest({ messages: [user, answered] })));
    expect(mcp.calls).toEqual([{ tool: 'echo', args: { text: 'ok?' } }]);
    expect(textOf(second)).toBe('Echoed.');
    await eventually(() => mcp.sessionsClosed === 2);
  });

  it('closes the MCP clients of sub-agents with the turn', async () => {
    const mcp = await mcpServer('echo');
    const parent = mockModel(toolCallParts({ toolName: 'researcher', input: { task: 'echo it' } }), textParts('The researcher answered.'));
    const child = mockModel(toolCallParts({ toolName: 'echo', input: { text: 'deep' } }), textParts('deep result'));
    const server = createAgentServer({
      agents: { boss: { model: parent, agents: ['researcher'] }, researcher: { model: child, mcp: [{ url: mcp.url }] } },
      logger: recordingLogger(),
    });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] }, { path: '/api/agent/boss' })));
    expect(chunksOf(chunks, 'tool-output-available')[0]!.output).toBe('deep result');
    expect(mcp.calls).toEqual([{ tool: 'echo', args: { text: 'deep' } }]);
    await eventually(() => mcp.sessionsClosed === 1);
    expect(mcp.sessionsOpened).toBe(1);
  });

  it('closes the clients when the model fails mid-stream', async () => {
    const mcp = await mcpServer('echo');
    const model = mockModel(failingParts('partial', new Error('boom')));
    const server = createAgentServer({ agents: { assistant: { model, mcp: [{ url: mcp.url }] } }, logger: recordingLogger() });
    const chunks = await readChunks(await server.fetch(chatRequest({ messages: [userMessage('go')] })));
    expect(chunksOf(chunks, 'error')).toHaveLength(1);
    await eventually(() => mcp.sessionsClosed === 1);
  });

  it('closes the clients when the client disconnects', async () => {
    const mcp = await mcpServer('echo');
    const { model, started } = stallingModel('thinking...');
    const server = createAgentServer({ agents: { assistant: { model, mcp: [{ url: mcp.url }] } } satisfies AgentServerConfig['agents'], logger: recordingLogger() });
    const controller = new AbortController();
    const request = new Request('http://localhost/api/agent/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [userMessage('go')] }),
      signal: controller.signal,
    });
    const response = await server.fetch(request);
    const reader = response.body!.getReader();
    await started;
    await reader.read();
    controller.abort();
    await reader.cancel();
    await eventually(() => mcp.sessionsClosed === 1);
  });
});
