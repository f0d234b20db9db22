import type { Tool, ToolExecutionOptions } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { HttpToolConfig } from '../../config/http-tool-types.js';
import type { ToolScope } from '../tool-scope.js';
import { startHttpTestServer } from '../../test-utils/http-test-server.js';
import { verifyCallerContext } from './caller-context.js';
import { httpToolEntry, type HttpToolRuntime } from './http-tools.js';

const SECRET = 'caller-context-secret-of-32-chars!!';
let server: Awaited<ReturnType<typeof startHttpTestServer>>;

beforeAll(async () => {
  server = await startHttpTestServer({
    '/users/*': (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method, url: req.url, body: req.body })),
    '/echo': (req, res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ method: req.method, url: req.url, body: req.body, auth: req.headers.authorization ?? null })),
    '/text': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('plain words'),
    '/redirect': (_req, res) => res.writeHead(302, { location: '/echo?from=redirect' }).end(),
    '/see-other': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/to-loopback-name': (_req, res, base) => res.writeHead(302, { location: base.replace('127.0.0.1', 'localhost') + '/echo' }).end(),
    '/to-metadata': (_req, res) => res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-private': (_req, res) => res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end(),
    '/slow': () => {},
    '/big': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => {});
      pump();
    },
    '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('no such user: 42'),
    '/signed': (req, res) => {
      void verifyCallerContext({ secret: SECRET, method: req.method, url: `${server.base}${req.url}`, headers: req.headers as Record<string, string>, body: req.body }).then((verdict) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict)),
      );
    },
  });
});
afterAll(() => server.close());

function scope(): ToolScope {
  return {
    config: { agents: {} },
    logger: { warn: () => {}, error: () => {} },
    toolTimeoutMs: 30_000,
    toolResultMaxChars: 50_000,
    request: { agentId: 'assistant', conversationId: 'conv-1', userId: 'user-7', pageId: undefined, urlQuery: undefined, sharedState: undefined },
    user: { id: 'user-7' },
    signal: new AbortController().signal,
    cleanups: [],
    runSubAgent: async () => '',
  };
}

/** Runs an HTTP tool once with `input`. */
async function call(definition: Partial<HttpToolConfig> & Pick<HttpToolConfig, 'http'>, input: unknown, runtime?: HttpToolRuntime) {
  const entry = httpToolEntry('t', { description: 'd', inputSchema: z.object({}).passthrough(), allowPrivate: true, ...definition }, false, 'assistant', scope(), runtime);
  const execute = (entry.tool as Tool<unknown, unknown>).execute!;
  return execute(input, { toolCallId: 'call-1', messages: [], abortSignal: new AbortController().signal } as unknown as ToolExecutionOptions<unknown>);
}

