import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';
import { useAgentEvents } from './use-agent-events.js';

const { fetch, requests } = testServer({ a: { script: { steps: [[{ type: 'text', text: 'Hello from strict mode.' }]], chunkDelayMs: 1 } } });

describe('React StrictMode', () => {
  it('streams, fires events once and sends once despite double-invoked effects', async () => {
    const users: string[] = [];
    const completes: string[] = [];
    const { result } = renderHook(
      () => {
        const chat = useAgentChat({ agentId: 'a', fetch });
        useAgentEvents(chat, { onUserMessage: (e) => users.push(e.message.id), onMessageComplete: (e) => completes.push(e.message.id) });
        return chat;
      },
      { wrapper: StrictMode },
    );
    await act(() => result.current.sendMessage({ text: 'hi' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(textOf(result.current.messages.at(-1))).toBe('Hello from strict mode.');
    expect(users).toHaveLength(1);
    expect(completes).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it('loads the server history of a conversation once and then sends only what is new', async () => {
    const server = testServer({ a: { script: { steps: [[{ type: 'text', text: 'stored' }]], chunkDelayMs: 0 } } }, {}, { store: memoryStore() });
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch: server.fetch, conversationId: 'strict' }), { wrapper: StrictMode });
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'one' }).then((r) => (r.sent ? r.done : undefined)));
    first.unmount();
    const loads = () => server.urls.filter((url) => url.endsWith('/conversations/strict')).length;
    const before = loads();
    const second = renderHook(() => useAgentChat({ agentId: 'a', fetch: server.fetch, conversationId: 'strict' }), { wrapper: StrictMode });
    await waitFor(() => expect(second.result.current.historyStatus).toBe('ready'));
    expect(loads() - before).toBe(1);
    expect(second.result.current.messages.map((m) => textOf(m))).toEqual(['one', 'stored']);
    await act(() => second.result.current.sendMessage({ text: 'two' }).then((r) => (r.sent ? r.done : undefined)));
    expect(server.requests.at(-1)!.messages).toHaveLength(1);
  });
});
