import { createIdGenerator, generateId } from 'ai';
import { describe, expect, it } from 'vitest';
import { agentRequestBodySchema, formatIssues } from './request-body.js';
import { idProblem, isValidId } from './ids.js';

describe('ID_PATTERN', () => {
  it('accepts the ids the AI SDK, crypto.randomUUID and the kit generate', () => {
    const ids = [
      generateId(),
      createIdGenerator({ prefix: 'msg', size: 24 })(),
      createIdGenerator({ prefix: 'aitxt', separator: '_' })(),
      crypto.randomUUID(),
      `conv-${crypto.randomUUID()}`,
      `run-${crypto.randomUUID()}`,
      'c-1',
      'order:42',
      'a.b',
      'x'.repeat(256),
    ];
    for (const id of ids) expect(idProblem(id), id).toBeUndefined();
  });

  it('refuses ".", "..", NUL, emoji, slashes, spaces, empty and overlong ids, naming why', () => {
    for (const id of ['.', '..', '.hidden', 'a\u0000b', 'chat-😀', 'a/b', 'a b', '', 'x'.repeat(257), 'é']) {
      expect(isValidId(id), JSON.stringify(id)).toBe(false);
    }
    expect(idProblem('..')).toMatch(/"\."/);
    expect(idProblem('x'.repeat(257))).toMatch(/256/);
    expect(idProblem(3)).toMatch(/string/);
  });

  it('is what the request body schema checks, with the field named', () => {
    const result = agentRequestBodySchema.safeParse({
      id: '..',
      conversationId: 'c-😀',
      messageId: 'a\u0000',
      messages: [{ id: '.', role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    });
    expect(result.success).toBe(false);
    const paths = formatIssues(result.error!).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['id', 'conversationId', 'messageId', 'messages.0.id']));
  });
});
