import { act, renderHook, waitFor } from '@testing-library/react';
import { UPDATE_PAGE_STATE_TOOL, type AgentUIMessage, type UpdatePageStateOutput } from '@x/agent-protocol';
import { seenToolOutput } from '@x/mock-server';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { UseAgentChatResult } from '@x/agent-core';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';

// update-page-state is the browser tool the server offers (for a non-empty sharedState); an app
// that handles it itself through onToolCall exercises the generic browser-tool path.
const { fetch, requests } = testServer({
  page: {
    script: {
      steps: ({ stepInTurn, toolResults }) => {
        if (stepInTurn === 0) return [{ type: 'tool-call', toolName: UPDATE_PAGE_STATE_TOOL, input: { updates: { a: 2 } } }];
        const seen = seenToolOutput(toolResults.at(-1)?.output);
        return [{ type: 'text', text: `seen ${seen.kind}: ${JSON.stringify(seen.kind === 'value' ? seen.value : seen)}` }];
      },
      chunkDelayMs: 0,
    },
  },
});

describe('onToolCall (browser tools)', () => {
  it('answers with the returned (or resolved) value and continues once', async () => {
    const calls: unknown[] = [];
    const { result } = renderHook(() =>
      useAgentChat({
        agentId: 'page',
        fetch,
        sharedState: { a: 1 },
        onToolCall: async ({ toolCall }) => {
          calls.push(toolCall.input);
          await new Promise((r) => setTimeout(r, 5));
          return { ok: true, written: ['a'] } satisfies UpdatePageStateOutput;
        },
      }),
    );
    const before = requests.length;
    await act(() => result.current.sendMessage({ text: 'x' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toBe('seen value: {"ok":true,"written":["a"]}'));
    expect(calls).toEqual([{ updates: { a: 2 } }]);
    expect(requests.length - before).toBe(2);
  });

  it('answers an output error when the handler throws', async () => {
    const { result } = renderHook(() =>
      useAgentChat({
        agentId: 'page',
        fetch,
        sharedState: { a: 1 },
        onToolCall: () => {
          throw new Error('no access');
        },
      }),
    );
    await act(() => result.current.sendMessage({ text: 'x' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(textOf(result.current.messages.at(-1))).toMatch(/^seen error: .*no access/));
  });
});

describe('types', () => {
  it('carries the app tool types through the chat: addToolOutput is checked against each tool', () => {
    type Tools = { weather: { input: { city: string }; output: { tempF: number } } };
    const check = (chat: UseAgentChatResult<Tools>) => {
      expectTypeOf(chat.messages).toEqualTypeOf<AgentUIMessage<Tools>[]>();
      void chat.addToolOutput({ tool: 'weather', toolCallId: 't', output: { tempF: 1 } });
      // @ts-expect-error: the output must match the tool's output type
      void chat.addToolOutput({ tool: 'weather', toolCallId: 't', output: { tempC: 1 } });
      void chat.addToolOutput({ tool: UPDATE_PAGE_STATE_TOOL, toolCallId: 't', output: { ok: true, written: [] } });
      // @ts-expect-error: update-page-state answers UpdatePageStateOutput
      void chat.addToolOutput({ tool: UPDATE_PAGE_STATE_TOOL, toolCallId: 't', output: { ok: false } });
    };
    expect(typeof check).toBe('function');
  });
});
