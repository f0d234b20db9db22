import { describe, expect, it } from 'vitest';
import type { AgentServerConfig } from '../../config/types.js';
import { memoryRunLog } from '../../runs/memory-run-log.js';
import { AgentRequestError } from '../../config/request-error.js';
import { liveRunsOf } from '../../runtime/live-runs.js';
import { memoryStore } from '../../store/memory-store.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { cursorCodec } from '../conversation-cursor.js';
import { requestErrorResponse } from '../error-response.js';
import { requestPipeline } from './request-pipeline.js';
import type { AnyRoute } from './route.js';
import { routeTable } from './route-table.js';

const silent = { warn: () => {}, error: () => {} };
const BASE = 'http://localhost/api/agent';
const userMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };

/** A valid body for each JSON route of the table (`undefined`: the route reads no body or an optional one). */
const VALID_BODIES: Record<string, unknown> = {
  'conversations.list': undefined,
  'conversation.load': undefined,
  'conversation.rename': { title: 'Renamed' },
  'conversation.delete': undefined,
  'conversation.resume-run': undefined,
  'conversation.stop-run': { runId: 'run-1' },
  'conversation.switch-branch': { messageId: 'm1' },
  'conversation.replace-queue': { messages: [userMessage] },
  'message.delete': undefined,
  'message.feedback': { value: 'like' },
  events: undefined,
  'runs.list': undefined,
  'run.read': undefined,
  'mcp-apps.sandbox': undefined,
  'agent.generate': { messages: [userMessage] },
  'agent.generate.tool-outputs': { outputs: [{ toolCallId: 'call-1', output: 1 }] },
  'agent.ag-ui': { threadId: 'thread-1', runId: 'run-1', messages: [{ id: 'm1', role: 'user', content: 'hi' }], tools: [], context: [] },
  'agent.a2a.card': undefined,
  'agent.a2a': undefined,
  'agent.mcp-apps.resource': { server: 'apps', uri: 'ui://apps/app.html' },
  'agent.mcp-apps.call': { server: 'apps', name: 'tool' },
  'agent.remote-agent-answer': { toolCallId: 'call-1', answer: '42' },
  'agent.files.upload': undefined,
  'agent.files.download': undefined,
  'agent.transcribe': undefined,
  'agent.chat': { messages: [userMessage] },
};

