// agUiTransport against our own AG-UI route (the two ends meet) and against an agent that breaks the protocol.
import { act, renderHook, waitFor } from '@testing-library/react';
import { AbstractAgent, EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { memoryStore } from '@x/agent-server/store';
import { UPDATE_PAGE_STATE_TOOL } from '@x/agent-protocol';
import { seenToolOutput } from '@x/mock-server';
import { Observable } from 'rxjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useSharedState } from '../shared-state/use-shared-state.js';
import { deleteRecordTool, testServer, textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { useToolApproval } from '../use-tool-approval.js';
import { agUiTransport } from '@x/agent-core/ag-ui';

const url = 'http://localhost/api/agent/admin/ag-ui';

describe('agUiTransport ↔ our AG-UI route', () => {
  it('streams text and a tool card, answers an approval through resume (the tool runs once)', async () => {
    const deleted: number[] = [];
    const { fetch, urls } = testServer(
      {
        admin: {
          script: {
            steps: ({ stepInTurn, toolResults }) =>
              stepInTurn === 0
                ? [{ type: 'tool-call', toolName: 'deleteRecord', input: { id: 7 } }]
                : [{ type: 'text', text: `done: ${toolResults.map((r) => JSON.stringify(seenToolOutput(r.output))).join(' ')}` }],
            chunkDelayMs: 0,
          },
          tools: ['deleteRecord'],
        },
      },
      { deleteRecord: deleteRecordTool(deleted) },
      { store: memoryStore() },
    );
    const transport = agUiTransport({ url, fetch, threadId: 'thread-approve' });
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'admin', transport, history: 'client' });
      return { chat, approval: useToolApproval(chat) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'delete 7' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.approval.pending).toHaveLength(1));
    expect(result.current.approval.pending[0]!.toolName).toBe('deleteRecord');
    expect(deleted).toEqual([]);
    await act(() => result.current.approval.approve(result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(result.current.chat.messages.at(-1))).toContain('done:'));
    expect(deleted).toEqual([7]);
    expect(result.current.chat.error).toBeUndefined();
    const tool = result.current.chat.messages.at(-1)!.parts.find((p) => p.type === 'tool-deleteRecord') as { state: string; output: unknown };
    expect(tool.state).toBe('output-available');
    expect(urls.every((u) => u === url)).toBe(true);
  });

  it('writes the agent’s state through the page’s allowlist', async () => {
    const { fetch } = testServer({
      admin: {
        script: {
          steps: ({ stepInTurn }) =>
            stepInTurn === 0 ? [{ type: 'tool-call', toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { status: 'closed', owner: 'mallory' } } }] : [{ type: 'text', text: 'ok' }],
          chunkDelayMs: 0,
        },
      },
    });
    const { result } = renderHook(() => {
      const shared = useSharedState({ status: 'open', owner: 'ada' }, { writable: ['status'] });
      const [transport] = useState(() => agUiTransport({ url, fetch, sharedState: shared.store }));
      return { shared, chat: useAgentChat({ agentId: 'admin', transport, history: 'client' }) };
    });
    await act(() => result.current.chat.sendMessage({ text: 'close it' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.shared.value.status).toBe('closed'));
    expect(result.current.shared.value.owner).toBe('ada');
    const tool = result.current.chat.messages.at(-1)!.parts.find((p) => p.type === `tool-${UPDATE_PAGE_STATE_TOOL}`) as { state: string; output?: { written: string[] } };
    await waitFor(() => expect(tool?.state ?? '').toBe('output-available'));
  });
});

/** An AG-UI agent nobody should write: its second run sends text content of a message it never started. */
class OutOfOrderAgent extends AbstractAgent {
  runs = 0;
  run(input: RunAgentInput): Observable<BaseEvent> {
    const broken = this.runs++ > 0;
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
      subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId: `m-${this.runs}`, role: 'assistant' } as BaseEvent);
      subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: broken ? 'never-started' : `m-${this.runs}`, delta: 'Hello' } as BaseEvent);
      subscriber.next({ type: EventType.TEXT_MESSAGE_END, messageId: `m-${this.runs}` } as BaseEvent);
      subscriber.next({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent);
      subscriber.complete();
    });
  }
}

describe('agUiTransport with an agent that breaks the protocol', () => {
  it('shows an error and keeps the transcript', async () => {
    const transport = agUiTransport({ agent: new OutOfOrderAgent() });
    const { result } = renderHook(() => useAgentChat({ agentId: 'x', transport, history: 'client' }));
    await act(() => result.current.sendMessage({ text: 'hi' }).then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.error).toBeUndefined();
    await act(() => result.current.sendMessage({ text: 'again' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.error!.message).toMatch(/AG-UI agent failed.*TEXT_MESSAGE_CONTENT/);
    expect(result.current.messages.slice(0, 3).map((m) => textOf(m))).toEqual(['hi', 'Hello', 'again']);
  });
});

/** An agent that says a word and then waits until its run is torn down (aborted). */
class SlowAgent extends AbstractAgent {
  tornDown = false;
  run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      subscriber.next({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
      subscriber.next({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' } as BaseEvent);
      subscriber.next({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Thinking' } as BaseEvent);
      return () => {
        this.tornDown = true;
      };
    });
  }
}

describe('agUiTransport and Stop', () => {
  it('aborts the agent’s run and keeps what it said', async () => {
    const agent = new SlowAgent();
    const transport = agUiTransport({ agent });
    const { result } = renderHook(() => useAgentChat({ agentId: 'x', transport, history: 'client' }));
    await act(async () => {
      await result.current.sendMessage({ text: 'hi' });
    });
    await waitFor(() => expect(textOf(result.current.messages[1])).toBe('Thinking'));
    await act(async () => {
      await result.current.stop();
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(agent.tornDown).toBe(true);
    expect(result.current.error).toBeUndefined();
    expect(result.current.messages.map((m) => textOf(m))).toEqual(['hi', 'Thinking']);
  });
});
