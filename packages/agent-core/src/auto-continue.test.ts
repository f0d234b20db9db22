import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { isWaitingForUser, shouldContinue } from './auto-continue.js';

const reply = (...parts: object[]) => [{ id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, ...parts] }] as UIMessage[];
const done = (toolCallId: string) => ({ type: 'tool-t', toolCallId, state: 'output-available', input: {}, output: 1 });

describe('shouldContinue', () => {
  it('continues when a browser-answered call completes the step, never for server results alone', () => {
    expect(shouldContinue(reply(done('server')), new Set())).toBe(false); // e.g. a turn stopped by stopOnToolCall
    expect(shouldContinue(reply(done('server'), done('browser')), new Set(['browser']))).toBe(true);
    expect(shouldContinue(reply(done('browser'), { type: 'tool-t', toolCallId: 'open', state: 'input-available', input: {} }), new Set(['browser']))).toBe(false);
  });

  it('continues once every approval of the step is answered', () => {
    const responded = { type: 'tool-t', toolCallId: 'a1', state: 'approval-responded', input: {}, approval: { id: 'x', approved: true } };
    const requested = { type: 'tool-t', toolCallId: 'a2', state: 'approval-requested', input: {}, approval: { id: 'y' } };
    expect(shouldContinue(reply(responded, requested), new Set())).toBe(false);
    expect(shouldContinue(reply(responded), new Set())).toBe(true);
    expect(isWaitingForUser(reply(requested))).toBe(true);
    expect(isWaitingForUser(reply(done('s')))).toBe(false);
  });
});
