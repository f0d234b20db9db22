// useAgentChat with server-owned history (issue 11): the hook over a real server with a store.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { seenToolOutput } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { deleteRecordTool, testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';
import { useToolApproval } from './use-tool-approval.js';

describe('useAgentChat with a server that owns history', () => {
  it('shows historyStatus loading → ready and the stored transcript, then keeps going', async () => {
    const { fetch, requests } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'stored reply' }]], chunkDelayMs: 0 } } }, {}, { store: memoryStore() });
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'c1' }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'hello' }).then((r) => (r.sent ? r.done : undefined)));
    first.unmount();

    const second = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'c1' }));
    expect(second.result.current.historyStatus).toBe('loading');
    await waitFor(() => expect(second.result.current.historyStatus).toBe('ready'));
    expect(second.result.current.messages.map((m) => textOf(m))).toEqual(['hello', 'stored reply']);
    expect(second.result.current.hasOlder).toBe(false);
    await act(() => second.result.current.sendMessage({ text: 'again' }).then((r) => (r.sent ? r.done : undefined)));
    expect(requests.at(-1)!.messages.map((m) => m.role)).toEqual(['user']);
    expect(second.result.current.messages).toHaveLength(4);
  });

  it('sends only the answered assistant message when an approval is answered', async () => {
    const deleted: number[] = [];
    const { fetch, requests } = testServer(
      {
        admin: {
          script: {
            steps: ({ stepInTurn, toolResults }) =>
              stepInTurn === 0
                ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 7 } }]
                : [{ type: 'text', text: toolResults.map((r) => JSON.stringify(seenToolOutput(r.output))).join(' ') }],
            chunkDelayMs: 0,
          },
          tools: ['deleteRecord'],
        },
      },
      {
        deleteRecord: deleteRecordTool(deleted),
      },
      { store: memoryStore() },
    );
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'admin', fetch, conversationId: 'c-approve' });
      return { chat, approval: useToolApproval(chat) };
    });
    await waitFor(() => expect(result.current.chat.historyStatus).toBe('ready'));
    await act(() => result.current.chat.sendMessage({ text: 'delete 7' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1));
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('deleted'));
    expect(deleted).toEqual([7]);
    const continuation = requests.at(-1)!;
    expect(continuation.messages.map((m) => m.role)).toEqual(['assistant']);
  });

  it('a reply loaded while it waits for an approval completes (onMessageComplete) when the answer\u2019s continuation ends', async () => {
    const { fetch } = testServer(
      {
        admin: {
          script: {
            steps: ({ stepInTurn }) => (stepInTurn === 0 ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 7 } }] : [{ type: 'text', text: 'done' }]),
            chunkDelayMs: 0,
          },
          tools: ['deleteRecord'],
        },
      },
      { deleteRecord: deleteRecordTool([]) },
      { store: memoryStore() },
    );
    const first = renderHook(() => useAgentChat({ agentId: 'admin', fetch, conversationId: 'c-reload' }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'delete 7' }).then((r) => (r.sent ? r.done : undefined)));
    first.unmount();

    // A reload: the reply comes from the stored history, still waiting.
    const completed: string[] = [];
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'admin', fetch, conversationId: 'c-reload' });
      useAgentEvents(chat, { onMessageComplete: ({ message }) => completed.push(textOf(message)) });
      return { chat, approval: useToolApproval(chat) };
    });
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1));
    expect(completed).toEqual([]);
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(completed).toEqual([expect.stringContaining('done')]));
  });
});
