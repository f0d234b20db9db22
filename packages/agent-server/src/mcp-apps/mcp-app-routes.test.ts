import { fileURLToPath } from 'node:url';
import { MCP_APP_META_KEY, MCP_APP_MIME_TYPE, mcpAppApprovalOf, mcpAppOf, mcpAppPaths, type McpAppResource } from '@x/agent-protocol/mcp-apps';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { chunksOf, recordingLogger, toolCallParts } from '../test-utils/model-parts.js';
import { chatRequest, readChunks, userMessage } from '../test-utils/sse.js';

// Real MCP App servers from the registry (nobody here wrote them), over stdio.
const basicReact = fileURLToPath(new URL('./index.js', import.meta.resolve('@modelcontextprotocol/server-basic-react')));
const budget = fileURLToPath(new URL('./index.js', import.meta.resolve('@modelcontextprotocol/server-budget-allocator')));
const timeSource = { type: 'stdio' as const, name: 'time', command: process.execPath, args: [basicReact, '--stdio'] };
const budgetSource = { type: 'stdio' as const, name: 'budget', command: process.execPath, args: [budget, '--stdio'] };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return chatRequest(body, { path, headers });
}

async function json(response: Response): Promise<{ status: number; body: Record<string, unknown> }> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function server(extra: Partial<AgentServerConfig> = {}, model = mockModel(toolCallParts({ toolName: 'get-time', input: {} }), textParts('It is now.'))) {
  const logger = recordingLogger();
  return { logger, model, server: createAgentServer({ agents: { assistant: { model, mcp: [timeSource, budgetSource] } }, logger, ...extra }) };
}

describe('MCP Apps: tool results carry their app (real servers over stdio)', () => {
  it('a tool with _meta.ui.resourceUri returns a reference to its app; the resource route serves the checked HTML', async () => {
    const { server: s } = server();
    const chunks = await readChunks(await s.fetch(chatRequest({ messages: [userMessage('time?')] })));
    const output = chunksOf(chunks, 'tool-output-available')[0]!.output;
    expect(mcpAppOf(output)).toEqual({ server: 'time', resourceUri: 'ui://get-time/mcp-app.html', toolName: 'get-time' });
    expect(JSON.stringify(output)).toContain('"type":"text"');
    const { status, body } = await json(await s.fetch(post(mcpAppPaths.resource('/api/agent', 'assistant'), { server: 'time', uri: 'ui://get-time/mcp-app.html' })));
    expect(status).toBe(200);
    const resource = body as unknown as McpAppResource;
    expect(resource.mimeType).toBe(MCP_APP_MIME_TYPE);
    expect(resource.html.length).toBeGreaterThan(100_000);
    expect(resource.html).toContain('<script');
  }, 30_000);

  it('a resource over the size limit: the tool works without its app and the reason is logged', async () => {
    const { server: s, logger } = server({ limits: { maxMcpAppBytes: 10_000 } });
    const chunks = await readChunks(await s.fetch(chatRequest({ messages: [userMessage('time?')] })));
    const output = chunksOf(chunks, 'tool-output-available')[0]!.output as { _meta?: Record<string, unknown>; content: unknown[] };
    expect(output.content.length).toBeGreaterThan(0);
    expect(output._meta?.[MCP_APP_META_KEY]).toBeUndefined();
    expect(logger.records.find((r) => r.message.startsWith('MCP App not shown'))?.meta?.reason).toMatch(/more than the limit of 10000/);
    const answer = await json(await s.fetch(post(mcpAppPaths.resource('/api/agent', 'assistant'), { server: 'time', uri: 'ui://get-time/mcp-app.html' })));
    expect(answer).toMatchObject({ status: 502, body: { error: { code: 'mcp_app_unavailable' } } });
  }, 30_000);
});

