import type { UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { sanitizeHistory } from './history.js';

const approval = (toolCallId: string) => ({ type: 'tool-deleteRecord', toolCallId, state: 'approval-requested', input: { id: 1 }, approval: { id: `ap-${toolCallId}` } });

describe('sanitizeHistory', () => {
  it('keeps an unanswered approval only in the last message, where the user can still answer it', () => {
    const messages = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'delete 1' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Sure.' }, approval('t1')] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'delete 2' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'step-start' }, approval('t2')] },
    ] as UIMessage[];
    const out = sanitizeHistory(messages);
    expect(out.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(out[1]!.parts).toEqual([{ type: 'text', text: 'Sure.' }]);
    expect(out[3]).toBe(messages[3]); // unchanged messages keep their identity
    expect(out[0]).toBe(messages[0]);
  });

  it('drops messages left with nothing but step markers, and tolerates missing parts', () => {
    const messages = [
      { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'tool-x', toolCallId: 'x', state: 'input-streaming' }] },
      { id: 'b', role: 'assistant' },
      { id: 'c', role: 'assistant', parts: [{ type: 'reasoning', text: 'thinking', state: 'streaming' }, { type: 'step-start' }] },
    ] as unknown as UIMessage[];
    expect(sanitizeHistory(messages)).toEqual([{ id: 'c', role: 'assistant', parts: [{ type: 'reasoning', text: 'thinking', state: 'done' }] }]);
  });

  it('drops malformed loaded parts instead of throwing: null, no type, text or reasoning without text', () => {
    const messages = [
      { id: 'u', role: 'user', parts: [null, { text: 'no type' }, { type: 'text' }, { type: 'reasoning', text: 7 }, { type: 'text', text: 'kept' }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'file', url: 'data:,x' }] },
    ] as unknown as UIMessage[];
    expect(sanitizeHistory(messages)).toEqual([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'kept' }] },
      messages[1],
    ]);
  });
});

describe('sanitizeHistory: replies that ended early', () => {
  it('keeps an empty reply that failed or whose run was lost (its mark is all the user has of it); drops other empty ones', () => {
    const user = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'go' }] };
    const lost = { id: 'a1', role: 'assistant' as const, parts: [], metadata: { stopReason: 'interrupted' } };
    const failed = { id: 'a2', role: 'assistant' as const, parts: [{ type: 'step-start' as const }], metadata: { stopReason: 'error' } };
    const empty = { id: 'a3', role: 'assistant' as const, parts: [], metadata: { stopReason: 'stopped' } };
    expect(sanitizeHistory([user, lost, user, failed, user, empty]).map((m) => m.id)).toEqual(['u1', 'a1', 'u1', 'a2', 'u1']);
  });
});
