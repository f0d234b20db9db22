import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServer } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { toNextPagesHandler, toNextRouteHandlers } from './next.js';

const silent = { warn: () => {}, error: () => {} };
const body = JSON.stringify({ messages: [userMessage('Hi')] });

describe('toNextRouteHandlers (App Router: a Web Request in, a Response out)', () => {
  const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('from the app router')) } }, logger: silent });
  const handlers = toNextRouteHandlers(server);
  const request = (method: string, init: RequestInit = {}) =>
    new Request('https://app.example/api/agent/assistant', { method, ...init });

  it('POST streams the reply', async () => {
    const response = await handlers.POST(request('POST', { headers: { 'content-type': 'application/json' }, body }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(textOf(await readChunks(response))).toBe('from the app router');
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const)('%s answers 405 JSON with allow: POST', async (method) => {
    const response = await handlers[method](request(method));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    if (method !== 'HEAD') expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  });

  it('passes the request signal through: aborting the request aborts the model call', async () => {
    let signal: AbortSignal | undefined;
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        signal = options.abortSignal;
        return { stream: simulateReadableStream({ chunks: textParts('tick '.repeat(100)), initialDelayInMs: null, chunkDelayInMs: 20 }) };
      },
    });
    const { POST } = toNextRouteHandlers(createAgentServer({ agents: { assistant: { model } }, logger: silent }));
    const controller = new AbortController();
    const response = await POST(request('POST', { headers: { 'content-type': 'application/json' }, body, signal: controller.signal }));
    await response.body!.getReader().read();
    controller.abort();
    await expect.poll(() => signal?.aborted, { timeout: 5_000 }).toBe(true);
  });
});

describe('toNextPagesHandler (Pages Router: node req/res)', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
  });

  /** A node server that calls the pages handler like Next does, optionally after Next's body parser. */
  async function pagesServer(agents: AgentServer, bodyParser: 'none' | 'json' | 'text') {
    const settled: string[] = [];
    const handler = toNextPagesHandler(agents);
    const server = createServer((req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
      void (async () => {
        if (bodyParser !== 'none') {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const text = Buffer.concat(chunks).toString('utf8');
          req.body = bodyParser === 'json' ? (JSON.parse(text) as unknown) : text;
        }
        await handler(req, res);
        settled.push(res.writableFinished ? 'finished' : 'closed');
      })();
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent/assistant`, settled };
  }

  it.each(['none', 'json', 'text'] as const)('streams with bodyParser %s and settles after the response', async (bodyParser) => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts(`pages ${bodyParser}`)) } }, logger: silent });
    const { url, settled } = await pagesServer(agents, bodyParser);
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe(`pages ${bodyParser}`);
    await expect.poll(() => settled).toEqual(['finished']);
  });

  it('answers errors as JSON with a parsed body too', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, logger: silent });
    const { url } = await pagesServer(agents, 'json');
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"messages":[{"id":"1","role":"system","parts":[]}]}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_body' } });
  });

  it('settles and aborts the model when the client goes away', async () => {
    let signal: AbortSignal | undefined;
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        signal = options.abortSignal;
        return { stream: simulateReadableStream({ chunks: textParts('tick '.repeat(100)), initialDelayInMs: null, chunkDelayInMs: 20 }) };
      },
    });
    const { url, settled } = await pagesServer(createAgentServer({ agents: { assistant: { model } }, logger: silent }), 'none');
    const controller = new AbortController();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: controller.signal });
    await response.body!.getReader().read();
    controller.abort();
    await expect.poll(() => signal?.aborted, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => settled, { timeout: 5_000 }).toEqual(['closed']);
  });

  it('answers an unexpected failure with a 500 JSON error and settles', async () => {
    const broken: AgentServer = { config: { agents: {} }, close: async () => {}, fetch: () => Promise.reject(new Error('boom')) };
    const { url, settled } = await pagesServer(broken, 'none');
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'internal_error' } });
    await expect.poll(() => settled).toEqual(['finished']);
  });
});
