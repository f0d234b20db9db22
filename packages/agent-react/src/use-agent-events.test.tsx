import { act, renderHook, waitFor } from '@testing-library/react';
import type { AgentUIMessage } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentEventHandlers, AgentEventMap } from '@x/agent-core';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';

type Log = { name: keyof AgentEventMap; event: Record<string, unknown> }[];
function recorder(): { log: Log; handlers: AgentEventHandlers<AgentUIMessage> } {
  const log: Log = [];
  const names: (keyof AgentEventMap)[] = [
    'onUserMessage', 'onConversationStart', 'onMessageComplete', 'onToolCall', 'onToolResult', 'onError',
    'onTitleGenerated', 'onDataPart', 'onStop', 'onRegenerate', 'onEditMessage', 'onDeleteMessage',
  ];
  const handlers = Object.fromEntries(names.map((name) => [name, (event: Record<string, unknown>) => log.push({ name, event })]));
  return { log, handlers: handlers as AgentEventHandlers<AgentUIMessage> };
}
const count = (log: Log, name: keyof AgentEventMap) => log.filter((e) => e.name === name).length;

const { fetch } = testServer(
  {
    weather: {
      script: {
        steps: ({ stepInTurn, lastUserText }) =>
          lastUserText.includes('broken')
            ? stepInTurn === 0
              ? [{ type: 'tool-call', toolName: 'failing', input: {} }]
              : [{ type: 'text', text: 'That failed.' }]
            : stepInTurn === 0
              ? [{ type: 'tool-call', toolName: 'getWeather', input: { city: 'Oslo' } }]
              : [{ type: 'text', text: `Sunny (${lastUserText}).` }],
        chunkDelayMs: 0,
      },
      tools: ['getWeather', 'failing'],
      config: { hooks: { onFinish: ['title'] } },
    },
    slow: { script: { steps: [[{ type: 'text', text: Array.from({ length: 300 }, (_, i) => `s${i}`).join(' ') }]], chunkDelayMs: 5 } },
  },
  {
    getWeather: { description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => ({ city, sky: 'sunny' }) },
    failing: { description: 'Always fails', inputSchema: z.object({}), execute: async () => { throw new Error('boom'); } },
  },
  { hooks: { title: () => ({ dataParts: [{ type: 'data-chat-title', data: { title: 'Weather talk' } }] }) } },
);

function setup(agentId: string, messages?: AgentUIMessage[]) {
  const { log, handlers } = recorder();
  const hook = renderHook(() => {
    const chat = useAgentChat({ agentId, fetch, conversationId: 'conv', ...(messages ? { messages } : {}) });
    useAgentEvents(chat, handlers);
    return chat;
  });
  const send = async (text: string) => {
    await act(() => hook.result.current.sendMessage({ text }).then((r) => (r.sent ? r.done : undefined)));
  };
  return { log, result: hook.result, send };
}

