import { act, renderHook, waitFor } from '@testing-library/react';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createMockAgentServer, echoScenario, errorMidStreamScenario, inProcessFetch } from '@x/mock-server';
import { DefaultChatTransport } from 'ai';
import { describe, expect, it } from 'vitest';
import type { UseAgentChatOptions } from '@x/agent-core';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';

const server = createMockAgentServer({
  agents: { assistant: { ...echoScenario, chunkDelayMs: 1 }, failing: { ...errorMidStreamScenario, chunkDelayMs: 1 } },
  logger: { warn: () => {}, error: () => {} },
});
const fetch = inProcessFetch(server);

const slow = testServer({
  assistant: { script: { steps: [[{ type: 'text', text: Array.from({ length: 200 }, (_, i) => `t${i}`).join(' ') }]], chunkDelayMs: 5 } },
  other: { script: { steps: [[{ type: 'text', text: 'Other agent here.' }]], chunkDelayMs: 1 } },
});

const user = (id: string, text: string): AgentUIMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
const assistant = (id: string, text: string): AgentUIMessage => ({ id, role: 'assistant', parts: [{ type: 'text', text, state: 'done' }] });

describe('useAgentChat', () => {
  it('sends to {api}/{agentId} and streams the reply into messages', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'assistant', fetch }));
    await act(async () => {
      const sent = await result.current.sendMessage({ text: 'ping' });
      expect(sent.sent).toBe(true);
    });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(result.current.messages[1]!)).toContain('You said: **ping**');
  });

  it('surfaces a mid-stream failure as error with a safe message, keeping the partial reply', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'failing', fetch }));
    await act(() => result.current.sendMessage({ text: 'hi' }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toBe('The agent failed to answer. Try again.');
    expect(textOf(result.current.messages.at(-1)!)).toContain('Let me look that up');
    act(() => result.current.clearError());
    expect(result.current.status).toBe('ready');
    expect(result.current.error).toBeUndefined();
  });
});

describe('transport', () => {
  it('takes api as a full URL and a transport of the app’s own', async () => {
    const { fetch, urls } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } } });
    const full = renderHook(() => useAgentChat({ agentId: 'a', api: 'https://agents.example.test/api/agent/', fetch }));
    await act(() => full.result.current.sendMessage({ text: 'one' }).then((r) => (r.sent ? r.done : undefined)));
    expect(urls.at(-1)).toBe('https://agents.example.test/api/agent/a');

    const sent: unknown[] = [];
    const transport = new DefaultChatTransport<AgentUIMessage>({
      api: '/api/agent/a',
      fetch: (input, init) => {
        sent.push(input);
        return fetch(input, init);
      },
    });
    const own = renderHook(() => useAgentChat({ agentId: 'ignored', transport }));
    await act(() => own.result.current.sendMessage({ text: 'two' }).then((r) => (r.sent ? r.done : undefined)));
    expect(sent).toEqual(['/api/agent/a']);
    expect(textOf(own.result.current.messages.at(-1))).toBe('ok');
  });

  it('reads agentId, sharedState, urlQuery, pageId and headers at send time without a new transport', async () => {
    const { fetch, requests, urls, headers } = testServer({
      a: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } },
      b: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } },
    });
    let props: UseAgentChatOptions = { agentId: 'a', api: '/custom/', fetch, conversationId: 'c1', history: 'client', sharedState: { name: 'Ada' }, urlQuery: { tab: 'x' }, pageId: 'p1', headers: { 'x-one': '1' } };
    const { result, rerender } = renderHook((p: UseAgentChatOptions) => useAgentChat(p), { initialProps: props });
    const transport = (result.current.chat as unknown as { transport: unknown }).transport;
    await act(() => result.current.sendMessage({ text: 'one' }).then((r) => (r.sent ? r.done : undefined)));
    props = { ...props, agentId: 'b', sharedState: { name: 'Grace', age: 36 }, urlQuery: { tab: ['y', 'z'] }, pageId: 'p2', headers: () => ({ 'x-two': '2' }) };
    rerender(props);
    expect((result.current.chat as unknown as { transport: unknown }).transport).toBe(transport);
    await act(() => result.current.sendMessage({ text: 'two' }).then((r) => (r.sent ? r.done : undefined)));
    expect(urls).toEqual(['/custom/a', '/custom/b']);
    expect(requests[0]).toMatchObject({ conversationId: 'c1', sharedState: { name: 'Ada' }, urlQuery: { tab: 'x' }, pageId: 'p1', trigger: 'submit-message' });
    expect(requests[1]).toMatchObject({ sharedState: { name: 'Grace', age: 36 }, urlQuery: { tab: ['y', 'z'] }, pageId: 'p2' });
    expect(headers[0]!.get('x-one')).toBe('1');
    expect(headers[1]!.get('x-two')).toBe('2');
    expect(headers[1]!.get('x-one')).toBeNull();
  });

  it('sends sharedState only when it is a non-empty object', async () => {
    const { fetch, requests } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } } });
    const { result, rerender } = renderHook((p: UseAgentChatOptions) => useAgentChat(p), { initialProps: { agentId: 'a', fetch, sharedState: {} } });
    await act(() => result.current.sendMessage({ text: 'one' }).then((r) => (r.sent ? r.done : undefined)));
    rerender({ agentId: 'a', fetch, sharedState: [1, 2] as unknown as Record<string, unknown> });
    await act(() => result.current.sendMessage({ text: 'two' }).then((r) => (r.sent ? r.done : undefined)));
    rerender({ agentId: 'a', fetch, sharedState: { k: 1 } });
    await act(() => result.current.sendMessage({ text: 'three' }).then((r) => (r.sent ? r.done : undefined)));
    expect(requests.map((r) => 'sharedState' in r)).toEqual([false, false, true]);
  });
});

