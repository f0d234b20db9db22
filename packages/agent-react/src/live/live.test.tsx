// Live on every tab (issue 34): two hook instances of one user on one real server are two tabs.
import { act, renderHook, waitFor } from '@testing-library/react';
import { memoryStore } from '@x/agent-server/store';
import { describe, expect, it } from 'vitest';
import { useConversations } from '../conversations/use-conversations.js';
import { resumeRuns } from '@x/agent-core/resume';
import { deleteRecordAgent, deleteRecordTool, testServer, textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { useToolApproval } from '../use-tool-approval.js';
import type { UseAgentChatOptions } from '@x/agent-core';
import { liveEvents } from '@x/agent-core/live';
import { sendQueue } from '@x/agent-core/queue';

const WORDS = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
const slow = { script: { steps: [[{ type: 'text' as const, text: WORDS }]], chunkDelayMs: 15 } };
const quick = { script: { steps: [[{ type: 'text' as const, text: 'Noted.' }]], chunkDelayMs: 0 } };

/** The real server with a store; the user is the `x-user` header (ann when absent). */
function setup(agents: Parameters<typeof testServer>[0], tools: Parameters<typeof testServer>[1] = {}) {
  const server = testServer(agents, tools, { store: memoryStore(), authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'ann' }) });
  // The event streams the server answered: it listens for the user from then on.
  let opened = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await server.fetch(input, init);
    if (String(input).endsWith('/events') && response.ok) opened++;
    return response;
  };
  /** Resolves once `count` event streams are open (the tabs follow from then on). */
  const following = (count = 1) => waitFor(() => expect(opened).toBeGreaterThanOrEqual(count), { timeout: 5000 });
  return { ...server, fetch, following };
}

/** The real server whose agent asks to delete record 7 (an approval), then says "done". */
const setupApproval = (deleted: number[]) => setup({ a: deleteRecordAgent }, { deleteRecord: deleteRecordTool(deleted) });

/** One tab's chat of `user` (the chat's options of a live page: resumable runs and live events). */
function tab(fetch: typeof globalThis.fetch, user: string, conversationId: string, extra: Partial<UseAgentChatOptions> = {}) {
  return renderHook(() => {
    const chat = useAgentChat({ agentId: 'a', fetch, conversationId, headers: { 'x-user': user }, resume: resumeRuns, live: liveEvents, queue: sendQueue, ...extra });
    return { chat, approval: useToolApproval(chat) };
  });
}

const roles = (messages: readonly { role: string }[]) => messages.map((m) => m.role);
const userTexts = (messages: readonly { role: string; parts: readonly { type: string; text?: string }[] }[]) => messages.filter((m) => m.role === 'user').map(textOf);