describe('useAgentEvents', () => {
  it('fires each event once with its payload for a turn with a tool call and a title', async () => {
    const { log, send, result } = setup('weather');
    await send('hello');
    expect(log.map((e) => e.name)).toEqual([
      'onConversationStart', 'onUserMessage', 'onToolCall', 'onToolResult', 'onDataPart', 'onTitleGenerated', 'onMessageComplete',
    ]);
    const [assistantMessage] = result.current.messages.slice(-1);
    expect(log.find((e) => e.name === 'onToolCall')!.event).toMatchObject({ toolName: 'getWeather', input: { city: 'Oslo' }, dynamic: false, messageId: assistantMessage!.id, conversationId: 'conv' });
    expect(log.find((e) => e.name === 'onToolResult')!.event).toMatchObject({ toolName: 'getWeather', output: { city: 'Oslo', sky: 'sunny' }, errored: false, denied: false });
    expect(log.find((e) => e.name === 'onTitleGenerated')!.event).toEqual({ title: 'Weather talk', conversationId: 'conv' });
    expect(log.find((e) => e.name === 'onMessageComplete')!.event).toMatchObject({ finishReason: 'stop', aborted: false, errored: false, message: assistantMessage });
    expect(log.find((e) => e.name === 'onUserMessage')!.event.message).toMatchObject({ role: 'user' });
  });

  it('reports a failed tool as errored', async () => {
    const { log, send } = setup('weather');
    await send('broken');
    expect(log.find((e) => e.name === 'onToolResult')!.event).toMatchObject({ toolName: 'failing', errored: true, errorText: expect.stringContaining('boom') });
  });

  it('never fires for loaded history', async () => {
    const history: AgentUIMessage[] = [
      { id: 'u0', role: 'user', parts: [{ type: 'text', text: 'earlier' }] },
      { id: 'a0', role: 'assistant', parts: [{ type: 'tool-getWeather', toolCallId: 'old', state: 'output-available', input: { city: 'Rome' }, output: {} }, { type: 'text', text: 'ok', state: 'done' }] } as AgentUIMessage,
    ];
    const { log, send } = setup('weather', history);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(log).toEqual([]);
    await send('now');
    expect(count(log, 'onConversationStart')).toBe(0); // the conversation had started before
    expect(count(log, 'onUserMessage')).toBe(1);
    expect(log.filter((e) => e.name === 'onToolCall').map((e) => e.event.toolCallId)).not.toContain('old');
  });

  it('stays exactly-once per id when delete, edit and regenerate shrink the list', async () => {
    const { log, send, result } = setup('weather');
    await send('one');
    await send('two');
    expect(count(log, 'onUserMessage')).toBe(2);
    expect(count(log, 'onMessageComplete')).toBe(2);
    expect(count(log, 'onToolCall')).toBe(2);

    const [u1, , u2, a2] = result.current.messages;
    await act(async () => {
      await result.current.deleteMessage(a2!.id);
      await result.current.deleteMessage(u2!.id);
    });
    expect(log.filter((e) => e.name === 'onDeleteMessage').map((e) => (e.event.message as AgentUIMessage).id)).toEqual([a2!.id, u2!.id]);
    // Put the deleted messages back (e.g. an undo): no event fires again for their ids.
    act(() => result.current.setMessages((m) => [...m, u2!, a2!]));
    await act(() => new Promise((r) => setTimeout(r, 20)));

    await act(() => result.current.editMessage(u1!.id, 'uno').then((r) => (r.sent ? r.done : undefined)));
    expect(log.filter((e) => e.name === 'onEditMessage').map((e) => e.event)).toEqual([
      expect.objectContaining({ messageId: u1!.id, text: 'uno' }),
    ]);
    const replaced = result.current.messages.at(-1)!.id;
    await act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(log.filter((e) => e.name === 'onRegenerate').map((e) => e.event)).toEqual([{ messageId: replaced, conversationId: 'conv' }]);

    // Two originals + the edit's reply + the regenerated reply: one completion per assistant message id.
    const completions = log.filter((e) => e.name === 'onMessageComplete').map((e) => (e.event.message as AgentUIMessage).id);
    expect(completions).toHaveLength(4);
    expect(new Set(completions).size).toBe(4);
    expect(count(log, 'onUserMessage')).toBe(2); // the edit kept the id of "one": no new user message event
    const toolIds = log.filter((e) => e.name === 'onToolCall').map((e) => e.event.toolCallId);
    expect(new Set(toolIds).size).toBe(toolIds.length);
    expect(textOf(result.current.messages.at(-1))).toBe('Sunny (uno).');
  });

  it('reports a stop as onStop and an aborted completion', async () => {
    const { log, result } = setup('slow');
    await act(() => result.current.sendMessage({ text: 'go' }));
    await waitFor(() => expect(textOf(result.current.messages.at(-1)).length).toBeGreaterThan(5));
    await act(() => result.current.stop());
    expect(log.filter((e) => e.name === 'onStop').map((e) => e.event.reason)).toEqual(['user']);
    expect(log.find((e) => e.name === 'onMessageComplete')!.event).toMatchObject({ aborted: true });
  });
});

describe('useAgentEvents across conversations', () => {
  it('reports the reply a conversation switch stopped, with the old conversation id', async () => {
    const { log, handlers } = recorder();
    const { result, rerender } = renderHook(({ conversationId }: { conversationId: string }) => {
      const chat = useAgentChat({ agentId: 'slow', fetch, conversationId });
      useAgentEvents(chat, handlers);
      return chat;
    }, { initialProps: { conversationId: 'first' } });
    await act(() => result.current.sendMessage({ text: 'go' }));
    await waitFor(() => expect(textOf(result.current.messages.at(-1)).length).toBeGreaterThan(5));
    rerender({ conversationId: 'second' });
    await waitFor(() => expect(count(log, 'onStop')).toBe(1));
    expect(log.find((e) => e.name === 'onStop')!.event).toMatchObject({ reason: 'conversation-switch', conversationId: 'first' });
    expect(log.find((e) => e.name === 'onMessageComplete')!.event).toMatchObject({ aborted: true, conversationId: 'first' });
  });
});

describe('useAgentEvents on failures', () => {
  it('fires onError once and completes the reply as errored', async () => {
    const failing = testServer({
      broken: { script: { steps: [[{ type: 'text', text: 'Partial answer' }, { type: 'error', message: 'provider exploded with key sk-secret' }]], chunkDelayMs: 0 } },
    });
    const { log, handlers } = recorder();
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'broken', fetch: failing.fetch });
      useAgentEvents(chat, handlers);
      return chat;
    });
    await act(() => result.current.sendMessage({ text: 'x' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.status).toBe('error'));
    const errors = log.filter((e) => e.name === 'onError');
    expect(errors).toHaveLength(1);
    expect((errors[0]!.event.error as Error).message).not.toContain('sk-secret');
    expect(log.find((e) => e.name === 'onMessageComplete')!.event).toMatchObject({ errored: true, aborted: false });
  });
});
