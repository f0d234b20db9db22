import { act, renderHook, waitFor } from '@testing-library/react';
import type { AgentUIMessage } from '@x/agent-protocol';
import { seenToolOutput } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { deleteRecordTool, testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';
import { useToolApproval } from './use-tool-approval.js';

/** A tool that needs approval and records the ids it deleted. */
function approvalServer(ids: number[]) {
  const deleted: number[] = [];
  const server = testServer(
    {
      admin: {
        script: {
          steps: ({ stepInTurn, toolResults }) => {
            if (stepInTurn === 0) return ids.map((id) => ({ type: 'tool-call' as const, toolName: 'deleteRecord', input: { id } }));
            const seen = toolResults.map((r) => seenToolOutput(r.output));
            return [{ type: 'text', text: seen.map((s) => (s.kind === 'denied' ? `denied(${s.reason ?? ''})` : s.kind === 'value' ? JSON.stringify(s.value) : 'error')).join(' ') }];
          },
          chunkDelayMs: 0,
        },
        tools: ['deleteRecord'],
      },
    },
    {
      deleteRecord: deleteRecordTool(deleted),
    },
  );
  return { ...server, deleted };
}

function setup(fetch: typeof globalThis.fetch, messages?: AgentUIMessage[]) {
  const completes: unknown[] = [];
  const hook = renderHook(() => {
    const chat = useAgentChat({ agentId: 'admin', fetch, ...(messages ? { messages } : {}) });
    const approval = useToolApproval(chat);
    useAgentEvents(chat, { onMessageComplete: (e) => completes.push(e.finishReason) });
    return { chat, approval };
  });
  return { ...hook, completes };
}

describe('useToolApproval', () => {
  it('lists a pending approval, runs the tool once approved, and resends exactly once', async () => {
    const { fetch, requests, deleted } = approvalServer([7]);
    const { result, completes } = setup(fetch);
    await act(() => result.current.chat.sendMessage({ text: 'delete 7' }).then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.approval.pending).toEqual([
      expect.objectContaining({ toolName: 'deleteRecord', input: { id: 7 }, dynamic: false, approvalId: expect.any(String), toolCallId: expect.any(String) }),
    ]);
    expect(deleted).toEqual([]);
    expect(completes).toEqual([]); // the reply waits for the user: not complete yet
    const { approvalId } = result.current.approval.pending[0]!;
    await act(async () => {
      await Promise.all([result.current.approval.approve(approvalId), result.current.approval.approve(approvalId), result.current.approval.deny(approvalId)]);
    });
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('{"deleted":7}'));
    await waitFor(() => expect(result.current.chat.status).toBe('ready'));
    expect(deleted).toEqual([7]);
    expect(requests).toHaveLength(2);
    expect(result.current.approval.pending).toEqual([]);
    expect(result.current.chat.messages.filter((m) => m.role === 'assistant')).toHaveLength(1); // the same reply continued
    expect(completes).toEqual(['stop']);
  });

  it('approves with an edited input: the tool runs with it, the part keeps the proposed input; an edit the schema refuses runs nothing', async () => {
    const { fetch, requests, deleted } = approvalServer([7, 8]);
    const { result } = setup(fetch);
    await act(() => result.current.chat.sendMessage({ text: 'delete two' }).then((r) => (r.sent ? r.done : undefined)));
    const [first, second] = result.current.approval.pending;
    await act(() => result.current.approval.approve(first!.approvalId, undefined, { id: 70 }));
    await act(() => result.current.approval.approve(second!.approvalId, 'typo', { id: 'eight' }));
    await waitFor(() => expect(result.current.chat.status).toBe('ready'));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(deleted).toEqual([70]);
    const parts = result.current.chat.messages.at(-1)!.parts.filter((p) => p.type === 'tool-deleteRecord') as {
      state: string;
      input: unknown;
      output?: unknown;
      approval: { approved: boolean; originalInput?: unknown; reason?: string };
    }[];
    expect(parts[0]).toMatchObject({ state: 'output-available', input: { id: 70 }, output: { deleted: 70 }, approval: { approved: true, originalInput: { id: 7 } } });
    // The server refused the edit against the tool's schema: nothing ran, and the reason says why.
    expect(parts[1]!.state).toBe('output-denied');
    expect(textOf(result.current.chat.messages.at(-1))).toContain("denied(The approver's edited input");
  });

  it('waits until every pending approval is answered, then sends once; a denial reaches the model with its reason', async () => {
    const { fetch, requests, deleted } = approvalServer([1, 2]);
    const { result } = setup(fetch);
    await act(() => result.current.chat.sendMessage({ text: 'delete both' }).then((r) => (r.sent ? r.done : undefined)));
    const [first, second] = result.current.approval.pending;
    expect(result.current.approval.pending).toHaveLength(2);
    await act(() => result.current.approval.approve(first!.approvalId));
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(requests).toHaveLength(1);
    expect(result.current.approval.pending.map((p) => p.approvalId)).toEqual([second!.approvalId]);
    await act(() => result.current.approval.deny(second!.approvalId, 'keep record 2'));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('denied(keep record 2)'));
    expect(requests).toHaveLength(2);
    expect(deleted).toEqual([1]);
    const parts = result.current.chat.messages.at(-1)!.parts.filter((p) => p.type === 'tool-deleteRecord') as { state: string }[];
    expect(parts.map((p) => p.state)).toEqual(['output-available', 'output-denied']);
  });

  it('covers dynamic (MCP) tools: lists them and sends the answer', async () => {
    const { fetch, requests } = approvalServer([]);
    const history = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'search the wiki' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'dynamic-tool', toolName: 'mcp__wiki__search', toolCallId: 'd1', state: 'approval-requested', input: { q: 'x' }, approval: { id: 'ap-1' } },
        ],
      },
    ] as AgentUIMessage[];
    const { result } = setup(fetch, history);
    expect(result.current.approval.pending).toEqual([
      { approvalId: 'ap-1', toolCallId: 'd1', toolName: 'mcp__wiki__search', input: { q: 'x' }, dynamic: true, messageId: 'a1', requestReason: undefined },
    ]);
    await act(() => result.current.approval.approve('ap-1', 'fine'));
    await waitFor(() => expect(requests).toHaveLength(1));
    const sentPart = requests[0]!.messages.at(-1)!.parts!.at(-1) as unknown as { state: string; approval: { approved: boolean; reason?: string } };
    expect(sentPart).toMatchObject({ state: 'approval-responded', approval: { id: 'ap-1', approved: true, reason: 'fine' } });
    await waitFor(() => expect(result.current.chat.status).not.toBe('submitted'));
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(requests).toHaveLength(1);
  });
});