/** Each JSON route's body with one id broken (a NUL, a path, spaces, empty, too long), or another field — never reaches the handler. */
const BAD_ID_BODIES: Record<string, unknown[]> = {
  'conversation.stop-run': [{ runId: 'r\u0000' }],
  'conversation.switch-branch': [{ messageId: '../x' }, { messageId: '' }],
  'conversation.replace-queue': [{ messages: [{ ...userMessage, id: 'q\u0000' }] }],
  'agent.generate': [{ messages: [{ ...userMessage, id: 'a b' }] }, { messages: [{ id: 'a1', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c\u0000', state: 'input-available', input: {} }] }] }],
  'agent.generate.tool-outputs': [{ outputs: [{ toolCallId: 'c\u0000', output: 1 }] }, { approvals: [{ approvalId: '../a', approved: true }] }],
  'agent.ag-ui': [
    { ...(VALID_BODIES['agent.ag-ui'] as object), threadId: '' },
    { ...(VALID_BODIES['agent.ag-ui'] as object), threadId: 'x'.repeat(300) },
    { ...(VALID_BODIES['agent.ag-ui'] as object), threadId: '../../etc/passwd' },
    { ...(VALID_BODIES['agent.ag-ui'] as object), threadId: 'with spaces' },
    { ...(VALID_BODIES['agent.ag-ui'] as object), threadId: 't\u0000' },
    { ...(VALID_BODIES['agent.ag-ui'] as object), runId: 'r\u0000' },
    { ...(VALID_BODIES['agent.ag-ui'] as object), messages: [{ id: 'm\u0000', role: 'user', content: 'hi' }] },
    { ...(VALID_BODIES['agent.ag-ui'] as object), messages: [{ id: 'm1', role: 'tool', toolCallId: 'c\u0000', content: '1' }] },
    { ...(VALID_BODIES['agent.ag-ui'] as object), messages: [{ id: 'm1', role: 'assistant', toolCalls: [{ id: 'c d', type: 'function', function: { name: 'f', arguments: '{}' } }] }] },
    { ...(VALID_BODIES['agent.ag-ui'] as object), resume: [{ interruptId: '..', status: 'resolved', payload: { approved: true } }] },
    { ...(VALID_BODIES['agent.ag-ui'] as object), state: { nested: { constructor: 'reserved key' } } },
  ],
  'agent.mcp-apps.resource': [{ server: 'apps', uri: 'ui://apps/app.html', conversationId: 'c\u0000' }],
  'agent.mcp-apps.call': [{ server: 'apps', name: 'tool', conversationId: '../c' }],
  'agent.remote-agent-answer': [{ toolCallId: 'c\u0000', answer: '42' }, { toolCallId: '../c', answer: '42' }, { toolCallId: '', answer: '42' }, { toolCallId: 'call-1', answer: '   ' }, { toolCallId: 'call-1', answer: '42', extra: true }],
  'agent.chat': [{ messages: [{ ...userMessage, id: 'u\u0000' }] }, { messages: [userMessage], conversationId: 'c d' }],
};

const HOSTILE_IDS = ['%00', 'a%00b', 'x'.repeat(300), '%E0%A4%A', 'a%20b', '%2E%2E', '..%2F..%2Fetc%2Fpasswd', 'a%2Fb', '%F0%9F%98%80'];

/** The table of a server with a store, every handler replaced by a spy: what reached a handler, and how. */
function pipeline(extra: Partial<AgentServerConfig> = {}) {
  const config: AgentServerConfig = { agents: { assistant: { model: mockModel(textParts('hi')) } }, logger: silent, store: memoryStore(), ...extra };
  const reached: { name: string; params: unknown; query: unknown; body: unknown }[] = [];
  const table = routeTable({
    config,
    logger: silent,
    store: config.store,
    cursors: cursorCodec(undefined),
    runLog: memoryRunLog(),
    runs: liveRunsOf(config),
    files: undefined,
    onDisconnect: 'continue',
    keepAliveMs: 0,
    maxBodyBytes: 100_000,
    toolTimeoutMs: 1_000,
    toolResultMaxChars: 1_000,
    transcribe: () => Promise.resolve(new Response(null, { status: 204 })),
  });
  const routes: AnyRoute[] = table.map((route) => ({
    ...route,
    handle: async ({ params, query, body }) => {
      reached.push({ name: route.name, params, query, body });
      return new Response(null, { status: 299 });
    },
  }));
  const handle = requestPipeline({ config, basePath: '/api/agent', routes, maxBodyBytes: 100_000 });
  const fetch = async (request: Request) => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof AgentRequestError) return requestErrorResponse(error);
      throw error;
    }
  };
  return { fetch, reached, routes };
}

/** A URL of `route` with every parameter valid, or `bad` in place of `badParam`. */
function pathOf(route: AnyRoute, badParam?: string, bad?: string): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => (name === badParam ? bad! : name === 'agentId' ? 'assistant' : `ok-${name}`));
}

function requestFor(route: AnyRoute, init: { path?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: string } = {}): Request {
  const method = route.methods[0]!;
  const body = init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined);
  const streamed = route.body.kind === 'stream';
  return new Request(`${BASE}${init.path ?? pathOf(route)}${init.query ?? ''}`, {
    method,
    headers: { 'content-type': streamed ? 'audio/webm' : 'application/json', ...init.headers },
    ...(body !== undefined && method !== 'GET' && method !== 'HEAD' ? { body } : streamed ? { body: 'bytes' } : {}),
  });
}

async function codeOf(response: Response): Promise<[number, string | undefined]> {
  const text = await response.text();
  return [response.status, text ? ((JSON.parse(text) as { error?: { code: string } }).error?.code ?? undefined) : undefined];
}

