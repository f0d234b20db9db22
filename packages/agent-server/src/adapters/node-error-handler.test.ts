import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';
import { agentErrorHandler, toNodeHandler } from './node.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

const silent = { warn: () => {}, error: () => {} };

/** The Express example's layout: a body parser in front of the kit, the kit's error middleware last. */
async function expressApp(withHandler: boolean): Promise<string> {
  const agents = createAgentServer({ agents: { assistant: { model: mockModel(textParts('parsed ok')) } }, logger: silent });
  const app = express();
  app.use(express.json({ limit: '1kb' }));
  app.use('/api/agent', toNodeHandler(agents));
  app.get('/boom', () => {
    throw new Error('not a body error');
  });
  if (withHandler) app.use(agentErrorHandler());
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, body: string, contentType = 'application/json') =>
  fetch(`${url}/api/agent/assistant`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('agentErrorHandler behind express.json()', () => {
  it('without it, Express answers bad JSON with its HTML page (the defect it fixes)', async () => {
    const url = await expressApp(false);
    const bad = await post(url, '{"messages":[');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
  });

  it('answers bad JSON with the kit\'s JSON 400 bad_json, without a stack or paths', async () => {
    const url = await expressApp(true);
    const bad = await post(url, '{"messages":[');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
    const text = await bad.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'bad_json', message: expect.any(String) } });
    expect(text).not.toMatch(/node_modules|at \w|\/work\/|SyntaxError/);
  });

  it('answers a body over the parser\'s limit with 413 payload_too_large', async () => {
    const url = await expressApp(true);
    const big = await post(url, JSON.stringify({ messages: [userMessage('x'.repeat(5_000))] }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('answers an unsupported charset with 415 unsupported_media_type', async () => {
    const url = await expressApp(true);
    const odd = await post(url, '{}', 'application/json; charset=klingon');
    expect(odd.status).toBe(415);
    expect(await odd.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('leaves good requests and errors that are not the body parser\'s alone', async () => {
    const url = await expressApp(true);
    const ok = await post(url, JSON.stringify({ messages: [userMessage('Hi')] }));
    expect(ok.status).toBe(200);
    expect(textOf(await readChunks(ok))).toBe('parsed ok');
    const boom = await fetch(`${url}/boom`);
    expect(boom.status).toBe(500);
    expect(boom.headers.get('content-type')).toContain('text/html'); // Express's own handler still answers it
  });
});
