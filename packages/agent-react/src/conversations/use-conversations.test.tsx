import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

/** A conversation of the anonymous user whose reply asks to approve a tool call (written as a turn does). */
async function seedAwaiting(store: ReturnType<typeof memoryStore>, id: string) {
  const base = { userId: 'anonymous', conversationId: id, agentId: 'assistant' };
  await store.beginTurn({ ...base, expectedVersion: null, messages: [{ id: `${id}-u`, role: 'user', parts: [{ type: 'text', text: 'Delete record 7' }] }], run: { id: `${id}-r1` }, now: new Date() });
  const call = { type: 'tool-deleteRecord' as const, toolCallId: `${id}-call`, input: { id: 7 }, approval: { id: `${id}-approval` } };
  await store.finishTurn({ ...base, runId: `${id}-r1`, reply: { id: `${id}-a`, role: 'assistant', parts: [{ ...call, state: 'approval-requested' }] }, status: 'completed', steps: 1, now: new Date() });
  return async () => {
    const version = (await store.getConversation('anonymous', id))!.version;
    const answered = { ...call, state: 'output-available' as const, approval: { ...call.approval, approved: true as const }, output: { deleted: 7 } };
    await store.beginTurn({ ...base, expectedVersion: version, messages: [], run: { id: `${id}-r2` }, now: new Date() });
    await store.finishTurn({ ...base, runId: `${id}-r2`, reply: { id: `${id}-a`, role: 'assistant', parts: [answered] }, status: 'completed', steps: 1, now: new Date() });
  };
}

describe('useConversations', () => {
  it('takes awaitingApproval from the server: after a reload and in another tab, until the approval is answered', async () => {
    const store = memoryStore();
    const { fetch } = testServer({ assistant: { script: { steps: [] } } }, {}, { store });
    const answer = await seedAwaiting(store, 'waiting');
    const tabA = renderHook(() => useConversations({ fetch }));
    const tabB = renderHook(() => useConversations({ fetch }));
    for (const tab of [tabA, tabB]) await waitFor(() => expect(tab.result.current.awaitingApproval).toEqual(['waiting']));
    tabA.unmount();
    const reloaded = renderHook(() => useConversations({ fetch }));
    await waitFor(() => expect(reloaded.result.current.awaitingApproval).toEqual(['waiting']));

    // Answered elsewhere; this tab is shown again: it re-reads the list.
    await answer();
    expect(tabB.result.current.awaitingApproval).toEqual(['waiting']);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockRestore();
    await waitFor(() => expect(tabB.result.current.awaitingApproval).toEqual([]));
    expect(tabB.result.current.items[0]).toMatchObject({ id: 'waiting', awaitingApproval: false });
  });

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