describe('the route table', () => {
  const { routes } = pipeline();

  it('lists every route of the server once, each with a sample body here (a new route needs one)', () => {
    expect(routes.map((r) => r.name).sort()).toEqual(Object.keys(VALID_BODIES).sort());
    expect(new Set(routes.map((r) => `${r.methods.join()} ${r.path}`)).size).toBe(routes.length);
  });

  it('marks every POST, PUT, PATCH and DELETE route as changing state', () => {
    for (const route of routes) {
      const writes = route.methods.some((m) => m !== 'GET' && m !== 'HEAD');
      expect(route.changesState, route.name).toBe(writes);
    }
  });
});

const ALL = pipeline().routes;
const cases = (routes: AnyRoute[]) => routes.map((r) => [r.name, r] as const);

describe.each(cases(ALL))('route %s through the pipeline', (name, route) => {
  it('reaches its handler with valid ids and body, the ids decoded', async () => {
    const { fetch, reached } = pipeline();
    const response = await fetch(requestFor(route, { body: VALID_BODIES[name] }));
    expect(await codeOf(response)).toEqual([299, undefined]);
    expect(reached.map((r) => r.name)).toEqual([name]);
    const expected = Object.fromEntries(route.params.map((p) => [p, p === 'agentId' ? 'assistant' : `ok-${p}`]));
    expect(reached[0]!.params).toEqual(expected);
  });
});

// `%2E%2E` is `..` to the URL parser: the path then names another route (404, or 405 for its method).

describe.each(ALL.flatMap((route) => route.params.map((param) => [`${route.name} ${param}`, route, param] as const)))('route and path id %s', (_, route, param) => {
  const name = route.name;
  it('never reaches its handler with a hostile path id (400 invalid_id, or 404 / 405 for a path that became another)', async () => {
    const { fetch, reached } = pipeline();
    for (const bad of HOSTILE_IDS) {
      const [status, code] = await codeOf(await fetch(requestFor(route, { path: pathOf(route, param, bad), body: VALID_BODIES[name] })));
      expect([400, 404, 405], `${param}=${bad}: ${status} ${code}`).toContain(status);
      if (status === 400) expect(code).toBe('invalid_id');
    }
    expect(reached).toEqual([]);
  });
});

describe.each(cases(ALL.filter((r) => r.query.length > 0)))('route %s with query ids', (name, route) => {
  it('never reaches its handler with a hostile query id (400 invalid_id naming it)', async () => {
    const { fetch, reached } = pipeline();
    for (const param of route.query) {
      for (const bad of HOSTILE_IDS.filter((b) => b !== '%E0%A4%A')) {
        const response = await fetch(requestFor(route, { query: `?${param}=${bad}`, body: VALID_BODIES[name] }));
        const body = (await response.json()) as { error: { code: string; issues: { path: string }[] } };
        expect([response.status, body.error.code, body.error.issues[0]?.path]).toEqual([400, 'invalid_id', `query.${param}`]);
      }
    }
    expect(reached).toEqual([]);
  });
});

