import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express, { type NextFunction, type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentServer } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { toNodeHandler } from './node.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

function recordingLogger() {
  const errors: string[] = [];
  return { errors, logger: { warn: () => {}, error: (message: string) => void errors.push(message) } };
}
const silent = recordingLogger().logger;

async function listen(server: Server): Promise<{ url: string; port: number }> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, port };
}

const body = JSON.stringify({ messages: [userMessage('Hi')] });
const post = (url: string, init: RequestInit = {}) =>
  fetch(`${url}/api/agent/assistant`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init });

/** Sends raw bytes over TCP and returns everything the server answered (bounded by `timeoutMs`). */
function rawRequest(port: number, bytes: string | Buffer, timeoutMs = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => (socket.destroy(), reject(new Error('raw request timed out'))), timeoutMs);
    socket.on('data', (d) => chunks.push(d));
    socket.on('end', () => (clearTimeout(timer), resolve(Buffer.concat(chunks).toString('utf8'))));
    socket.on('error', (e) => (clearTimeout(timer), reject(e)));
    socket.end(bytes);
  });
}

describe('toNodeHandler over node:http', () => {
  it('streams the UI message stream', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('over node http')) } }, logger: silent });
    const { url } = await listen(createServer(toNodeHandler(agents)));
    const response = await post(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(textOf(await readChunks(response))).toBe('over node http');
  });

  it('answers JSON errors with their status (404, 405 with allow, 413, 415)', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, limits: { maxBodyBytes: 512 }, logger: silent });
    const { url } = await listen(createServer(toNodeHandler(agents)));
    const missing = await fetch(`${url}/api/agent/nobody`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect([missing.status, ((await missing.json()) as { error: { code: string } }).error.code]).toEqual([404, 'unknown_agent']);
    const get = await fetch(`${url}/api/agent/assistant`);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    expect(await get.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
    const head = await fetch(`${url}/api/agent/assistant`, { method: 'HEAD' });
    expect([head.status, head.headers.get('allow'), await head.text()]).toEqual([405, 'POST', '']);
    const big = await post(url, { body: JSON.stringify({ messages: [userMessage('x'.repeat(2_000))] }) });
    expect([big.status, ((await big.json()) as { error: { code: string } }).error.code]).toEqual([413, 'payload_too_large']);
    const text = await post(url, { headers: { 'content-type': 'text/plain' } });
    expect([text.status, ((await text.json()) as { error: { code: string } }).error.code]).toEqual([415, 'unsupported_media_type']);
  });

  it('routes despite a malformed Host header and an absolute-form request target', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('odd host')) } }, logger: silent });
    const { port } = await listen(createServer(toNodeHandler(agents)));
    const head = (target: string, host: string) =>
      `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    for (const [target, host] of [
      ['/api/agent/assistant', 'exa mple.com:99999'],
      ['/api/agent/assistant', 'user@evil.example/path'],
      ['http://other.example/api/agent/assistant', 'x'],
    ] as const) {
      const answer = await rawRequest(port, head(target, host));
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('"delta":"host"');
    }
  });

  it('answers an unexpected failure with a 500 JSON error without internals', async () => {
    const broken: AgentServer = { config: { agents: {} }, close: async () => {}, fetch: () => Promise.reject(new Error('secret-db-password at /srv/app.js:1')) };
    const { url } = await listen(createServer(toNodeHandler(broken)));
    const response = await post(url);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'internal_error' } });
    expect(text).not.toContain('secret');
  });

  it('aborts the model call when the client disconnects mid-stream', async () => {
    let signal: AbortSignal | undefined;
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        signal = options.abortSignal;
        const chunks = textParts('word '.repeat(200));
        return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: 20 }) };
      },
    });
    const agents = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    const { url } = await listen(createServer(toNodeHandler(agents)));
    const controller = new AbortController();
    const response = await post(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    expect(signal?.aborted).toBe(false);
    controller.abort();
    await expect.poll(() => signal?.aborted, { timeout: 5_000 }).toBe(true);
  });

  it('answers a client that goes away mid-upload without a server error', async () => {
    const { errors, logger } = recordingLogger();
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, logger });
    const { port } = await listen(createServer(toNodeHandler(agents)));
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write('POST /api/agent/assistant HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"messages":');
    await new Promise((r) => setTimeout(r, 50));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toEqual([]);
  });
});

describe('toNodeHandler under Express 5', () => {
  it('serves behind express.json(), mounted at a path (basePath stays the full path)', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('over express')) } }, logger: silent });
    const app = express();
    app.use(express.json());
    app.use('/api/agent', toNodeHandler(agents));
    const { url } = await listen(createServer(app));
    const ok = await post(url);
    expect(ok.status).toBe(200);
    expect(textOf(await readChunks(ok))).toBe('over express');
    const missing = await fetch(`${url}/api/agent/nobody`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'unknown_agent' } });
  });

  it('checks a body parsed by express.json() like a raw one (__proto__, schema)', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, logger: silent });
    const app = express();
    app.use(express.json());
    app.use(toNodeHandler(agents));
    const { url } = await listen(createServer(app));
    const proto = await post(url, { body: '{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"x"}],"metadata":{"__proto__":{"admin":true}}}]}' });
    expect(proto.status).toBe(400);
    expect(await proto.json()).toMatchObject({ error: { code: 'invalid_body', issues: [{ path: 'messages.0.metadata.__proto__' }] } });
    const wrong = await post(url, { body: '{"messages":"nope"}' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: 'invalid_body' } });
  });

  it('takes a body express.json() decoded from another charset (it is re-sent as UTF-8), and still refuses a parsed form', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('utf-16 ok')) } }, logger: silent });
    const app = express();
    app.use(express.json());
    app.use(express.urlencoded());
    app.use(toNodeHandler(agents));
    const { url } = await listen(createServer(app));
    const utf16 = await post(url, { headers: { 'content-type': 'application/json; charset=utf-16le' }, body: Buffer.from(body, 'utf16le') });
    expect(utf16.status).toBe(200);
    expect(textOf(await readChunks(utf16))).toBe('utf-16 ok');
    const form = await post(url, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'messages=x' });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('keeps the UTF-8 check for a body read by express.raw()', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('raw ok')) } }, logger: silent });
    const app = express();
    app.use(express.raw({ type: 'application/json' }));
    app.use(toNodeHandler(agents));
    const { url } = await listen(createServer(app));
    const ok = await post(url);
    expect(textOf(await readChunks(ok))).toBe('raw ok');
    const bad = await post(url, { body: Buffer.concat([Buffer.from('{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}]}')]) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'bad_json' } });
  });

  it('passes an unexpected failure to next(error)', async () => {
    const broken: AgentServer = { config: { agents: {} }, close: async () => {}, fetch: () => Promise.reject(new Error('boom')) };
    const seen: unknown[] = [];
    const app = express();
    app.use(toNodeHandler(broken));
    app.use((error: unknown, _req: ExpressRequest, res: ExpressResponse, _next: NextFunction) => {
      seen.push(error);
      res.status(503).json({ handled: true });
    });
    const { url } = await listen(createServer(app));
    const response = await post(url);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ handled: true });
    expect(seen).toHaveLength(1);
    expect((seen[0] as Error).message).toBe('boom');
  });
});

describe('backpressure', () => {
  const CHUNK = 32 * 1024;
  const CHUNKS = 2_048; // a 64 MiB reply

  /** A server whose reply is produced on demand, counting how much was produced. */
  function lazyServer() {
    const state = { produced: 0 };
    const server: AgentServer = {
      config: { agents: {} },
      close: async () => {},
      fetch: () =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>(
              {
                pull(controller) {
                  if (state.produced === CHUNKS) return controller.close();
                  state.produced++;
                  controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
                },
              },
              { highWaterMark: 0 },
            ),
            { headers: { 'content-type': 'text/event-stream' } },
          ),
        ),
    };
    return { server, state };
  }

  it('reads the reply only as fast as a slow client drains it, and loses nothing', async () => {
    const { server, state } = lazyServer();
    const { port } = await listen(createServer(toNodeHandler(server)));
    const socket = connect(port, '127.0.0.1');
    let received = 0;
    const ended = new Promise<void>((r) => socket.on('end', () => r()));
    socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    socket.pause(); // a client that does not read
    // let the socket buffers fill, then check production stopped far below the whole reply
    let last = -1;
    for (let i = 0; i < 50 && state.produced !== last; i++) {
      last = state.produced;
      await new Promise((r) => setTimeout(r, 100));
    }
    const bufferedBytes = state.produced * CHUNK;
    expect(bufferedBytes).toBeLessThan((CHUNKS * CHUNK) / 4); // measured ≈ 4 MB of 64 MiB on loopback
    await new Promise((r) => setTimeout(r, 300));
    expect(state.produced * CHUNK).toBe(bufferedBytes); // stalled, not slowly buffering
    socket.on('data', (d: Buffer) => (received += d.length));
    socket.resume();
    await ended;
    expect(state.produced).toBe(CHUNKS);
    expect(received).toBeGreaterThan(CHUNKS * CHUNK); // the whole body plus the chunked framing and head
  }, 20_000);

  it('stops producing when a stalled client disconnects', async () => {
    const { server, state } = lazyServer();
    const { port } = await listen(createServer(toNodeHandler(server)));
    const socket = connect(port, '127.0.0.1');
    socket.write('POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n');
    socket.pause();
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const atClose = state.produced;
    await new Promise((r) => setTimeout(r, 300));
    expect(state.produced).toBe(atClose);
    expect(atClose).toBeLessThan(CHUNKS);
  }, 20_000);
});
