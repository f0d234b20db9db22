import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { toNodeHandler } from '../../adapters/node.js';
import { ConfigError } from '../../config/config-error.js';
import { fileSystemBlobStore } from '../../files/fs-blob-store.js';
import { createAgentServer } from '../../server.js';
import { memoryStore } from '../../store/memory-store.js';
import { mockModel, textParts } from '../../test-utils/mock-model.js';
import { HttpError } from '../error-response.js';
import { checkCrossSite } from './cross-site.js';

const silent = { warn: () => {}, error: () => {} };
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function verdict(headers: Record<string, string>, allowed: string[] = []): 'allowed' | 'refused' {
  const request = new Request('http://api.example:8080/api/agent/assistant', { method: 'POST', headers });
  try {
    checkCrossSite(request, new URL(request.url), new Set(allowed));
    return 'allowed';
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('cross_site_request');
    return 'refused';
  }
}

describe('the cross-site rule', () => {
  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: 'http://api.example:8080' }, [], 'allowed'],
    ['Sec-Fetch-Site: none (address bar, bookmark)', { 'sec-fetch-site': 'none' }, [], 'allowed'],
    ['Sec-Fetch-Site: same-site from an origin not allowed', { 'sec-fetch-site': 'same-site', origin: 'http://app.example:8080' }, [], 'refused'],
    ['Sec-Fetch-Site: same-site from an allowed origin', { 'sec-fetch-site': 'same-site', origin: 'http://app.example:8080' }, ['http://app.example:8080'], 'allowed'],
    ['Sec-Fetch-Site: cross-site from an allowed origin', { 'sec-fetch-site': 'cross-site', origin: 'https://app.example' }, ['https://app.example'], 'allowed'],
    ['Sec-Fetch-Site: cross-site from another origin', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, ['https://app.example'], 'refused'],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, ['https://app.example'], 'refused'],
    ['an unknown Sec-Fetch-Site value', { 'sec-fetch-site': 'bogus', origin: 'https://evil.example' }, [], 'refused'],
    ['no Sec-Fetch-Site, Origin of the request URL', { origin: 'http://api.example:8080' }, [], 'allowed'],
    ['no Sec-Fetch-Site, Origin in allowedOrigins', { origin: 'https://app.example' }, ['https://app.example'], 'allowed'],
    ['no Sec-Fetch-Site, Origin: null (sandboxed frame, data: page)', { origin: 'null' }, [], 'refused'],
    ['no Sec-Fetch-Site, another origin', { origin: 'https://evil.example' }, [], 'refused'],
    ['no Sec-Fetch-Site, the same host on another port', { origin: 'http://api.example:9090' }, [], 'refused'],
    ['neither header (server to server, curl)', {}, [], 'allowed'],
  ] as const)('%s → %s', (_, headers, allowed, expected) => {
    expect(verdict(headers, [...allowed])).toBe(expected);
  });
});

describe('cross-site requests to the server', () => {
  function setup() {
    const dir = mkdtempSync(join(tmpdir(), 'xkit-cross-site-'));
    dirs.push(dir);
    const blobs = fileSystemBlobStore({ dir });
    const store = memoryStore();
    const server = createAgentServer({
      agents: { assistant: { model: mockModel(textParts('hi')) } },
      logger: silent,
      store,
      files: { store: blobs, maxFileBytes: 10_000, mediaTypes: ['image/*', 'text/plain'] },
      authenticate: () => ({ id: 'alice' }),
    });
    const keys = async () => {
      const found: string[] = [];
      for await (const item of blobs.list('')) found.push(item.key);
      return found;
    };
    return { server, store, keys };
  }

  it('refuses an upload with Origin: null and Content-Type: text/plain (once 201) with 403; nothing is stored', async () => {
    const { server, keys } = setup();
    const upload = (headers: Record<string, string>) =>
      server.fetch(new Request('http://localhost/api/agent/assistant/files?filename=a.txt', { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body: 'hello' }));
    const refused = await upload({ origin: 'null' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
    expect(await keys()).toEqual([]);
    const crossSite = await upload({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(await keys()).toEqual([]);
    // The same upload from the server's own page is stored.
    expect((await upload({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await keys()).length).toBeGreaterThan(0);
  });

  it('refuses a cross-site chat turn and conversation delete before anything is written', async () => {
    const { server, store } = setup();
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const turn = await server.fetch(
      new Request('http://localhost/api/agent/assistant', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', ...evil },
        body: JSON.stringify({ conversationId: 'c-evil', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
      }),
    );
    expect(turn.status).toBe(403);
    expect(await store.listConversations('alice', { limit: 10 })).toEqual([]);
    const ok = await server.fetch(
      new Request('http://localhost/api/agent/assistant', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: 'c1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
      }),
    );
    await ok.text();
    const deleted = await server.fetch(new Request('http://localhost/api/agent/conversations/c1', { method: 'DELETE', headers: evil }));
    expect(deleted.status).toBe(403);
    expect((await store.listConversations('alice', { limit: 10 })).map((c) => c.id)).toEqual(['c1']);
  });
});

describe('cross-site requests through toNodeHandler (real HTTP on loopback)', () => {
  it('passes Origin and Sec-Fetch-Site on to the check', async () => {
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('hi')) } }, logger: silent, allowedOrigins: ['https://app.example'] });
    const http = createServer(toNodeHandler(server));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/agent/assistant`;
      const post = (headers: Record<string, string>) =>
        fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }) });
      for (const headers of [{ origin: 'null' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
        const refused = await post(headers);
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('cross_site_request');
      }
      for (const headers of [{}, { origin: 'https://app.example', 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
        const allowed = await post(headers);
        expect(allowed.status).toBe(200);
        await allowed.text();
      }
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe('config.allowedOrigins', () => {
  const agents = { assistant: { model: mockModel(textParts('hi')) } };

  it('accepts origins scheme://host[:port]', () => {
    expect(() => createAgentServer({ agents, logger: silent, allowedOrigins: ['https://app.example', 'http://localhost:5173'] })).not.toThrow();
  });

  it('lists each entry that is not an origin with its path', () => {
    let error: unknown;
    try {
      createAgentServer({ agents, logger: silent, allowedOrigins: ['https://app.example/', 'app.example', 'null', 'https://App.example', 7 as unknown as string] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const paths = (error as ConfigError).issues.map((i) => i.path);
    expect(paths).toEqual(['allowedOrigins[0]', 'allowedOrigins[1]', 'allowedOrigins[2]', 'allowedOrigins[3]', 'allowedOrigins[4]']);
    expect(() => createAgentServer({ agents, logger: silent, allowedOrigins: 'https://app.example' as unknown as string[] })).toThrow(/allowedOrigins/);
  });
});