describe('HTTP tools against a real server on 127.0.0.1', () => {
  it('fills the URL path (encoded), query and headers from the input and ${ENV}, and parses JSON', async () => {
    const output = await call(
      { http: { url: `${server.base}/users/{{id}}`, query: { q: '{{search}}', skip: '{{absent}}' }, headers: { authorization: 'Bearer ${TOOL_KEY}' } } },
      { id: 'a/b ..', search: 'x&y' },
      { env: { TOOL_KEY: 'k-1' } },
    );
    expect(output).toEqual({ method: 'GET', url: '/users/a%2Fb%20..?q=x%26y', body: '' });
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer k-1');
  });

  it('does not let a path value climb the path', async () => {
    await expect(call({ http: { url: `${server.base}/users/{{id}}` } }, { id: '..' })).rejects.toThrow('".." cannot be a URL path value.');
    expect(await call({ http: { url: `${server.base}/users/{{id}}` } }, { id: '../../admin' })).toMatchObject({ url: '/users/..%2F..%2Fadmin' });
  });

  it('sends the input as JSON on POST without a body template, and a filled template when given', async () => {
    expect(await call({ http: { url: `${server.base}/echo`, method: 'POST' } }, { a: 1 })).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(await call({ http: { url: `${server.base}/echo`, method: 'PUT', body: { n: '{{count}}', label: 'n={{count}}', skip: '{{none}}' } } }, { count: 3 })).toMatchObject({
      body: '{"n":3,"label":"n=3"}',
    });
  });

  it('returns text for a text response', async () => {
    expect(await call({ http: { url: `${server.base}/text` } }, {})).toBe('plain words');
  });

  it('follows redirects, and a 303 turns a POST into a GET', async () => {
    expect(await call({ http: { url: `${server.base}/redirect` } }, {})).toMatchObject({ url: '/echo?from=redirect' });
    expect(await call({ http: { url: `${server.base}/see-other`, method: 'POST' } }, { a: 1 })).toMatchObject({ method: 'GET', body: '' });
  });

  it('stops after maxRedirects', async () => {
    await expect(call({ http: { url: `${server.base}/loop` }, maxRedirects: 3 }, {})).rejects.toThrow(/Too many redirects \(more than 3\)/);
  });

  it('refuses a redirect to a private or metadata address the first host was not allowed to reach', async () => {
    const only = { allowPrivate: false, allowHosts: ['127.0.0.1'] };
    await expect(call({ http: { url: `${server.base}/to-private` }, ...only }, {})).rejects.toThrow(/Refused 10\.0\.0\.1: it is a private address/);
    await expect(call({ http: { url: `${server.base}/to-loopback-name` }, ...only }, {})).rejects.toThrow(/Refused localhost.*loopback/);
    await expect(call({ http: { url: `${server.base}/to-metadata` } }, {})).rejects.toThrow(/cloud-metadata/);
  });

  it('refuses loopback without allowPrivate', async () => {
    const before = server.received.length;
    await expect(call({ http: { url: `${server.base}/echo` }, allowPrivate: false }, {})).rejects.toThrow(/loopback/);
    expect(server.received.length).toBe(before);
  });

  it('connects to the checked address: the name is resolved once, by the guard, and never again', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups++;
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 as const }] : [{ address: '10.9.9.9', family: 4 as const }];
    };
    // `rebind.test` resolves nowhere else (a .test name): only the pinned address can serve it.
    const output = await call({ http: { url: `http://rebind.test:${server.port}/echo` }, allowPrivate: false, allowHosts: ['rebind.test'] }, {}, { resolve });
    expect(output).toMatchObject({ url: '/echo' });
    expect(lookups).toBe(1);
    expect(server.received.at(-1)!.headers.host).toBe(`rebind.test:${server.port}`);
  });

  it('times out', async () => {
    await expect(call({ http: { url: `${server.base}/slow` }, timeout: 150 }, {})).rejects.toThrow(/timed out after 150 ms/);
  });

  it('caps a 10 MB response at maxResponseBytes', async () => {
    const output = (await call({ http: { url: `${server.base}/big` }, maxResponseBytes: 100_000 }, {})) as string;
    expect(output.startsWith('a'.repeat(100_000))).toBe(true);
    expect(output).toContain('[Response truncated at 100000 bytes.]');
    expect(output.length).toBeLessThan(100_100);
  });

  it('turns a non-2xx status into an error with the body the model can read', async () => {
    await expect(call({ http: { url: `${server.base}/missing` } }, {})).rejects.toThrow(/^HTTP 404 Not Found from GET http:\/\/127\.0\.0\.1:\d+\/missing: no such user: 42$/);
  });

  it('names a missing input value and an unset environment variable', async () => {
    await expect(call({ http: { url: `${server.base}/users/{{id}}` } }, {})).rejects.toThrow('The input has no "id" (needed by the URL).');
    await expect(call({ http: { url: `${server.base}/echo`, headers: { 'x-key': '${NOPE_NOT_SET}' } } }, {}, { env: {} })).rejects.toThrow(/NOPE_NOT_SET/);
  });

  it('sends configured and caller headers to the first origin only, never across a redirect', async () => {
    const other = await startHttpTestServer({ '/landing': (req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)) });
    const hop = await startHttpTestServer({ '/go': (_req, res) => res.writeHead(302, { location: `${other.base}/landing` }).end() });
    try {
      const headers = (await call(
        { http: { url: `${hop.base}/go`, headers: { authorization: 'Bearer k-1' } }, callerContext: { secret: SECRET } },
        {},
      )) as Record<string, string>;
      expect(hop.received[0]!.headers.authorization).toBe('Bearer k-1');
      expect(hop.received[0]!.headers['x-agent-signature']).toMatch(/^v1=/);
      expect(headers.authorization).toBeUndefined();
      expect(Object.keys(headers).filter((h) => h.startsWith('x-agent-'))).toEqual([]);
    } finally {
      await Promise.all([other.close(), hop.close()]);
    }
  });

  it('sends signed caller context headers the receiver verifies', async () => {
    const verdict = await call({ http: { url: `${server.base}/signed?x=1`, method: 'POST' }, callerContext: { secret: SECRET } }, { a: 1 });
    expect(verdict).toMatchObject({ ok: true, context: { agentId: 'assistant', conversationId: 'conv-1', userId: 'user-7', toolCallId: 'call-1', turnId: expect.stringMatching(/^turn-/) } });
    const headers = server.received.at(-1)!.headers as Record<string, string>;
    const tampered = await verifyCallerContext({ secret: SECRET, method: 'POST', url: `${server.base}/signed?x=1`, headers: { ...headers, 'x-agent-user-id': 'admin' }, body: '{"a":1}' });
    expect(tampered).toEqual({ ok: false, reason: 'bad signature' });
    const otherBody = await verifyCallerContext({ secret: SECRET, method: 'POST', url: `${server.base}/signed?x=1`, headers, body: '{"a":2}' });
    expect(otherBody).toEqual({ ok: false, reason: 'bad signature' });
    const late = await verifyCallerContext({ secret: SECRET, method: 'POST', url: `${server.base}/signed?x=1`, headers, body: '{"a":1}', now: Date.now() + 600_000 });
    expect(late).toEqual({ ok: false, reason: 'expired' });
  });
});
