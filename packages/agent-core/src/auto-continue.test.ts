import { lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai';
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

describe('shouldContinue keeps the ai package’s rules', () => {
  // Every reply of up to three parts (after a step start) from these: the kit's rule must agree
  // with `lastAssistantMessageIsCompleteWith…` of the SDK (with no browser-answered call, only the
  // approval rule can continue; with every call answered in the browser, either rule can).
  const states = ['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available', 'output-error', 'output-denied'] as const;
  const parts: object[] = [
    { type: 'text', text: 'x', state: 'streaming' },
    { type: 'text', text: 'x', state: 'done' },
    { type: 'step-start' },
    ...states.flatMap((state, i) => [
      { type: 'tool-t', toolCallId: `c${i}`, state, input: {}, ...(state.startsWith('approval') ? { approval: { id: `a${i}`, approved: true } } : {}) },
      { type: 'dynamic-tool', toolName: 'd', toolCallId: `p${i}`, state, input: {}, providerExecuted: true },
    ]),
    { type: 'tool-t', toolCallId: 'pre', state: 'output-available', input: {}, output: 1, preliminary: true },
  ];
  const replies: UIMessage[][] = [];
  for (const a of parts) for (const b of [undefined, ...parts]) for (const c of [undefined, ...parts]) replies.push(reply(...[a, b, c].filter((p) => p !== undefined)));

  it(`agrees on ${replies.length} replies`, () => {
    let continued = 0;
    for (const messages of replies) {
      const withApprovals = lastAssistantMessageIsCompleteWithApprovalResponses({ messages });
      const withCalls = lastAssistantMessageIsCompleteWithToolCalls({ messages });
      const ids = new Set(messages[0]!.parts.flatMap((p) => ('toolCallId' in p ? [p.toolCallId] : [])));
      expect(shouldContinue(messages, new Set())).toBe(withApprovals);
      expect(shouldContinue(messages, ids)).toBe(withApprovals || withCalls);
      if (shouldContinue(messages, ids)) continued++;
    }
    expect(continued).toBeGreaterThan(50);
  });
});
