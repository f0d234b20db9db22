import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { userMessage } from '../test-utils/sse.js';
import { toNodeHandler } from './node.js';

const silent = { warn: () => {}, error: () => {} };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const body = JSON.stringify({ messages: [userMessage('Hi')] });
const post = (url: string, init: RequestInit = {}) =>
  fetch(`${url}/api/agent/assistant`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init });

describe('toNodeHandler', () => {
  it('streams over node:http', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('over node http')) } }, logger: silent });
    const url = await listen(createServer(toNodeHandler(agents)));
    const response = await post(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(await response.text()).toContain('"delta":"http"');
  });

  it('serves Express 5, mounted at a path and behind express.json()', async () => {
    const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('over express')) } }, logger: silent });
    const app = express();
    app.use(express.json());
    app.use('/api/agent', toNodeHandler(agents));
    const url = await listen(createServer(app));
    const ok = await post(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('"delta":"express"');
    const missing = await fetch(`${url}/api/agent/nobody`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'unknown_agent' } });
  });

  it('aborts the model call when the client disconnects', async () => {
    let signal: AbortSignal | undefined;
    const model = new MockLanguageModelV4({
      doStream: async (options) => {
        signal = options.abortSignal;
        const chunks = textParts('word '.repeat(200));
        return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: 20 }) };
      },
    });
    const agents = createAgentServer({ agents: { assistant: { model } }, logger: silent });
    const url = await listen(createServer(toNodeHandler(agents)));
    const controller = new AbortController();
    const response = await post(url, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => signal?.aborted, { timeout: 5_000 }).toBe(true);
  });
});