describe.each(cases(ALL.filter((r) => r.body.kind === 'json')))('route %s with a JSON body', (name, route) => {
  it('never reaches its handler with a body that is not JSON, not its schema or holds a bad id', async () => {
    const { fetch, reached } = pipeline();
    const valid = VALID_BODIES[name];
    expect((await codeOf(await fetch(requestFor(route, { body: valid, headers: { 'content-type': 'text/plain' } }))))[0]).toBe(415);
    expect(await codeOf(await fetch(requestFor(route, { rawBody: '{"a":' })))).toEqual([400, 'bad_json']);
    expect((await codeOf(await fetch(requestFor(route, { rawBody: '[1]' }))))[0]).toBe(400);
    expect(await codeOf(await fetch(requestFor(route, { rawBody: `{"x":"${'y'.repeat(2_000_000)}"}` })))).toEqual([413, 'payload_too_large']);
    expect(await codeOf(await fetch(requestFor(route, { rawBody: '{"__proto__":{"polluted":1}}' })))).toEqual([400, 'invalid_body']);
    for (const body of BAD_ID_BODIES[name] ?? []) {
      const [status, code] = await codeOf(await fetch(requestFor(route, { body })));
      expect(status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(['invalid_id', 'invalid_body']).toContain(code);
    }
    expect(reached).toEqual([]);
  });
});

describe.each(cases(ALL.filter((r) => r.changesState)))('state-changing route %s', (name, route) => {
  it('refuses a cross-site request with 403 cross_site_request before authenticate runs', async () => {
    let authenticated = 0;
    const { fetch, reached } = pipeline({
      authenticate: () => {
        authenticated++;
        return { id: 'alice' };
      },
    });
    const attempts: Record<string, string>[] = [
      { origin: 'null' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      expect(await codeOf(await fetch(requestFor(route, { body: VALID_BODIES[name], headers }))), JSON.stringify(headers)).toEqual([403, 'cross_site_request']);
    }
    expect(authenticated).toBe(0);
    expect(reached).toEqual([]);
    for (const headers of [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }, { 'sec-fetch-site': 'none' }, { origin: 'http://localhost' }, {}] as Record<string, string>[]) {
      expect(await codeOf(await fetch(requestFor(route, { body: VALID_BODIES[name], headers }))), JSON.stringify(headers)).toEqual([299, undefined]);
    }
  });

  it('accepts a cross-site request from an origin in allowedOrigins', async () => {
    const { fetch, reached } = pipeline({ allowedOrigins: ['https://app.example'] });
    for (const headers of [{ 'sec-fetch-site': 'cross-site', origin: 'https://app.example' }, { origin: 'https://app.example' }] as Record<string, string>[]) {
      expect(await codeOf(await fetch(requestFor(route, { body: VALID_BODIES[name], headers })))).toEqual([299, undefined]);
    }
    expect(await codeOf(await fetch(requestFor(route, { body: VALID_BODIES[name], headers: { origin: 'https://app.example.evil' } })))).toEqual([403, 'cross_site_request']);
    expect(reached).toHaveLength(2);
  });

});

describe.each(cases(ALL.filter((r) => !r.changesState)))('read-only route %s', (_, route) => {
  it('is read-only: a cross-site GET reaches it (nothing to forge)', async () => {
    const { fetch, reached } = pipeline();
    expect(await codeOf(await fetch(requestFor(route, { headers: { 'sec-fetch-site': 'cross-site', origin: 'null' } })))).toEqual([299, undefined]);
    expect(reached).toHaveLength(1);
  });
});

describe('matching', () => {
  it('answers 404 for an unknown path and 405 with Allow for a known path and another method', async () => {
    const { fetch, reached } = pipeline();
    expect(await codeOf(await fetch(new Request(`${BASE}/conversations/c1/nope`)))).toEqual([404, 'not_found']);
    expect(await codeOf(await fetch(new Request('http://localhost/elsewhere', { method: 'POST' })))).toEqual([404, 'not_found']);
    const wrong = await fetch(new Request(`${BASE}/conversations/c1`, { method: 'POST' }));
    expect(wrong.headers.get('allow')).toBe('GET, PATCH, DELETE');
    expect(await codeOf(wrong)).toEqual([405, 'method_not_allowed']);
    expect(reached).toEqual([]);
  });

  it('refuses a trailing slash below the conversation list (…/messages/.. must not become the conversation)', async () => {
    const { fetch, reached } = pipeline();
    expect(await codeOf(await fetch(new Request(`${BASE}/conversations/c1/messages/..`, { method: 'DELETE' })))).toEqual([404, 'not_found']);
    expect(await codeOf(await fetch(new Request(`${BASE}/conversations/`)))).toEqual([299, undefined]);
    expect(reached.map((r) => r.name)).toEqual(['conversations.list']);
  });
});
