// useAgentChat with resumable runs (issue 12): the hook over a real server with a store.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { deleteRecordAgent, deleteRecordTool, testServer, textOf } from './test-utils/test-server.js';
import { resumeRuns } from '@x/agent-core/resume';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';
import { useToolApproval } from './use-tool-approval.js';
import type { AgentEventMap } from '@x/agent-core';

const TEXT = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
const slow = { script: { steps: [[{ type: 'text' as const, text: TEXT }]], chunkDelayMs: 25 } };

describe('useAgentChat with resumable runs', () => {
  it('re-attaches after a remount (a reload): the reply continues and onMessageComplete fires once', async () => {
    const { fetch, urls } = testServer({ a: slow }, {}, { store: memoryStore() });
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'c-hook', resume: resumeRuns }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(async () => void (await first.result.current.sendMessage({ text: 'go' })));
    await waitFor(() => expect(textOf(first.result.current.messages.at(-1)).split(' ').length).toBeGreaterThan(5));
    first.unmount();

    const completed: AgentEventMap['onMessageComplete'][] = [];
    const second = renderHook(() => {
      const chat = useAgentChat({ agentId: 'a', fetch, conversationId: 'c-hook', resume: resumeRuns });
      useAgentEvents(chat, { onMessageComplete: (event) => completed.push(event) });
      return { status: chat.status, messages: chat.messages, connection: chat.connection };
    });
    await waitFor(() => expect(second.result.current.status).toBe('streaming'));
    expect(second.result.current.connection).toBe('online');
    await waitFor(() => expect(second.result.current.status).toBe('ready'), { timeout: 10_000 });
    expect(second.result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(second.result.current.messages[1])).toBe(TEXT);
    expect(completed).toHaveLength(1);
    expect(completed[0]!.aborted).toBe(false);
    expect(urls.filter((u) => u.endsWith('/conversations/c-hook/stream'))).toHaveLength(1);
    second.unmount();
  });

  it('a pending approval comes back after a reload and answering it continues the run', async () => {
    const deleted: number[] = [];
    const { fetch } = testServer({ admin: deleteRecordAgent }, { deleteRecord: deleteRecordTool(deleted) }, { store: memoryStore() });
    const useChatWithApprovals = () => {
      const chat = useAgentChat({ agentId: 'admin', fetch, conversationId: 'c-pending', resume: resumeRuns });
      return { chat, approval: useToolApproval(chat) };
    };
    const first = renderHook(useChatWithApprovals);
    await waitFor(() => expect(first.result.current.chat.historyStatus).toBe('ready'));
    await act(async () => {
      const result = await first.result.current.chat.sendMessage({ text: 'delete 7' });
      if (result.sent) await result.done;
    });
    expect(first.result.current.approval.pending).toHaveLength(1);
    first.unmount();

    const second = renderHook(useChatWithApprovals);
    await waitFor(() => expect(second.result.current.approval.pending).toHaveLength(1));
    expect(second.result.current.chat.status).toBe('ready');
    await act(() => second.result.current.approval.approve(second.result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(second.result.current.chat.messages.at(-1))).toContain('done'), { timeout: 10_000 });
    await waitFor(() => expect(second.result.current.chat.status).toBe('ready'));
    expect(deleted).toEqual([7]);
    second.unmount();
  });
});
