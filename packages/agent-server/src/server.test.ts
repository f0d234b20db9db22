import { describe, expect, it } from 'vitest';
import { createAgentServer } from './server.js';
import { ConfigError } from './config/config-error.js';
import { chatRequest, readChunks, textOf, userMessage } from './test-utils/sse.js';
import { mockModel, textParts } from './test-utils/mock-model.js';

const silent = { warn: () => {}, error: () => {} };

function server(text = 'Hello there, friend.') {
  const model = mockModel(textParts(text));
  return { model, server: createAgentServer({ agents: { assistant: { model, instructions: 'Be brief.' } }, logger: silent }) };
}

describe('createAgentServer: the streamed turn', () => {
  it('answers POST /api/agent/{id} with a UI message stream of the model reply', async () => {
    const { server: s, model } = server();
    const response = await s.fetch(chatRequest({ messages: [userMessage('Hi')] }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const chunks = await readChunks(response);
    expect(textOf(chunks)).toBe('Hello there, friend.');
    const start = chunks.find((c) => c.type === 'start');
    expect(start && 'messageId' in start && start.messageId).toMatch(/^msg-/);
    expect(chunks.at(-1)?.type).toBe('finish');
    // the model was sent the instructions and the user's message
    const prompt = model.doStreamCalls[0]!.prompt;
    expect(prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(JSON.stringify(prompt[1])).toContain('Hi');
  });

  it('drops messages without parts instead of failing the turn', async () => {
    const { server: s, model } = server('ok');
    const response = await s.fetch(
      chatRequest({ messages: [userMessage('first'), { id: 'a-empty', role: 'assistant', parts: [] }, userMessage('second')] }),
    );
    expect(response.status).toBe(200);
    expect(textOf(await readChunks(response))).toBe('ok');
    expect(model.doStreamCalls[0]!.prompt.filter((m) => m.role === 'assistant')).toHaveLength(0);
  });
});

describe('createAgentServer: JSON errors (ARCHITECTURE §2)', () => {
  const { server: s } = server();
  const cases: [string, Request, number, string][] = [
    ['unknown agent', chatRequest({ messages: [userMessage('x')] }, { path: '/api/agent/nobody' }), 404, 'unknown_agent'],
    ['path outside basePath', chatRequest({ messages: [] }, { path: '/elsewhere' }), 404, 'not_found'],
    ['wrong method', chatRequest(undefined, { method: 'GET' }), 405, 'method_not_allowed'],
    ['bad JSON', chatRequest('{"messages": [', {}), 400, 'bad_json'],
    ['not JSON', chatRequest('hello', { headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type'],
    ['schema failure', chatRequest({ messages: 'nope' }), 400, 'invalid_body'],
    ['system message', chatRequest({ messages: [{ id: 's', role: 'system', parts: [{ type: 'text', text: 'x' }] }] }), 400, 'invalid_body'],
    ['no message with content', chatRequest({ messages: [{ id: 'u', role: 'user', parts: [] }] }), 400, 'invalid_messages'],
    ['invalid parts', chatRequest({ messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 42 }] }] }), 400, 'invalid_messages'],
  ];
  it.each(cases)('%s → %i %s', async (_name, request, status, code) => {
    const response = await s.fetch(request);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    if (status === 405) expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over the limit with 413 without reading past it', async () => {
    const small = createAgentServer({ agents: { assistant: { model: mockModel(textParts('x')) } }, limits: { maxBodyBytes: 100 }, logger: silent });
    const response = await small.fetch(chatRequest({ messages: [userMessage('x'.repeat(500))] }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('names the schema issue paths', async () => {
    const response = await s.fetch(chatRequest({ messages: [{ id: 's', role: 'system', parts: [] }] }));
    const body = (await response.json()) as { error: { issues: { path: string; message: string }[] } };
    expect(body.error.issues).toContainEqual({ path: 'messages.0.role', message: 'system messages are not accepted from the client' });
  });
});

describe('createAgentServer: config', () => {
  it('throws one ConfigError listing every problem with its path', () => {
    let error: unknown;
    try {
      createAgentServer({ agents: { 'bad id!': { model: undefined as never }, ok: { model: mockModel(), maxSteps: 0 } }, basePath: 'api' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const paths = (error as ConfigError).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['agents.bad id!', 'agents.bad id!.model', 'agents.ok.maxSteps', 'basePath']));
  });
});