describe('retry after a failed continuation', () => {
  it('resends the answered approval instead of dropping the reply', async () => {
    let refuseNext = false;
    const deleted: number[] = [];
    const { fetch, requests } = testServer(
      {
        admin: {
          script: {
            steps: ({ stepInTurn, toolResults }) =>
              stepInTurn === 0
                ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 5 } }]
                : [{ type: 'text', text: `done ${JSON.stringify(seenToolOutput(toolResults.at(-1)?.output))}` }],
            chunkDelayMs: 0,
          },
          tools: ['deleteRecord'],
        },
      },
      {
        deleteRecord: deleteRecordTool(deleted),
      },
      {
        // The continuation is refused once (401), as a dropped session or a flaky proxy would.
        authenticate: () => {
          if (!refuseNext) return { id: 'u' };
          refuseNext = false;
          return null;
        },
      },
    );
    const { result } = setup(fetch);
    await act(() => result.current.chat.sendMessage({ text: 'delete 5' }).then((r) => (r.sent ? r.done : undefined)));
    refuseNext = true;
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(result.current.chat.status).toBe('error'));
    expect(deleted).toEqual([]);
    const replyId = result.current.chat.messages.at(-1)!.id;
    await act(() => result.current.chat.regenerate());
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('"deleted":5'));
    expect(deleted).toEqual([5]);
    expect(requests).toHaveLength(3);
    expect(result.current.chat.messages.at(-1)!.id).toBe(replyId); // the same reply, continued
    expect(result.current.approval.pending).toEqual([]);
  });
});

describe('expired approvals', () => {
  it('moves an approval the user moved on from out of pending', async () => {
    const { fetch, deleted } = approvalServer([9]);
    const { result } = setup(fetch);
    await act(() => result.current.chat.sendMessage({ text: 'delete 9' }).then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.approval.pending).toHaveLength(1);
    await act(() => result.current.chat.sendMessage({ text: 'never mind' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.chat.status).toBe('ready'));
    // The new turn asks again (a new pending approval); the first one is expired, not actionable.
    expect(result.current.approval.expired).toHaveLength(1);
    expect(result.current.approval.pending.map((p) => p.approvalId)).not.toContain(result.current.approval.expired[0]!.approvalId);
    expect(deleted).toEqual([]);
  });
});
