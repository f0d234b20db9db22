import { describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { readChunks, textOf, userMessage } from '../test-utils/sse.js';

const errors: string[] = [];
const logger = { warn: () => {}, error: (message: string) => void errors.push(message) };
const server = createAgentServer({
  agents: { assistant: { model: mockModel(textParts('fine')) } },
  limits: { maxBodyBytes: 4_096 },
  logger,
});

const URL_ = 'http://localhost/api/agent/assistant';
const valid = JSON.stringify({ messages: [userMessage('Hi')] });

function send(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }, init: RequestInit = {}) {
  return server.fetch(new Request(URL_, { method: 'POST', headers, body, ...init, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit));
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const json = (await response.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } };
  expect(json.error.code).toBe(code);
  expect(json.error.message).not.toMatch(/\n\s+at /); // no stack
  return json;
}

function streamOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c);
      controller.close();
    },
  });
}

describe('content type (415)', () => {
  it.each([
    ['missing', undefined],
    ['text/plain', 'text/plain'],
    ['form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['jsonp', 'application/jsonp'],
    ['json-seq', 'application/json-seq'],
    ['utf-16 charset', 'application/json; charset=utf-16'],
    ['latin1 charset', 'application/json;charset="ISO-8859-1"'],
    ['mixed duplicates', 'application/json, text/plain'],
  ])('refuses %s', async (_, type) => {
    await expectError(await send(valid, type ? { 'content-type': type } : {}), 415, 'unsupported_media_type');
  });

  it.each([
    ['case and quoted charset', 'Application/JSON; Charset="UTF-8"'],
    ['utf8 alias', 'application/json;charset=utf8'],
    ['+json suffix', 'application/vnd.api+json'],
    ['repeated header', 'application/json, application/json'],
    ['other params', 'application/json; foo=bar'],
  ])('accepts %s', async (_, type) => {
    const response = await send(valid, { 'content-type': type });
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('fine');
  });
});

describe('body (400)', () => {
  it('refuses an empty or blank body', async () => {
    await expectError(await send(null), 400, 'bad_json');
    await expectError(await send(' \n\t '), 400, 'bad_json');
  });

  it('refuses invalid JSON and invalid UTF-8', async () => {
    await expectError(await send('{"messages": ['), 400, 'bad_json');
    await expectError(await send(streamOf('{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"', new Uint8Array([0xc3, 0x28]), '"}]}]}')), 400, 'bad_json');
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const response = await send(streamOf(new Uint8Array([0xef, 0xbb, 0xbf]), valid));
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('fine');
  });

  it('refuses deep nesting without a stack overflow (400, not 500)', async () => {
    const big = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, limits: { maxBodyBytes: 4_000_000 }, logger });
    for (const body of ['['.repeat(1_000_000) + ']'.repeat(1_000_000), `{"messages":[],"x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`, '['.repeat(65) + ']'.repeat(65)]) {
      const response = await big.fetch(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
      await expectError(response, 400, 'invalid_body');
    }
    // brackets inside strings do not count
    const inString = JSON.stringify({ messages: [userMessage('['.repeat(2_000))] });
    expect((await big.fetch(new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body: inString }))).status).toBe(200);
  });

  it('refuses a __proto__ key anywhere, naming where', async () => {
    const body = '{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"x","__proto__":{"polluted":true}}]}]}';
    const json = await expectError(await send(body), 400, 'invalid_body');
    expect(json.error.issues).toEqual([{ path: 'messages.0.parts.0.__proto__', message: expect.any(String) }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses reserved keys in sharedState and urlQuery (protocol schema)', async () => {
    for (const key of ['constructor', 'prototype']) {
      await expectError(await send(JSON.stringify({ messages: [userMessage('x')], sharedState: { a: { [key]: 1 } } })), 400, 'invalid_body');
      await expectError(await send(JSON.stringify({ messages: [userMessage('x')], urlQuery: { [key]: 'v' } })), 400, 'invalid_body');
    }
  });

  it('refuses a body that is not the request shape, with issues', async () => {
    const json = await expectError(await send('[1,2]'), 400, 'invalid_body');
    expect(json.error.issues?.length).toBeGreaterThan(0);
    await expectError(await send('"hello"'), 400, 'invalid_body');
    await expectError(await send('null'), 400, 'invalid_body');
    await expectError(await send(JSON.stringify({ messages: [{ id: '1', role: 'system', parts: [{ type: 'text', text: 'x' }] }] })), 400, 'invalid_body');
  });

  it('refuses file parts the model call would fail on (bad url or media type), naming the part', async () => {
    const withFile = (part: Record<string, unknown>) =>
      JSON.stringify({ messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'see' }, { type: 'file', ...part }] }] });
    for (const part of [
      { mediaType: 'image/png', url: 'not a url' },
      { mediaType: 'image/png', url: 'javascript:alert(1)' },
      { mediaType: 'text/plain', url: 'data:text/plain,hello' },
      { mediaType: 'image/png', url: 'data:image/png;base64,%%%' },
    ]) {
      const json = await expectError(await send(withFile(part)), 400, 'invalid_messages');
      expect(json.error.issues).toEqual([{ path: 'messages.0.parts.1.url', message: expect.any(String) }]);
    }
    const json = await expectError(await send(withFile({ mediaType: 'system', url: 'data:image/png;base64,iVBORw==' })), 400, 'invalid_messages');
    expect(json.error.issues).toEqual([{ path: 'messages.0.parts.1.mediaType', message: expect.any(String) }]);
    const ok = await send(withFile({ mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' }));
    expect(ok.status).toBe(200);
    expect(textOf(await readChunks(ok))).toBe('fine');
  });

  it('refuses an over-long ?conversationId=', async () => {
    const response = await server.fetch(
      new Request(`${URL_}?conversationId=${'c'.repeat(300)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: valid }),
    );
    await expectError(response, 400, 'invalid_id');
  });

  it('answers 400 when the body stream fails mid-upload', async () => {
    let pulls = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('{"messages":'));
        else controller.error(new Error('socket hang up'));
      },
    });
    await expectError(await send(failing), 400, 'bad_json');
  });

  it('answers 400 for a body that was already read', async () => {
    const request = new Request(URL_, { method: 'POST', headers: { 'content-type': 'application/json' }, body: valid });
    await request.text();
    await expectError(await server.fetch(request), 400, 'bad_json');
  });
});

describe('size limit (413)', () => {
  it('refuses a declared content-length over the limit without reading', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(1_024).fill(0x20));
      },
    });
    await expectError(await send(body, { 'content-type': 'application/json', 'content-length': '999999' }), 413, 'payload_too_large');
    expect(pulls).toBeLessThanOrEqual(1); // only the stream's own initial fill: nothing was read
    await new Promise((r) => setTimeout(r, 20));
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it('stops reading a streamed body as soon as it passes the limit, whatever content-length claims', async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1_024;
        controller.enqueue(new Uint8Array(1_024).fill(0x20));
      },
    });
    await expectError(await send(endless, { 'content-type': 'application/json', 'content-length': '10' }), 413, 'payload_too_large');
    expect(sent).toBeLessThan(16_384);
  });

  it('ignores a malformed content-length and measures the body', async () => {
    expect((await send(valid, { 'content-type': 'application/json', 'content-length': 'abc' })).status).toBe(200);
    await expectError(await send(JSON.stringify({ messages: [userMessage('x'.repeat(5_000))] }), { 'content-type': 'application/json', 'content-length': '-1' }), 413, 'payload_too_large');
  });
});

describe('routes and methods (404, 405)', () => {
  it('answers 404 for an unknown agent, a path outside basePath, and a malformed id', async () => {
    const post = (path: string) => server.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: valid }));
    await expectError(await post('/api/agent/nobody'), 404, 'unknown_agent');
    await expectError(await post('/api/agent/constructor'), 404, 'unknown_agent');
    await expectError(await post('/api/agent/__proto__'), 404, 'unknown_agent');
    await expectError(await post('/elsewhere'), 404, 'not_found');
    await expectError(await post('/api/agent/%E0%A4%A'), 404, 'not_found');
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('answers %s with 405 JSON and allow: POST', async (method) => {
    const response = await server.fetch(new Request(URL_, { method, ...(method === 'GET' ? {} : { body: valid }) }));
    expect(response.headers.get('allow')).toBe('POST');
    await expectError(response, 405, 'method_not_allowed');
  });

  it('answers HEAD with 405 and allow: POST', async () => {
    const response = await server.fetch(new Request(URL_, { method: 'HEAD' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('logged nothing as a server error for any of these', () => {
    expect(errors).toEqual([]);
  });
});
