import type { AgentUIMessage } from '@x/agent-protocol';
import { pendingApprovals } from '@x/agent-core';
import { describe, expect, it } from 'vitest';
import { publishedApprovals } from './published-approvals.js';

const waiting = (id: string, approvalId: string): AgentUIMessage =>
  ({
    id,
    role: 'assistant',
    parts: [{ type: 'tool-deleteRecord', toolCallId: `call-${approvalId}`, state: 'approval-requested', input: { id: 7 }, approval: { id: approvalId } }],
  }) as AgentUIMessage;

/** A message whose parts count their reads. */
function counted(message: AgentUIMessage, reads: { count: number }): AgentUIMessage {
  const { parts, ...rest } = message;
  return Object.defineProperty(rest, 'parts', { enumerable: true, get: () => (reads.count++, parts) }) as AgentUIMessage;
}

describe('publishedApprovals', () => {
  it('finds what pendingApprovals finds, in transcript order', () => {
    const transcript: AgentUIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'delete 7' }] },
      waiting('a1', 'ap1'),
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'done' }] },
      waiting('a3', 'ap3'),
    ];
    expect(publishedApprovals(transcript)).toEqual(pendingApprovals(transcript));
    expect(publishedApprovals(transcript).map((a) => a.approvalId)).toEqual(['ap1', 'ap3']);
  });

  it('reads a published message once; an updated message (a new object) is read again', () => {
    const reads = { count: 0 };
    const earlier = Array.from({ length: 10 }, (_, i) => counted({ id: `a${i}`, role: 'assistant', parts: [{ type: 'text', text: `reply ${i}` }] }, reads));
    const first = waiting('last', 'ap1');
    expect(publishedApprovals([...earlier, first]).map((a) => a.approvalId)).toEqual(['ap1']);
    const afterFirst = reads.count;
    expect(afterFirst).toBe(10);
    // The next frames publish the same earlier messages and a new object for the last one.
    const answered = { ...first, parts: [{ ...first.parts[0]!, state: 'approval-responded', approval: { id: 'ap1', approved: true } }] } as AgentUIMessage;
    expect(publishedApprovals([...earlier, answered])).toEqual([]);
    expect(publishedApprovals([...earlier, answered])).toEqual([]);
    expect(reads.count).toBe(afterFirst);
  });
});
