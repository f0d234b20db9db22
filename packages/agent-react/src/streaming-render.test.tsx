import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { memo } from 'react';
import { isToolUIPart } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { UseAgentChatResult, AgentChatSnapshot } from '@x/agent-core';
import { useAgentMessage, useAgentMessageIds, useAgentStatus } from './selectors.js';
import { testServer, textOf } from './test-utils/test-server.js';
import { useAgentChat } from './use-agent-chat.js';

const WORDS = Array.from({ length: 120 }, (_, i) => `w${i}`).join(' ');
const { fetch } = testServer({
  talker: { script: { steps: [[{ type: 'text', text: WORDS }]], chunkDelayMs: 1 } },
});

/** Tracks animation frames: how many fired, and which are still scheduled. */
function trackFrames() {
  const original = { raf: window.requestAnimationFrame, caf: window.cancelAnimationFrame };
  const pending = new Set<number>();
  const state = { fired: 0, pending };
  window.requestAnimationFrame = (cb) => {
    const id = original.raf.call(window, (t) => {
      pending.delete(id);
      state.fired++;
      cb(t);
    });
    pending.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
    original.caf.call(window, id);
  };
  return { state, restore: () => Object.assign(window, { requestAnimationFrame: original.raf, cancelAnimationFrame: original.caf }) };
}

describe('throttled streaming', () => {
  let frames: ReturnType<typeof trackFrames>;
  beforeEach(() => {
    frames = trackFrames();
  });
  afterEach(() => frames.restore());

  it('commits at most one transcript update per animation frame and loses no token', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'talker', fetch });
      void chat.messages; // subscribe to the transcript
      renders++;
      return chat;
    });
    await act(async () => {
      await result.current.sendMessage({ text: 'go' });
    });
    const rendersBefore = renders;
    const framesBefore = frames.state.fired;
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 10_000 });
    const streamed = renders - rendersBefore;
    const framesDuring = frames.state.fired - framesBefore;
    // 120 word chunks; one render per frame plus the few status changes (streaming, ready).
    expect(streamed).toBeLessThanOrEqual(framesDuring + 4);
    expect(textOf(result.current.messages.at(-1))).toBe(WORDS);
  });

  it('without throttling renders once per chunk (the baseline the default beats)', async () => {
    let renders = 0;
    const { result } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'talker', fetch, throttle: false });
      void chat.messages;
      renders++;
      return chat;
    });
    await act(async () => {
      await result.current.sendMessage({ text: 'go' });
    });
    const before = renders;
    await waitFor(() => expect(result.current.status).toBe('ready'), { timeout: 10_000 });
    expect(renders - before).toBeGreaterThan(100);
  });

  it('leaves no frame or timer scheduled after unmount mid-stream', async () => {
    const { result, unmount } = renderHook(() => {
      const chat = useAgentChat({ agentId: 'talker', fetch });
      void chat.messages;
      return chat;
    });
    await act(async () => {
      await result.current.sendMessage({ text: 'go' });
    });
    await waitFor(() => expect(textOf(result.current.messages.at(-1)).length).toBeGreaterThan(20));
    const store = result.current.store;
    unmount();
    expect(frames.state.pending.size).toBe(0);
    const published = store.publishCount;
    await new Promise((r) => setTimeout(r, 80));
    expect(store.publishCount).toBe(published);
    expect(frames.state.pending.size).toBe(0);
    expect(result.current.chat.status).not.toBe('streaming');
  });
});

describe('re-render isolation primitives', () => {
  it('re-renders only the streaming row; the owner, earlier rows and the composer stay put', async () => {
    const counts = { owner: 0, list: 0, composer: 0, rows: new Map<string, number>() };
    const Row = memo(function Row({ chat, id }: { chat: UseAgentChatResult; id: string }) {
      const message = useAgentMessage(chat, id);
      counts.rows.set(id, (counts.rows.get(id) ?? 0) + 1);
      return <li data-testid={`row-${message?.role}`}>{textOf(message)}</li>;
    });
    const List = memo(function List({ chat }: { chat: UseAgentChatResult }) {
      const ids = useAgentMessageIds(chat);
      counts.list++;
      return <ul>{ids.map((id) => <Row key={id} chat={chat} id={id} />)}</ul>;
    });
    const Composer = memo(function Composer({ chat }: { chat: UseAgentChatResult }) {
      const status = useAgentStatus(chat);
      counts.composer++;
      return <button type="button" onClick={() => void chat.sendMessage({ text: 'go' })}>send ({status})</button>;
    });
    const handle = { current: undefined as UseAgentChatResult | undefined };
    function Owner() {
      const chat = useAgentChat({ agentId: 'talker', fetch });
      handle.current = chat;
      counts.owner++;
      return (
        <>
          <List chat={chat} />
          <Composer chat={chat} />
        </>
      );
    }
    render(<Owner />);
    await act(async () => {
      await handle.current!.sendMessage({ text: 'first' });
    });
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('send (ready)'), { timeout: 10_000 });
    const firstIds = handle.current!.store.getSnapshot().messages.map((m) => m.id);
    const before = { owner: counts.owner, list: counts.list, composer: counts.composer, rows: new Map(counts.rows) };

    await act(async () => {
      await handle.current!.sendMessage({ text: 'second' });
    });
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('send (ready)'), { timeout: 10_000 });

    expect(counts.owner).toBe(before.owner); // never reads messages/status: no re-render at all
    for (const id of firstIds) expect(counts.rows.get(id)).toBe(before.rows.get(id)); // earlier rows untouched
    expect(counts.list - before.list).toBeLessThanOrEqual(2); // the two new ids (user, assistant)
    expect(counts.composer - before.composer).toBeLessThanOrEqual(3); // submitted, streaming, ready
    const streamingId = handle.current!.store.getSnapshot().messages.at(-1)!.id;
    expect(counts.rows.get(streamingId)).toBeGreaterThan(1);
    expect(screen.getAllByTestId('row-assistant').at(-1)!.textContent).toBe(WORDS);
  });
});

