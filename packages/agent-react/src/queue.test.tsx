// useAgentChat's queue (issue 22): sends while a reply streams wait under it and go one turn after
// the other; "Send now" stops the reply; a failed reply pauses the queue; the queue survives a reload.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { testServer, textOf } from './test-utils/test-server.js';
import { sendQueue } from './queue/index.js';
import { useAgentChat } from './use-agent-chat.js';

const LONG = Array.from({ length: 120 }, (_, i) => `w${i}`).join(' ');

/** "reply to <text>" after a long, slow answer to "slow …" messages; a failure for "fail …". */
function queueServer(extra: Parameters<typeof testServer>[2] = {}) {
  return testServer(
    {
      a: {
        script: {
          chunkDelayMs: 4,
          steps: ({ lastUserText }) =>
            lastUserText.startsWith('fail')
              ? [{ type: 'text', text: 'Let me look… ' }, { type: 'error', message: 'Upstream failure (scripted).' }]
              : [{ type: 'text', text: lastUserText.startsWith('slow') ? `${LONG} reply to ${lastUserText}` : `reply to ${lastUserText}` }],
        },
      },
    },
    {},
    extra,
  );
}

const userTexts = (messages: readonly { role: string; parts: readonly { type: string; text?: string }[] }[]) =>
  messages.filter((m) => m.role === 'user').map((m) => textOf(m));
const turnsOf = (urls: string[], requests: { messages?: unknown }[]) => requests.filter((_, i) => urls[i]?.endsWith('/api/agent/a'));

