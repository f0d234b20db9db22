import { describe, expect, it } from 'vitest';
import { MCP_APP_META_KEY, mcpAppApprovalOf, mcpAppOf, mcpAppPaths } from './mcp-apps.js';
import { mcpAppCallRequestSchema } from './mcp-app-schemas.js';

describe('mcpAppOf', () => {
  const ref = { server: 'time', resourceUri: 'ui://get-time/mcp-app.html', toolName: 'get-time' };
  it('reads the app reference of a tool result', () => {
    expect(mcpAppOf({ content: [], _meta: { [MCP_APP_META_KEY]: ref } })).toEqual(ref);
  });
  it('refuses anything else: no meta, wrong types, a URI that is not ui://', () => {
    expect(mcpAppOf(undefined)).toBeUndefined();
    expect(mcpAppOf('text')).toBeUndefined();
    expect(mcpAppOf({ _meta: {} })).toBeUndefined();
    expect(mcpAppOf({ _meta: { [MCP_APP_META_KEY]: { ...ref, server: 1 } } })).toBeUndefined();
    expect(mcpAppOf({ _meta: { [MCP_APP_META_KEY]: { ...ref, resourceUri: 'https://evil.test/app.html' } } })).toBeUndefined();
  });
});

describe('MCP Apps routes', () => {
  it('paths encode the agent id', () => {
    expect(mcpAppPaths.call('/api/agent', 'a/b')).toBe('/api/agent/a%2Fb/mcp-apps/call');
    expect(mcpAppPaths.sandbox('/api/agent')).toBe('/api/agent/mcp-apps/sandbox');
  });
  it('the call body is strict', () => {
    expect(mcpAppCallRequestSchema.safeParse({ server: 's', name: 't', arguments: { a: 1 } }).success).toBe(true);
    expect(mcpAppCallRequestSchema.safeParse({ server: 's', name: 't', extra: true }).success).toBe(false);
    expect(mcpAppCallRequestSchema.safeParse({ server: '', name: 't' }).success).toBe(false);
    expect(mcpAppCallRequestSchema.safeParse({ server: 's', name: 't', approval: 'tok.sig' }).success).toBe(true);
    expect(mcpAppCallRequestSchema.safeParse({ server: 's', name: 't', approval: '' }).success).toBe(false);
  });
});

describe('mcpAppApprovalOf', () => {
  const approval = { token: 't.s', name: 'delete', input: { id: 1 }, expiresAt: 1 };
  it('reads the approval of a 403 approval_required answer', () => {
    expect(mcpAppApprovalOf({ error: { code: 'approval_required', message: 'ask' }, approval })).toEqual(approval);
  });
  it('refuses another code, a missing or malformed approval', () => {
    expect(mcpAppApprovalOf({ error: { code: 'tool_denied', message: 'no' }, approval })).toBeUndefined();
    expect(mcpAppApprovalOf({ error: { code: 'approval_required', message: 'ask' } })).toBeUndefined();
    expect(mcpAppApprovalOf({ error: { code: 'approval_required', message: 'ask' }, approval: { ...approval, token: 1 } })).toBeUndefined();
    expect(mcpAppApprovalOf(null)).toBeUndefined();
  });
});