describe('AgentChatStore.subscribeMessage', () => {
  it('calls only the listeners of the message that changed while a reply streams', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'talker', fetch }));
    const send = async (text: string) => {
      await act(() => result.current.sendMessage({ text }).then((r) => (r.sent ? r.done : undefined)));
    };
    await send('one');
    await send('two');
    const store = result.current.store;
    const earlier = store.getSnapshot().messages.map((m) => m.id);
    const calls = new Map<string, number>();
    const unsubscribes = earlier.map((id) => store.subscribeMessage(id, () => calls.set(id, (calls.get(id) ?? 0) + 1)));
    let newIds: string[] = [];
    const stopWatching = store.subscribe(() => {
      for (const m of store.getSnapshot().messages) {
        if (!earlier.includes(m.id) && !newIds.includes(m.id)) {
          newIds = [...newIds, m.id];
          unsubscribes.push(store.subscribeMessage(m.id, () => calls.set(m.id, (calls.get(m.id) ?? 0) + 1)));
        }
      }
    });
    await send('three');
    expect(earlier.map((id) => calls.get(id) ?? 0)).toEqual(earlier.map(() => 0));
    const assistantId = store.getSnapshot().messages.at(-1)!.id;
    expect(calls.get(assistantId)).toBeGreaterThan(1);
    expect(store.getMessage(assistantId)).toBe(store.getSnapshot().messages.at(-1));
    expect(store.getMessage('missing')).toBeUndefined();
    stopWatching();
    unsubscribes.forEach((u) => u());
  });
});

describe('structural sharing of snapshots', () => {
  const { fetch: agentFetch } = testServer(
    {
      agent: {
        script: {
          steps: ({ stepInTurn }) =>
            stepInTurn === 0
              ? Array.from({ length: 20 }, (_, i) => ({ type: 'tool-call' as const, toolName: 'lookup', input: { i } }))
              : { actions: [{ type: 'text', text: WORDS }], chunkDelayMs: 2 },
          chunkDelayMs: 0,
        },
        tools: ['lookup'],
      },
    },
    { lookup: { description: 'Looks up', inputSchema: z.object({ i: z.number() }), execute: async ({ i }: { i: number }) => ({ i, payload: 'x'.repeat(5_000) }) } },
  );

  it('keeps the 20 settled tool parts === while text streams after them; changed parts get new objects', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'agent', fetch: agentFetch }));
    const store = result.current.store;
    const snapshots: AgentChatSnapshot[] = [];
    const unsubscribe = store.subscribe(() => snapshots.push(store.getSnapshot()));
    await act(() => result.current.sendMessage({ text: 'go' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    unsubscribe();

    const replies = snapshots.map((s) => s.messages.at(-1)!).filter((m) => m.role === 'assistant');
    const streamingText = replies.filter((m) => m.parts.some((p) => p.type === 'text'));
    let tokens = 0;
    for (let k = 1; k < streamingText.length; k++) {
      const [before, after] = [streamingText[k - 1]!, streamingText[k]!];
      const [toolsBefore, toolsAfter] = [before.parts.filter(isToolUIPart), after.parts.filter(isToolUIPart)];
      expect(toolsAfter).toHaveLength(20);
      toolsAfter.forEach((part, i) => expect(part).toBe(toolsBefore[i]));
      if (textOf(after) !== textOf(before)) tokens++;
    }
    expect(tokens).toBeGreaterThan(10);
    expect(textOf(replies.at(-1))).toBe(WORDS);

    // a part object never changes content, and one that reached output-available is a new object
    const seen = new Map<object, string>();
    for (const part of replies.flatMap((m) => m.parts.filter(isToolUIPart))) {
      const json = JSON.stringify(part);
      expect(seen.get(part) ?? json).toBe(json);
      seen.set(part, json);
    }
    const states = new Map<object, string>([...seen].map(([part, json]) => [part, (JSON.parse(json) as { state: string }).state]));
    expect([...states.values()].filter((s) => s === 'output-available')).toHaveLength(20);
    expect([...states.values()].filter((s) => s !== 'output-available').length).toBeGreaterThan(0);
  });

  it('publishes nothing, and keeps every message object, when the transcript is replaced by equal copies', async () => {
    const { result } = renderHook(() => useAgentChat({ agentId: 'talker', fetch }));
    await act(() => result.current.sendMessage({ text: 'go' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const store = result.current.store;
    const before = store.getSnapshot();
    const publishes = store.publishCount;
    act(() => result.current.setMessages((messages) => messages.map((m) => ({ ...m, parts: m.parts.map((p) => ({ ...p })) }))));
    expect(store.getSnapshot()).toBe(before);
    expect(store.publishCount).toBe(publishes);
    // a real change still publishes, sharing what did not change
    act(() => result.current.setMessages((messages) => [...messages.map((m) => ({ ...m })), { id: 'extra', role: 'user', parts: [{ type: 'text', text: 'more' }] }]));
    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.messages.slice(0, -1)).toEqual(before.messages);
    after.messages.slice(0, -1).forEach((m, i) => expect(m).toBe(before.messages[i]));
  });
});
