import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { useAgentEvents } from '../use-agent-events.js';
import { useConversations } from './use-conversations.js';

function server() {
  return testServer(
    {
      assistant: {
        script: { steps: [[{ type: 'text', text: Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ') }]], chunkDelayMs: 2 },
        config: { hooks: { onFinish: ['title'] } },
      },
    },
    {},
    {
      store: memoryStore(),
      hooks: { title: () => ({ dataParts: [{ type: 'data-chat-title', data: { title: 'Trip planning' } }] }) },
    },
  );
}

describe('useConversations', () => {
  it('lists a new conversation on its first message while the reply streams, then takes the generated title', async () => {
    const { fetch } = server();
    const { result } = renderHook(() => {
      const conversations = useConversations({ fetch });
      const chat = useAgentChat({ agentId: 'assistant', fetch, conversationId: conversations.selectedId });
      useAgentEvents(chat, conversations.chatEvents);
      return { conversations, chat, status: chat.status };
    });
    await waitFor(() => expect(result.current.conversations.status).toBe('ready'));
    expect(result.current.conversations.items).toEqual([]);
    const id = result.current.conversations.selectedId;

    let done: Promise<unknown> = Promise.resolve();
    await act(async () => {
      const sent = await result.current.chat.sendMessage({ text: 'Plan a weekend in Lisbon\nwith kids' });
      if (sent.sent) done = sent.done;
    });
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    expect(result.current.conversations.items.map((item) => [item.id, item.title])).toEqual([[id, 'Plan a weekend in Lisbon']]);

    await act(() => done);
    await waitFor(() => expect(result.current.conversations.items[0]?.title).toBe('Trip planning'));
    expect(result.current.conversations.items[0]).toMatchObject({ id, agentId: 'assistant' });
  });

  it('exposes stable actions and selection: create opens a new id, select switches', async () => {
    const { fetch } = server();
    const { result } = renderHook(() => useConversations({ fetch, initialSelectedId: 'from-url' }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.selectedId).toBe('from-url');
    const { create, select } = result.current;
    let created = '';
    act(() => {
      created = create();
    });
    expect(result.current.selectedId).toBe(created);
    expect(created).not.toBe('from-url');
    act(() => select('from-url'));
    expect(result.current.selectedId).toBe('from-url');
    expect(result.current.create).toBe(create);
    expect(result.current.select).toBe(select);
  });

  it('works in StrictMode: one list after the double effects, and a delete waits for its undo window', async () => {
    const { fetch, urls } = server();
    const say = await fetch('/api/agent/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: 'c1', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }] }),
    });
    await say.text();
    const { result, unmount } = renderHook(() => useConversations({ fetch, undoTimeout: 60_000 }), { wrapper: StrictMode });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.items.map((item) => item.id)).toEqual(['c1']);
    act(() => void result.current.remove('c1'));
    expect(result.current.items).toEqual([]);
    expect(result.current.pendingDeletes.map((pending) => pending.id)).toEqual(['c1']);
    expect(urls.filter((url) => url.endsWith('/conversations/c1'))).toEqual([]);
    // Unmounting sends what the user asked for.
    unmount();
    await waitFor(() => expect(urls.filter((url) => url.endsWith('/conversations/c1'))).toHaveLength(1));
  });
});