describe('MCP Apps: tool calls from inside an app go through the agent’s rules', () => {
  const call = (s: ReturnType<typeof server>['server'], body: unknown, headers: Record<string, string> = {}) =>
    s.fetch(post(mcpAppPaths.call('/api/agent', 'assistant'), body, headers)).then(json);

  it('runs the tool on the app’s MCP server and answers its CallToolResult', async () => {
    const { server: s } = server();
    const { status, body } = await call(s, { server: 'time', name: 'get-time', arguments: {} });
    expect(status).toBe(200);
    expect((body.content as { text: string }[])[0]!.text).toMatch(/^\d{4}-\d\d-\d\dT/);
  }, 30_000);

  it('a policy that denies the app’s call → 403 tool_denied (ctx.caller is "app"); the model’s call still runs', async () => {
    const seen: string[] = [];
    const { server: s } = server({
      policies: [{ match: 'get-time', when: (_input, ctx) => (seen.push(ctx.caller), ctx.caller === 'app'), before: { deny: 'Apps may not read the time.' } }],
    });
    expect(await call(s, { server: 'time', name: 'get-time' })).toMatchObject({ status: 403, body: { error: { code: 'tool_denied', message: expect.stringContaining('Apps may not read the time.') } } });
    const chunks = await readChunks(await s.fetch(chatRequest({ messages: [userMessage('time?')] })));
    expect(mcpAppOf(chunksOf(chunks, 'tool-output-available')[0]!.output)).toBeDefined();
    expect(seen).toContain('app');
    expect(seen).toContain('model');
  }, 30_000);

  it('a tool that needs the user’s approval is not run: 403 approval_required with what to ask and a token', async () => {
    const { server: s } = server({ policies: [{ match: 'get-budget-data', before: 'require-approval' }] });
    const asked = await call(s, { server: 'budget', name: 'get-budget-data' });
    expect(asked).toMatchObject({ status: 403, body: { error: { code: 'approval_required' }, approval: { name: 'get-budget-data', input: {}, token: expect.any(String) } } });
    const approval = mcpAppApprovalOf(asked.body)!;
    const approved = await call(s, { server: 'budget', name: 'get-budget-data', approval: approval.token });
    expect(approved.status).toBe(200);
    expect(JSON.stringify(approved.body)).toContain('categories');
  }, 30_000);

  it('a tool of another server, of no server, or filtered out of the agent → 404 unknown_tool; a bad body → 400', async () => {
    const { server: s } = server();
    expect(await call(s, { server: 'time', name: 'get-budget-data' })).toMatchObject({ status: 404, body: { error: { code: 'unknown_tool' } } });
    expect(await call(s, { server: 'nope', name: 'get-time' })).toMatchObject({ status: 404, body: { error: { code: 'unknown_tool' } } });
    expect(await call(s, { server: 'time' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_body' } } });
    expect(await call(s, { server: 'time', name: 'get-time', extra: 1 })).toMatchObject({ status: 400, body: { error: { code: 'invalid_body' } } });
    const filtered = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')), mcp: [{ ...timeSource, tools: ['other'] }] } }, logger: recordingLogger() });
    expect(await call(filtered, { server: 'time', name: 'get-time' })).toMatchObject({ status: 404, body: { error: { code: 'unknown_tool' } } });
  }, 30_000);

  it('with a store the route is scoped to the user’s conversation: another user’s → 404, none → 400', async () => {
    const store = memoryStore();
    const { server: s } = server({ store, authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'alice' }) });
    const turn = await s.fetch(chatRequest({ messages: [userMessage('time?')] }, { headers: { 'x-user': 'alice' } }));
    const conversationId = turn.headers.get('x-conversation-id')!;
    await readChunks(turn);
    expect(await call(s, { conversationId, server: 'time', name: 'get-time' }, { 'x-user': 'alice' })).toMatchObject({ status: 200 });
    expect(await call(s, { conversationId, server: 'time', name: 'get-time' }, { 'x-user': 'mallory' })).toMatchObject({ status: 404, body: { error: { code: 'conversation_not_found' } } });
    expect(await call(s, { server: 'time', name: 'get-time' }, { 'x-user': 'alice' })).toMatchObject({ status: 400, body: { error: { code: 'invalid_body' } } });
    const resource = (user: string) =>
      s.fetch(post(mcpAppPaths.resource('/api/agent', 'assistant'), { conversationId, server: 'time', uri: 'ui://get-time/mcp-app.html' }, { 'x-user': user })).then(json);
    expect(await resource('mallory')).toMatchObject({ status: 404, body: { error: { code: 'conversation_not_found' } } });
    expect(await resource('alice')).toMatchObject({ status: 200, body: { mimeType: MCP_APP_MIME_TYPE } });
  }, 30_000);
});

describe('MCP Apps: the resource route serves only the apps of the agent’s tools', () => {
  const resource = (s: ReturnType<typeof server>['server'], body: unknown) => s.fetch(post(mcpAppPaths.resource('/api/agent', 'assistant'), body)).then(json);

  it('a URI no tool of the agent on that server declares → 404 not_found, even one another server’s tool declares', async () => {
    const { server: s } = server();
    expect(await resource(s, { server: 'time', uri: 'ui://get-time/mcp-app.html' })).toMatchObject({ status: 200, body: { uri: 'ui://get-time/mcp-app.html' } });
    expect(await resource(s, { server: 'time', uri: 'ui://get-time/other.html' })).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const budgetUri = (await resource(s, { server: 'time', uri: 'ui://budget-allocator/mcp-app.html' })).body;
    expect(budgetUri).toMatchObject({ error: { code: 'not_found' } });
    expect(await resource(s, { server: 'nope', uri: 'ui://get-time/mcp-app.html' })).toMatchObject({ status: 404, body: { error: { code: 'unknown_tool' } } });
  }, 30_000);

  it('the app of a tool filtered out of the agent → 404 not_found, though it is cached from another agent’s call', async () => {
    const logger = recordingLogger();
    const model = mockModel(toolCallParts({ toolName: 'get-time', input: {} }), textParts('It is now.'));
    const s = createAgentServer({
      agents: { assistant: { model, mcp: [timeSource] }, narrow: { model: mockModel(textParts('x')), mcp: [{ ...timeSource, tools: ['other'] }] } },
      logger,
    });
    await readChunks(await s.fetch(chatRequest({ messages: [userMessage('time?')] })));
    const narrow = await s.fetch(post(mcpAppPaths.resource('/api/agent', 'narrow'), { server: 'time', uri: 'ui://get-time/mcp-app.html' })).then(json);
    expect(narrow).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(JSON.stringify(narrow.body)).not.toContain('<script');
  }, 30_000);
});

describe('MCP Apps: a call that needs approval runs once, with the server’s token for it', () => {
  const servers: TestMcpHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const secret = 'a-test-secret-of-at-least-32-characters!';

  async function shop(extra: Partial<AgentServerConfig> = {}) {
    const mcp = await startMcpHttpServer({ buy: { reply: (args) => `bought ${String(args.text)}` }, look: { reply: () => 'looked' } });
    servers.push(mcp);
    const store = memoryStore();
    const s = createAgentServer({
      agents: { assistant: { model: mockModel(textParts('ok')), mcp: [{ name: 'shop', url: mcp.url }] } },
      policies: [{ match: 'buy', before: 'require-approval' }],
      approvalSecret: secret,
      store,
      authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'alice' }),
      logger: recordingLogger(),
      ...extra,
    });
    const conversation = async (user: string) => {
      const turn = await s.fetch(chatRequest({ messages: [userMessage('hi')] }, { headers: { 'x-user': user } }));
      await readChunks(turn);
      return turn.headers.get('x-conversation-id')!;
    };
    const call = (body: Record<string, unknown>, user = 'alice') => s.fetch(post(mcpAppPaths.call('/api/agent', 'assistant'), body, { 'x-user': user })).then(json);
    const buys = () => mcp.calls.filter((c) => c.tool === 'buy').length;
    return { s, call, buys, conversation };
  }

  it('without a token: not run, 403 approval_required with the tool, its input and a token; with it: runs once', async () => {
    const { call, buys, conversation } = await shop();
    const conversationId = await conversation('alice');
    const body = { conversationId, server: 'shop', name: 'buy', arguments: { text: 'a book' } };
    const asked = await call(body);
    expect(asked).toMatchObject({ status: 403, body: { error: { code: 'approval_required' }, approval: { name: 'buy', input: { text: 'a book' } } } });
    expect(buys()).toBe(0);
    const { token } = mcpAppApprovalOf(asked.body)!;
    expect(await call({ ...body, approval: token })).toMatchObject({ status: 200, body: { content: [{ type: 'text', text: 'bought a book' }] } });
    expect(buys()).toBe(1);
    // Replayed: refused, the tool does not run again.
    expect(await call({ ...body, approval: token })).toMatchObject({ status: 409, body: { error: { code: 'approval_not_pending' } } });
    expect(buys()).toBe(1);
    // A tool that needs no approval runs without one.
    expect(await call({ conversationId, server: 'shop', name: 'look' })).toMatchObject({ status: 200 });
  }, 30_000);

  it('a forged token, or a token for another input, user or conversation → 409 approval_not_pending; nothing runs', async () => {
    const { call, buys, conversation } = await shop();
    const conversationId = await conversation('alice');
    const other = await conversation('alice');
    const malloryConversation = await conversation('mallory');
    const body = { conversationId, server: 'shop', name: 'buy', arguments: { text: 'a book' } };
    const { token } = mcpAppApprovalOf((await call(body)).body)!;
    const [payload] = token.split('.');
    const refused = { status: 409, body: { error: { code: 'approval_not_pending' } } };
    expect(await call({ ...body, approval: `${payload}.forged` })).toMatchObject(refused);
    expect(await call({ ...body, approval: 'x' })).toMatchObject(refused);
    expect(await call({ ...body, arguments: { text: 'a car' }, approval: token })).toMatchObject(refused);
    expect(await call({ ...body, conversationId: other, approval: token })).toMatchObject(refused);
    expect(await call({ ...body, conversationId: malloryConversation, approval: token }, 'mallory')).toMatchObject(refused);
    expect(buys()).toBe(0);
    // The right call still has its approval.
    expect(await call({ ...body, approval: token })).toMatchObject({ status: 200 });
    expect(buys()).toBe(1);
  }, 30_000);

  it('an approved call still goes through the policies: one that denies it after the approval was given → 403', async () => {
    let deny = false;
    const { call, buys, conversation } = await shop({
      // The first deciding policy wins: the deny (when it applies), else the approval.
      policies: [
        { match: 'buy', when: () => deny, before: { deny: 'The shop is closed.' } },
        { match: 'buy', before: 'require-approval' },
      ],
    });
    const conversationId = await conversation('alice');
    const body = { conversationId, server: 'shop', name: 'buy', arguments: { text: 'a book' } };
    const { token } = mcpAppApprovalOf((await call(body)).body)!;
    deny = true;
    expect(await call({ ...body, approval: token })).toMatchObject({ status: 403, body: { error: { code: 'tool_denied' } } });
    expect(buys()).toBe(0);
  }, 30_000);
});

describe('MCP Apps: the sandbox proxy page', () => {
  it('is served with the resource’s CSP, and malformed sources never reach the header', async () => {
    const { server: s } = server();
    const csp = { connectDomains: ['https://api.example.com'], resourceDomains: ["https://cdn.example.com; script-src *", "'unsafe-eval'"] };
    const response = await s.fetch(new Request(`http://localhost${mcpAppPaths.sandbox('/api/agent')}?csp=${encodeURIComponent(JSON.stringify(csp))}`));
    expect(response.status).toBe(200);
    const header = response.headers.get('content-security-policy')!;
    expect(header).toContain('connect-src https://api.example.com');
    expect(header).toContain("default-src 'none'");
    expect(header).not.toContain('cdn.example.com');
    expect(header).not.toContain('unsafe-eval');
    const html = await response.text();
    expect(html).toContain('sandbox-proxy-ready');
    expect(html).not.toContain('allow-same-origin');
    const post = await s.fetch(new Request(`http://localhost${mcpAppPaths.sandbox('/api/agent')}`, { method: 'POST' }));
    expect(post.status).toBe(405);
  });
});