describe('conversation switching', () => {
  it('stops the reply in flight and swaps the transcript to the new history, or to empty', async () => {
    const history = [user('h1', 'old question'), assistant('h2', 'old answer')];
    const { result, rerender } = renderHook((p: UseAgentChatOptions) => useAgentChat(p), {
      initialProps: { agentId: 'assistant', fetch: slow.fetch, conversationId: 'one' } as UseAgentChatOptions,
    });
    const first = result.current;
    await act(() => first.sendMessage({ text: 'long one' }));
    await waitFor(() => expect(textOf(first.messages.at(-1)).length).toBeGreaterThan(10));
    rerender({ agentId: 'assistant', fetch: slow.fetch, conversationId: 'two', messages: history });
    expect(result.current.messages).toEqual(history);
    expect(result.current.conversationId).toBe('two');
    await waitFor(() => expect(first.chat.status).toBe('ready'));
    const frozen = textOf(first.chat.messages.at(-1));
    expect(frozen.split(' ').length).toBeLessThan(200); // stopped, not finished
    await new Promise((r) => setTimeout(r, 60));
    expect(textOf(first.chat.messages.at(-1))).toBe(frozen);
    rerender({ agentId: 'assistant', fetch: slow.fetch, conversationId: 'three' });
    expect(result.current.messages).toEqual([]);
  });

  it('keeps the transcript when only the agent changes, and adopts history that arrives later', async () => {
    const { result, rerender } = renderHook((p: UseAgentChatOptions) => useAgentChat(p), {
      initialProps: { agentId: 'assistant', fetch: slow.fetch, conversationId: 'x' } as UseAgentChatOptions,
    });
    const later = [user('u1', 'loaded later'), assistant('a1', 'fine')];
    rerender({ agentId: 'assistant', fetch: slow.fetch, conversationId: 'x', messages: later });
    expect(result.current.messages).toEqual(later);
    rerender({ agentId: 'other', fetch: slow.fetch, conversationId: 'x', messages: later });
    await act(() => result.current.sendMessage({ text: 'next' }).then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.messages.map((m) => m.id).slice(0, 2)).toEqual(['u1', 'a1']);
    expect(textOf(result.current.messages.at(-1))).toBe('Other agent here.');
    // History passed after the conversation was used does not overwrite it.
    rerender({ agentId: 'other', fetch: slow.fetch, conversationId: 'x', messages: [user('zz', 'stale')] });
    expect(result.current.messages).toHaveLength(4);
  });

  it('cleans loaded history: drops tool calls without a result and messages left without content', () => {
    const messages = [
      user('u1', 'weather?'),
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'step-start' },
          { type: 'tool-getWeather', toolCallId: 't1', state: 'input-available', input: { city: 'Oslo' } },
        ],
      },
      {
        id: 'a2',
        role: 'assistant',
        parts: [
          { type: 'tool-getWeather', toolCallId: 't2', state: 'output-available', input: { city: 'Oslo' }, output: { tempC: 3 } },
          { type: 'text', text: 'It is 3°C', state: 'streaming' },
          { type: 'text', text: '' },
        ],
      },
      { id: 'a3', role: 'assistant', parts: [] },
    ] as AgentUIMessage[];
    const { result } = renderHook(() => useAgentChat({ agentId: 'assistant', fetch, messages }));
    expect(result.current.messages.map((m) => m.id)).toEqual(['u1', 'a2']);
    expect(result.current.messages[1]!.parts).toEqual([
      { type: 'tool-getWeather', toolCallId: 't2', state: 'output-available', input: { city: 'Oslo' }, output: { tempC: 3 } },
      { type: 'text', text: 'It is 3°C', state: 'done' },
    ]);
  });
});

