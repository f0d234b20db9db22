// A refused approval over AG-UI shows as refused: the agent's TOOL_CALL_RESULT for a call the user
// refused (our route sends `{ denied: true }`, a Mastra tool answers whatever it answers) is the
// denied end of the call, never a "finished" card.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { deleteRecordTool, testServer, textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { useToolApproval } from '../use-tool-approval.js';
import { agUiTransport, agUiToChunks } from '@x/agent-core/ag-ui';

const url = 'http://localhost/api/agent/admin/ag-ui';

describe('agUiTransport: a refused approval', () => {
  it('against our AG-UI route: the tool does not run and its card ends denied', async () => {
    const deleted: number[] = [];
    const { fetch } = testServer(
      {
        admin: {
          script: {
            steps: ({ stepInTurn }) => (stepInTurn === 0 ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 7 } }] : [{ type: 'text', text: 'Not deleted.' }]),
            chunkDelayMs: 0,
          },
          tools: ['deleteRecord'],
        },
      },
      { deleteRecord: deleteRecordTool(deleted) },
      { store: memoryStore() },
    );
    const transport = agUiTransport({ url, fetch, threadId: 'thread-refuse' });
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'admin', transport, history: 'client' });
      return { chat, approval: useToolApproval(chat) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'delete 7' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1));
    await act(() => result.current.approval.deny(result.current.approval.pending[0]!.approvalId, 'no'));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('Not deleted.'));
    expect(deleted).toEqual([]);
    const tool = result.current.chat.messages.at(-1)!.parts.find((p) => p.type === 'tool-deleteRecord') as { state: string; approval?: { approved: boolean } };
    expect(tool.state).toBe('output-denied');
    expect(tool.approval?.approved).toBe(false);
  });

  it('the mapping: a result for a refused call is its denied end; other results stay outputs', () => {
    const mapping = agUiToChunks({ refusedToolCalls: new Set(['call-refused']) });
    expect(mapping.map({ type: 'TOOL_CALL_RESULT', toolCallId: 'call-refused', messageId: 'm', content: '{"deleted":null}' } as never)).toEqual([{ type: 'tool-output-denied', toolCallId: 'call-refused' }]);
    expect(mapping.map({ type: 'TOOL_CALL_RESULT', toolCallId: 'call-ok', messageId: 'm', content: '{"ok":true}' } as never)).toEqual([{ type: 'tool-output-available', toolCallId: 'call-ok', output: { ok: true } }]);
  });
});