describe('useAgentChat queue', () => {
  it('queues sends while a reply streams and sends them in order, each its own turn; reorder and edit apply', async () => {
    const { fetch, urls, requests } = queueServer();
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch, queue: sendQueue }));
    await act(() => result.current.sendMessage({ text: 'slow one' }));
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    let second: Awaited<ReturnType<typeof result.current.sendMessage>> | undefined;
    await act(async () => {
      second = await result.current.sendMessage({ text: 'two' });
      await result.current.sendMessage({ text: 'three' });
    });
    expect(second).toMatchObject({ sent: true, queued: true });
    expect(result.current.queue.map(textOf)).toEqual(['two', 'three']);
    const [two, three] = result.current.queue.map((m) => m.id);
    await act(async () => {
      expect(await result.current.moveQueued(three!, -1)).toBe(true);
      expect(await result.current.moveQueued(three!, -1)).toBe(false);
      expect(await result.current.editQueued(two!, 'two, edited')).toBe(true);
      expect(await result.current.editQueued('nope', 'x')).toBe(false);
    });
    expect(result.current.queue.map(textOf)).toEqual(['three', 'two, edited']);
    await waitFor(() => expect(result.current.queue).toEqual([]), { timeout: 10_000 });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await waitFor(() => expect(result.current.messages.map(textOf).at(-1)).toBe('reply to two, edited'));
    expect(userTexts(result.current.messages)).toEqual(['slow one', 'three', 'two, edited']);
    expect(result.current.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(textOf(result.current.messages[1]!)).toContain('reply to slow one');
    expect(turnsOf(urls, requests)).toHaveLength(3);
  });

  it('removes a queued message; "Send now" stops the reply and sends that message, then the rest', async () => {
    const { fetch } = queueServer();
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch, queue: sendQueue }));
    await act(() => result.current.sendMessage({ text: 'slow first' }));
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    await act(async () => {
      await result.current.sendMessage({ text: 'a' });
      await result.current.sendMessage({ text: 'b' });
      await result.current.sendMessage({ text: 'c' });
    });
    const [a, b, c] = result.current.queue.map((m) => m.id);
    await act(async () => {
      expect(await result.current.removeQueued(a!)).toBe(true);
      expect(await result.current.removeQueued(a!)).toBe(false);
    });
    await act(async () => {
      expect(await result.current.sendNow(c!)).toBe(true);
    });
    await waitFor(() => expect(result.current.queue).toEqual([]), { timeout: 10_000 });
    await waitFor(() => expect(result.current.messages.map(textOf).at(-1)).toBe('reply to b'));
    expect(userTexts(result.current.messages)).toEqual(['slow first', 'c', 'b']);
    // The first reply was cut short by "Send now".
    expect(textOf(result.current.messages[1]!)).not.toContain('reply to slow first');
    expect(b).toBeDefined();
  });

  it('pauses the queue when a reply fails (nothing is fired into the error), and "Send now" resumes it', async () => {
    const { fetch, urls, requests } = queueServer();
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch, queue: sendQueue }));
    await act(() => result.current.sendMessage({ text: 'fail now' }));
    await act(() => result.current.sendMessage({ text: 'next' }));
    expect(result.current.queue.map(textOf)).toEqual(['next']);
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.queuePaused).toBe(true);
    expect(result.current.queuePausedReason).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.queue.map(textOf)).toEqual(['next']);
    expect(turnsOf(urls, requests)).toHaveLength(1);
    await act(async () => {
      expect(await result.current.sendNow(result.current.queue[0]!.id)).toBe(true);
    });
    await waitFor(() => expect(result.current.messages.map(textOf).at(-1)).toBe('reply to next'));
    expect(result.current.queuePaused).toBe(false);
    expect(result.current.queuePausedReason).toBeUndefined();
    expect(turnsOf(urls, requests)).toHaveLength(2);
  });

  it('with a store, keeps the queue on the server: a reload shows it (paused), and sending it empties it there', async () => {
    const store = memoryStore();
    const { fetch } = queueServer({ store });
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'q1', queue: sendQueue }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'slow start' }));
    await waitFor(() => expect(first.result.current.status).toBe('streaming'));
    await act(() => first.result.current.sendMessage({ text: 'later' }));
    await waitFor(async () => expect((await store.loadQueue('anonymous', 'q1'))?.map((m) => textOf(m))).toEqual(['later']));
    await act(() => first.result.current.stop());
    expect(first.result.current.queuePaused).toBe(true);
    expect(first.result.current.queuePausedReason).toBe('stopped');
    first.unmount();

    const reloaded = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'q1', queue: sendQueue }));
    await waitFor(() => expect(reloaded.result.current.queue.map(textOf)).toEqual(['later']));
    expect(reloaded.result.current.queuePaused).toBe(true);
    // A reload does not know how the reply before it ended: it never claims a failure or a stop.
    expect(reloaded.result.current.queuePausedReason).toBe('restored');
    expect(userTexts(reloaded.result.current.messages)).toEqual(['slow start']);
    await act(async () => {
      expect(await reloaded.result.current.sendNow(reloaded.result.current.queue[0]!.id)).toBe(true);
    });
    await waitFor(() => expect(reloaded.result.current.messages.map(textOf).at(-1)).toBe('reply to later'));
    await waitFor(async () => expect(await store.loadQueue('anonymous', 'q1')).toEqual([]));
    expect(userTexts((await store.loadThread('anonymous', 'q1'))!)).toEqual(['slow start', 'later']);
  });

  it('with a store, keeps a queue made while the first message of a new conversation is on its way (no 404 loses it)', async () => {
    const store = memoryStore();
    const server = queueServer({ store });
    // The first turn waits at the door until the test lets it in: the conversation does not exist yet.
    let letIn = () => {};
    const door = new Promise<void>((resolve) => (letIn = resolve));
    const statuses: number[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/agent/a') && statuses.length === 0) await door;
      const response = await server.fetch(input, init);
      if (url.endsWith('/queue')) statuses.push(response.status);
      return response;
    };
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'q-new', queue: sendQueue }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'slow start' }));
    expect(first.result.current.status).toBe('submitted');
    await act(async () => {
      await first.result.current.sendMessage({ text: 'later' });
      await first.result.current.sendMessage({ text: 'and then' });
    });
    expect(first.result.current.queue.map(textOf)).toEqual(['later', 'and then']);
    await waitFor(() => expect(statuses).toContain(404));
    expect(await store.getConversation('anonymous', 'q-new')).toBeNull();
    letIn();
    // Saved as soon as the turn began, while the reply still streams.
    await waitFor(async () => expect((await store.loadQueue('anonymous', 'q-new'))?.map((m) => textOf(m))).toEqual(['later', 'and then']));
    expect(first.result.current.status).toBe('streaming');
    await act(() => first.result.current.stop());
    first.unmount();

    const reloaded = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'q-new', queue: sendQueue }));
    await waitFor(() => expect(reloaded.result.current.queue.map(textOf)).toEqual(['later', 'and then']));
    expect(userTexts(reloaded.result.current.messages)).toEqual(['slow start']);
  });

  it('without a store, keeps the queue in this tab (sessionStorage) across a remount', async () => {
    sessionStorage.clear();
    const { fetch } = queueServer();
    const first = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'local-1', queue: sendQueue }));
    await waitFor(() => expect(first.result.current.historyStatus).toBe('ready'));
    await act(() => first.result.current.sendMessage({ text: 'slow start' }));
    await waitFor(() => expect(first.result.current.status).toBe('streaming'));
    await act(() => first.result.current.sendMessage({ text: 'kept' }));
    await act(() => first.result.current.stop());
    expect(JSON.parse(sessionStorage.getItem('x-agent:queue:local-1') ?? '[]').map(textOf)).toEqual(['kept']);
    first.unmount();
    const again = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'local-1', queue: sendQueue }));
    await waitFor(() => expect(again.result.current.queue.map(textOf)).toEqual(['kept']));
    expect(again.result.current.queuePaused).toBe(true);
  });

  it('without the queue, a mount reads no kept queue (no sessionStorage access, nothing restored)', async () => {
    sessionStorage.clear();
    sessionStorage.setItem('x-agent:queue:off-1', JSON.stringify([{ id: 'q1', role: 'user', parts: [{ type: 'text', text: 'stale' }] }]));
    const reads: string[] = [];
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      reads.push(key);
      return getItem.call(this, key);
    };
    try {
      const { fetch } = queueServer();
      const off = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'off-1', history: 'client', messages: [], queue: false }));
      await waitFor(() => expect(off.result.current.historyStatus).toBe('ready'));
      expect(reads).toEqual([]);
      expect(off.result.current.queue).toEqual([]);
      off.unmount();
      // The same with the queue restores it: the read above was skipped, not missing.
      const on = renderHook(() => useAgentChat({ agentId: 'a', fetch, conversationId: 'off-1', history: 'client', messages: [], queue: sendQueue }));
      await waitFor(() => expect(on.result.current.queue.map(textOf)).toEqual(['stale']));
      expect(reads).toContain('x-agent:queue:off-1');
    } finally {
      Storage.prototype.getItem = getItem;
      sessionStorage.clear();
    }
  });

  it.each([
    ['not given (the default)', {}],
    ['false', { queue: false as const }],
  ])('with the queue %s, refuses a send while a reply streams and its edits change nothing', async (_, options) => {
    const { fetch } = queueServer();
    const { result } = renderHook(() => useAgentChat({ agentId: 'a', fetch, ...options }));
    await act(() => result.current.sendMessage({ text: 'slow go' }));
    await waitFor(() => expect(result.current.status).toBe('streaming'));
    expect(await result.current.sendMessage({ text: 'again' })).toEqual({ sent: false, reason: 'busy' });
    expect(result.current.queue).toEqual([]);
    expect([await result.current.sendNow('x'), await result.current.editQueued('x', 'y'), await result.current.removeQueued('x'), await result.current.moveQueued('x', 1)]).toEqual([false, false, false, false]);
    await act(() => result.current.stop());
    expect(result.current.queuePaused).toBe(false);
  });

  it('refuses `queue: true` (the option\'s old form) with an error naming `sendQueue`', () => {
    const { fetch } = queueServer();
    // `as never`: the old form is no longer in the option's type; plain JavaScript can still pass it.
    expect(() => renderHook(() => useAgentChat({ agentId: 'a', fetch, queue: true as never }))).toThrow(/sendQueue.*@x\/agent-react\/queue/u);
  });
});