describe('onBeforeSend', () => {
  it('cancels on false or throw (the result tells the composer to keep the text) and runs one check at a time', async () => {
    const { fetch, requests } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'ok' }]], chunkDelayMs: 0 } } });
    let calls = 0;
    let release: (ok: boolean) => void = () => {};
    const onBeforeSend = (message: { text: string }) => {
      calls++;
      if (message.text === 'no') return false;
      if (message.text === 'throw') throw new Error('not allowed');
      return new Promise<boolean>((resolve) => (release = resolve));
    };
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch, onBeforeSend }));
    expect(await result.current.sendMessage({ text: 'no' })).toEqual({ sent: false, reason: 'cancelled' });
    const thrown = await result.current.sendMessage({ text: 'throw' });
    expect(thrown).toMatchObject({ sent: false, reason: 'cancelled' });
    expect((thrown as { error: Error }).error.message).toBe('not allowed');

    const pending = result.current.sendMessage({ text: 'yes' });
    const presses = await Promise.all([1, 2, 3].map(() => result.current.sendMessage({ text: 'yes' })));
    expect(presses).toEqual([1, 2, 3].map(() => ({ sent: false, reason: 'check-pending' })));
    expect(calls).toBe(3);
    release(true);
    const outcome = await pending;
    expect(outcome.sent).toBe(true);
    await act(() => (outcome.sent ? outcome.done : Promise.resolve()));
    expect(requests).toHaveLength(1);
    expect(result.current.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['yes']);
    expect(await result.current.sendMessage({ text: '   ' })).toEqual({ sent: false, reason: 'empty' });
  });
});

describe('methods', () => {
  it('edits (truncate + resend), regenerates, deletes and clears', async () => {
    const { fetch, requests } = testServer({
      a: { script: { steps: ({ lastUserText }) => [{ type: 'text', text: `re: ${lastUserText}` }], chunkDelayMs: 0 } },
    });
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch }));
    const send = async (text: string) => {
      await act(() => result.current.sendMessage({ text }).then((r) => (r.sent ? r.done : undefined)));
    };
    await send('one');
    await send('two');
    expect(result.current.messages.map(textOf)).toEqual(['one', 're: one', 'two', 're: two']);
    const firstUser = result.current.messages[0]!.id;
    await act(() => result.current.editMessage(firstUser, 'uno').then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.messages.map(textOf)).toEqual(['uno', 're: uno']);
    expect(result.current.messages[0]!.id).toBe(firstUser);
    expect(requests.at(-1)!.messages).toHaveLength(1);

    const oldReply = result.current.messages[1]!.id;
    await act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages.map(textOf)).toEqual(['uno', 're: uno']);
    expect(result.current.messages[1]!.id).not.toBe(oldReply);
    expect(requests.at(-1)!.trigger).toBe('regenerate-message');

    await act(async () => {
      expect(await result.current.deleteMessage(result.current.messages[1]!.id)).toBe(true);
    });
    expect(result.current.messages.map(textOf)).toEqual(['uno']);
    expect(await result.current.deleteMessage('nope')).toBe(false);
    expect(await result.current.editMessage('nope', 'x')).toEqual({ sent: false, reason: 'not-found' });

    // An edit keeps the message's attachment (here without server history: the message is replaced).
    const photo = { type: 'file' as const, mediaType: 'image/png', filename: 'cat.png', url: 'data:image/png;base64,iVBORw0KGgo=' };
    await act(() => result.current.sendMessage({ text: 'see', files: [photo] }).then((r) => (r.sent ? r.done : undefined)));
    const withPhoto = result.current.messages.at(-2)!.id;
    await act(() => result.current.editMessage(withPhoto, 'see this').then((r) => (r.sent ? r.done : undefined)));
    expect(result.current.messages.at(-2)).toMatchObject({ id: withPhoto, parts: [{ type: 'file', url: photo.url }, { type: 'text', text: 'see this' }] });
    expect(requests.at(-1)!.messages!.at(-1)!.parts).toMatchObject([{ type: 'file', url: photo.url }, { type: 'text', text: 'see this' }]);
    await act(() => result.current.clearMessages());
    expect(result.current.messages).toEqual([]);
  });

  it('refuses a send while a reply streams (queue off), and stop keeps the partial reply', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'assistant', fetch: slow.fetch, queue: false }));
    await act(() => result.current.sendMessage({ text: 'go' }));
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    expect(await result.current.sendMessage({ text: 'again' })).toEqual({ sent: false, reason: 'busy' });
    await act(() => result.current.stop());
    expect(result.current.status).toBe('ready');
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});
