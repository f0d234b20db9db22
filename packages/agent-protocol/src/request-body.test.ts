import { describe, expect, it } from 'vitest';
import { agentRequestBodySchema, formatIssues } from './request-body.js';
import { toolNameProblem } from './tool-names.js';
import { sharedStateKind } from './page-state.js';

const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] };

describe('agentRequestBodySchema', () => {
  it('accepts the body the client sends', () => {
    const body = { id: 'c', messages: [message], conversationId: 'conv-1', sharedState: { name: 'Ada' }, urlQuery: { tab: ['a', 'b'] }, pageId: 'p', trigger: 'submit-message' };
    expect(agentRequestBodySchema.parse(body)).toMatchObject(body);
  });

  it('refuses system messages with a path and a reason', () => {
    const result = agentRequestBodySchema.safeParse({ messages: [{ ...message, role: 'system' }] });
    expect(result.success).toBe(false);
    expect(formatIssues(result.error!)).toEqual([{ path: 'messages.0.role', message: 'system messages are not accepted from the client' }]);
  });

  it('refuses prototype-pollution keys in sharedState and urlQuery', () => {
    const polluted = JSON.parse('{"messages":[],"sharedState":{"__proto__":{"admin":true}}}');
    const result = agentRequestBodySchema.safeParse(polluted);
    expect(result.success).toBe(false);
    expect(formatIssues(result.error!)[0]!.path).toBe('sharedState');
    expect(agentRequestBodySchema.safeParse({ messages: [], urlQuery: { constructor: 'x' } }).success).toBe(false);
    const deep = JSON.parse('{"messages":[],"sharedState":{"form":{"a":{"constructor":{"prototype":1}}}}}');
    expect(agentRequestBodySchema.safeParse(deep).success).toBe(false);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses wrong types', () => {
    for (const body of [{}, { messages: {} }, { messages: [{ id: 1, role: 'user' }] }, { messages: [], trigger: 'x' }]) {
      expect(agentRequestBodySchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('tool names and shared-state kinds', () => {
  it('explains why a name cannot be a tool name', () => {
    expect(toolNameProblem('weather')).toBeUndefined();
    expect(toolNameProblem('read-file')).toMatch(/reserved platform tool/);
    expect(toolNameProblem('__proto__')).toMatch(/reserved key/);
    expect(toolNameProblem('has space')).toMatch(/not a valid tool name/);
    expect(toolNameProblem('x'.repeat(65))).toMatch(/not a valid tool name/);
  });

  it('names the kind of each value', () => {
    expect([1, 'a', true, null, [], {}].map(sharedStateKind)).toEqual(['number', 'string', 'boolean', 'null', 'array', 'object']);
  });
});
