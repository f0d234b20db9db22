import { fileURLToPath } from 'node:url';
import { mcpAppPaths } from '@x/agent-protocol/mcp-apps';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { startMcpHttpServer, type TestMcpHttpServer } from '../test-utils/mcp-http-server.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { chatRequest } from '../test-utils/sse.js';
import { checkAppCallArguments, MAX_APP_CALL_ARGUMENTS_CHARS } from './app-call-arguments.js';

// The real MCP App server the MCP Apps route tests use (over stdio), and a real MCP server over HTTP
// whose tools take `{ text?: string }` (it records every call it receives).
const basicReact = fileURLToPath(new URL('./index.js', import.meta.resolve('@modelcontextprotocol/server-basic-react')));
const timeSource = { type: 'stdio' as const, name: 'time', command: process.execPath, args: [basicReact, '--stdio'] };

let http: TestMcpHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

async function serverWith() {
  http = await startMcpHttpServer({ echo: { reply: (args) => `echo ${String(args.text)}` } });
  const server = createAgentServer({
    agents: { assistant: { model: mockModel(textParts('x')), mcp: [timeSource, { type: 'http', name: 'notes', url: http.url }] } },
    logger: recordingLogger(),
  });
  const call = async (body: unknown) => {
    const response = await server.fetch(chatRequest(body, { path: mcpAppPaths.call('/api/agent', 'assistant') }));
    return { status: response.status, body: (await response.json()) as { error?: { code: string; issues?: { path: string; message: string }[] }; content?: { text: string }[] } };
  };
  return { call, calls: () => http!.calls };
}

describe('MCP Apps: the arguments of an app’s call are checked against the tool’s listed input schema', () => {
  it('arguments off the schema → 400 invalid_body with issues, and the MCP server never sees the call', async () => {
    const { call, calls } = await serverWith();
    const wrongType = await call({ server: 'notes', name: 'echo', arguments: { text: 5 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatchObject({ code: 'invalid_body', issues: [{ path: 'arguments.text' }] });
    const unknownKey = await call({ server: 'notes', name: 'echo', arguments: { txt: 'hi' } });
    expect(unknownKey.status).toBe(400);
    expect(unknownKey.body.error?.issues?.[0]?.path).toBe('arguments.txt');
    expect(calls()).toEqual([]);
    // Valid arguments still reach the server.
    const ok = await call({ server: 'notes', name: 'echo', arguments: { text: 'hi' } });
    expect(ok.status).toBe(200);
    expect(ok.body.content?.[0]?.text).toBe('echo hi');
    expect(calls()).toEqual([{ tool: 'echo', args: { text: 'hi' } }]);
  }, 30_000);

  it('the real MCP App server’s get-time takes no arguments: an app sending some → 400', async () => {
    const { call } = await serverWith();
    const refused = await call({ server: 'time', name: 'get-time', arguments: { timezone: 'UTC' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_body', issues: [{ path: 'arguments.timezone' }] });
    expect((await call({ server: 'time', name: 'get-time', arguments: {} })).status).toBe(200);
  }, 30_000);
});

describe('checkAppCallArguments', () => {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { id: { type: 'integer', minimum: 1 }, tags: { type: 'array', items: { type: 'string' } } },
    required: ['id'],
    if: { properties: { id: { const: 7 } }, required: ['id'] },
    then: { required: ['tags'] },
  };
  const issues = (args: Record<string, unknown>, s: unknown = schema) => {
    try {
      checkAppCallArguments(s, args);
      return [];
    } catch (error) {
      return (error as { code: string; issues?: { path: string }[] }).issues?.map((i) => i.path) ?? [(error as { code: string }).code];
    }
  };

  it('reads JSON Schema 2020-12 and draft-07 (required, types, conditionals), issues named by path', () => {
    expect(issues({ id: 2 })).toEqual([]);
    expect(issues({})).toEqual(['arguments.id']);
    expect(issues({ id: 0, tags: [1] })).toEqual(['arguments.id', 'arguments.tags.0']);
    expect(issues({ id: 7 })).toContain('arguments.tags');
    expect(issues({ a: 1 }, { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalProperties: false })).toEqual(['arguments.a']);
  });

  it('refuses arguments longer than the bound before any pattern runs', () => {
    const catastrophic = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };
    expect(issues({ s: `${'a'.repeat(MAX_APP_CALL_ARGUMENTS_CHARS)}!` }, catastrophic)).toEqual(['arguments']);
  });

  it('a schema that cannot be compiled fails closed (502 mcp_app_unavailable)', () => {
    expect(issues({}, { type: 'object', properties: { a: { $ref: '#/nowhere' } } })).toEqual(['mcp_app_unavailable']);
    expect(issues({}, 'not a schema')).toEqual(['mcp_app_unavailable']);
  });
});