describe('live on every tab', () => {
  it('a turn started in one tab streams in the other, and Stop there stops it', async () => {
    const { fetch, following } = setup({ a: slow });
    const one = tab(fetch, 'ann', 'c-live');
    const two = tab(fetch, 'ann', 'c-live');
    await waitFor(() => expect(two.result.current.chat.historyStatus).toBe('ready'));
    await waitFor(() => expect(one.result.current.chat.historyStatus).toBe('ready'));
    await following();
    await act(async () => void (await one.result.current.chat.sendMessage({ text: 'go' })));
    // The other tab shows the new user message, then the reply growing.
    await waitFor(() => expect(two.result.current.chat.status).toBe('streaming'), { timeout: 5000 });
    await waitFor(() => expect(textOf(two.result.current.chat.messages.at(-1)).split(' ').length).toBeGreaterThan(5), { timeout: 5000 });
    expect(userTexts(two.result.current.chat.messages)).toEqual(['go']);
    await act(() => two.result.current.chat.stop());
    await waitFor(() => expect(one.result.current.chat.status).toBe('ready'), { timeout: 5000 });
    await waitFor(() => expect(two.result.current.chat.status).toBe('ready'), { timeout: 5000 });
    const stoppedAt = textOf(one.result.current.chat.messages.at(-1)).split(' ').length;
    expect(stoppedAt).toBeLessThan(80);
    expect(one.result.current.chat.messages.at(-1)?.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(roles(two.result.current.chat.messages)).toEqual(['user', 'assistant']);
    one.unmount();
    two.unmount();
  });

  it('a send while another tab’s turn runs waits in the queue and goes when that turn ends', async () => {
    const { fetch, following } = setup({ a: slow });
    const one = tab(fetch, 'ann', 'c-queue');
    const two = tab(fetch, 'ann', 'c-queue');
    await waitFor(() => expect(two.result.current.chat.historyStatus).toBe('ready'));
    await following();
    await act(async () => void (await one.result.current.chat.sendMessage({ text: 'first' })));
    await waitFor(() => expect(two.result.current.chat.status).toBe('streaming'), { timeout: 5000 });
    let result: Awaited<ReturnType<typeof two.result.current.chat.sendMessage>> | undefined;
    await act(async () => void (result = await two.result.current.chat.sendMessage({ text: 'second' })));
    expect(result).toMatchObject({ sent: true, queued: true });
    expect(two.result.current.chat.queue.map(textOf)).toEqual(['second']);
    await waitFor(() => expect(userTexts(two.result.current.chat.messages)).toEqual(['first', 'second']), { timeout: 10_000 });
    await waitFor(() => expect(two.result.current.chat.status).toBe('ready'), { timeout: 10_000 });
    expect(two.result.current.chat.error).toBeUndefined();
    expect(roles(two.result.current.chat.messages)).toEqual(['user', 'assistant', 'user', 'assistant']);
    one.unmount();
    two.unmount();
  });

  it('a send the server refuses with 409 (a race with another tab) is queued, not an error, and sent after', async () => {
    const { fetch, following } = setup({ a: slow });
    const one = tab(fetch, 'ann', 'c-race');
    // Without resume the second tab cannot attach: its send reaches the server while the turn runs.
    const two = tab(fetch, 'ann', 'c-race', { resume: false });
    await waitFor(() => expect(two.result.current.chat.historyStatus).toBe('ready'));
    await following();
    await act(async () => void (await one.result.current.chat.sendMessage({ text: 'first' })));
    await waitFor(() => expect(textOf(one.result.current.chat.messages.at(-1)).split(' ').length).toBeGreaterThan(3), { timeout: 5000 });
    const errors: unknown[] = [];
    await act(async () => {
      const sent = await two.result.current.chat.sendMessage({ text: 'second' });
      if (sent.sent) await sent.done;
      errors.push(two.result.current.chat.error);
    });
    expect(errors).toEqual([undefined]);
    expect(two.result.current.chat.queue.map(textOf)).toEqual(['second']);
    await waitFor(() => expect(userTexts(two.result.current.chat.messages)).toEqual(['first', 'second']), { timeout: 10_000 });
    await waitFor(() => expect(two.result.current.chat.status).toBe('ready'), { timeout: 10_000 });
    expect(two.result.current.chat.error).toBeUndefined();
    expect(roles(two.result.current.chat.messages)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(textOf(two.result.current.chat.messages[1])).toBe(WORDS);
    one.unmount();
    two.unmount();
  });

  it('a 409 while the events are not through yet: the chat attaches to the running turn and sends the message when it ends', async () => {
    const { fetch, following } = setup({ a: slow });
    // The second tab's event stream opens but brings nothing (a proxy holding it back).
    const silent: typeof globalThis.fetch = async (input, init) =>
      String(input).endsWith('/events') ? new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream', 'x-keep-alive-ms': '0' } }) : fetch(input, init);
    const one = tab(fetch, 'ann', 'c-silent');
    const two = tab(silent, 'ann', 'c-silent');
    await waitFor(() => expect(two.result.current.chat.historyStatus).toBe('ready'));
    await following();
    await act(async () => void (await one.result.current.chat.sendMessage({ text: 'first' })));
    await waitFor(() => expect(textOf(one.result.current.chat.messages.at(-1)).split(' ').length).toBeGreaterThan(3), { timeout: 5000 });
    await act(async () => void (await two.result.current.chat.sendMessage({ text: 'second' })));
    expect(two.result.current.chat.error).toBeUndefined();
    await waitFor(() => expect(two.result.current.chat.status).toBe('streaming'), { timeout: 5000 });
    await waitFor(() => expect(userTexts(two.result.current.chat.messages)).toEqual(['first', 'second']), { timeout: 10_000 });
    await waitFor(() => expect(two.result.current.chat.status).toBe('ready'), { timeout: 10_000 });
    expect(roles(two.result.current.chat.messages)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(textOf(two.result.current.chat.messages[1])).toBe(WORDS);
    one.unmount();
    two.unmount();
  });

  it('an approval answered in one tab closes the card in the other', async () => {
    const deleted: number[] = [];
    const { fetch, following } = setupApproval(deleted);
    const one = tab(fetch, 'ann', 'c-approve');
    const two = tab(fetch, 'ann', 'c-approve');
    // The second tab's list marks the conversation as waiting for an approval, and clears the mark.
    const list = renderHook(() => useConversations({ fetch, headers: { 'x-user': 'ann' }, live: liveEvents }));
    await waitFor(() => expect(two.result.current.chat.historyStatus).toBe('ready'));
    await waitFor(() => expect(list.result.current.status).toBe('ready'));
    await following();
    await act(async () => {
      const sent = await one.result.current.chat.sendMessage({ text: 'delete 7' });
      if (sent.sent) await sent.done;
    });
    await waitFor(() => expect(two.result.current.approval.pending).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(list.result.current.awaitingApproval).toEqual(['c-approve']), { timeout: 5000 });
    await act(() => one.result.current.approval.approve(one.result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(two.result.current.approval.pending).toHaveLength(0), { timeout: 5000 });
    await waitFor(() => expect(textOf(two.result.current.chat.messages.at(-1))).toContain('done'), { timeout: 5000 });
    await waitFor(() => expect(list.result.current.awaitingApproval).toEqual([]), { timeout: 5000 });
    expect(deleted).toEqual([7]);
    one.unmount();
    two.unmount();
    list.unmount();
  });

  it('a chat’s own turns tell it nothing new: an approval asked and answered here reloads nothing, even when the events come late', async () => {
    const deleted: number[] = [];
    const { fetch } = setupApproval(deleted);
    // Every event reaches this tab 150 ms late (a slow proxy): the first turn's end and its
    // approval-waiting come while, or after, the second turn runs.
    let ended = 0;
    let historyLoads = 0;
    const late: typeof globalThis.fetch = async (input, init) => {
      const url = String(input);
      if (/\/conversations\/c-own(\?|$)/.test(url) && (init?.method ?? 'GET') === 'GET') historyLoads++;
      const response = await fetch(input, init);
      if (!url.endsWith('/events') || !response.body) return response;
      const delayed = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          async transform(chunk, controller) {
            await new Promise((resolve) => setTimeout(resolve, 150));
            controller.enqueue(chunk);
            ended += new TextDecoder().decode(chunk).split('"turn-ended"').length - 1;
          },
        }),
      );
      return new Response(delayed, { status: response.status, headers: response.headers });
    };
    const one = tab(late, 'ann', 'c-own');
    await waitFor(() => expect(one.result.current.chat.historyStatus).toBe('ready'));
    expect(historyLoads).toBe(1);
    await act(async () => {
      const sent = await one.result.current.chat.sendMessage({ text: 'delete 7' });
      if (sent.sent) await sent.done;
    });
    await waitFor(() => expect(one.result.current.approval.pending).toHaveLength(1));
    await act(() => one.result.current.approval.approve(one.result.current.approval.pending[0]!.approvalId));
    await waitFor(() => expect(textOf(one.result.current.chat.messages.at(-1))).toContain('done'), { timeout: 5000 });
    await waitFor(() => expect(ended).toBe(2), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(historyLoads).toBe(1);
    expect(deleted).toEqual([7]);
    expect(roles(one.result.current.chat.messages)).toEqual(['user', 'assistant']);
    one.unmount();
  });

  it('the conversation list follows another tab: created, renamed and deleted show; another user sees none of it', async () => {
    const { fetch, following } = setup({ a: quick });
    const list = (user: string) => renderHook(() => useConversations({ fetch, headers: { 'x-user': user }, live: liveEvents, undoTimeout: 10 }));
    const annOne = list('ann');
    const annTwo = list('ann');
    const bob = list('bob');
    await waitFor(() => expect(annTwo.result.current.status).toBe('ready'));
    await waitFor(() => expect(bob.result.current.status).toBe('ready'));
    await following(2);
    const chat = tab(fetch, 'ann', 'c-list');
    await waitFor(() => expect(chat.result.current.chat.historyStatus).toBe('ready'));
    await act(async () => {
      const sent = await chat.result.current.chat.sendMessage({ text: 'Hello' });
      if (sent.sent) await sent.done;
    });
    await waitFor(() => expect(annTwo.result.current.items.map((c) => c.id)).toEqual(['c-list']));
    await act(async () => void (await annOne.result.current.rename('c-list', 'Weekend plans')));
    await waitFor(() => expect(annTwo.result.current.items[0]?.title).toBe('Weekend plans'));
    act(() => void annOne.result.current.remove('c-list'));
    await waitFor(() => expect(annTwo.result.current.items).toEqual([]));
    expect(bob.result.current.items).toEqual([]);
    chat.unmount();
    annOne.unmount();
    annTwo.unmount();
    bob.unmount();
  });

  it('a conversation deleted on another tab or device is gone from this tab’s chat too', async () => {
    const { fetch, following } = setup({ a: quick });
    const chat = tab(fetch, 'ann', 'c-gone');
    const other = renderHook(() => useConversations({ fetch, headers: { 'x-user': 'ann' }, live: liveEvents, undoTimeout: 10 }));
    await waitFor(() => expect(chat.result.current.chat.historyStatus).toBe('ready'));
    await following();
    await act(async () => {
      const sent = await chat.result.current.chat.sendMessage({ text: 'Hello' });
      if (sent.sent) await sent.done;
    });
    expect(roles(chat.result.current.chat.messages)).toEqual(['user', 'assistant']);
    await waitFor(() => expect(other.result.current.items.map((c) => c.id)).toEqual(['c-gone']));
    act(() => void other.result.current.remove('c-gone'));
    await waitFor(() => expect(chat.result.current.chat.messages).toEqual([]), { timeout: 5000 });
    expect(chat.result.current.chat.hasOlder).toBe(false);
    // A send starts the conversation anew.
    await act(async () => {
      const sent = await chat.result.current.chat.sendMessage({ text: 'Again' });
      if (sent.sent) await sent.done;
    });
    expect(userTexts(chat.result.current.chat.messages)).toEqual(['Again']);
    chat.unmount();
    other.unmount();
  });

  it('a second user’s chat on the same conversation id sees none of another user’s turn', async () => {
    const { fetch, following } = setup({ a: slow });
    const ann = tab(fetch, 'ann', 'c-private');
    const bob = tab(fetch, 'bob', 'c-private');
    await waitFor(() => expect(bob.result.current.chat.historyStatus).toBe('ready'));
    await following(2);
    await act(async () => void (await ann.result.current.chat.sendMessage({ text: 'secret' })));
    await waitFor(() => expect(ann.result.current.chat.status).toBe('ready'), { timeout: 10_000 });
    expect(bob.result.current.chat.messages).toEqual([]);
    expect(bob.result.current.chat.status).toBe('ready');
    ann.unmount();
    bob.unmount();
  });

  it('without a store: the page asks once (chat and list share the request) and never again', async () => {
    const server = testServer({ a: quick });
    const events = () => server.urls.filter((url) => url.endsWith('/events')).length;
    const chat = renderHook(() => useAgentChat({ agentId: 'a', fetch: server.fetch, conversationId: 'c-none', resume: resumeRuns, live: liveEvents }));
    const list = renderHook(() => useConversations({ fetch: server.fetch, live: liveEvents }));
    await waitFor(() => expect(chat.result.current.historyStatus).toBe('ready'));
    await waitFor(() => expect(events()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(events()).toBe(1);
    chat.unmount();
    list.unmount();
  });
});
