import { Profiler, useState } from 'react';
import { flushSync } from 'react-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch, LONG_MARKDOWN } from '@x/mock-server';
import { useAgentChat } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { AgentComposer } from '../composer/composer.js';
import { AgentMessageList } from './agent-message-list.js';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';
import type { DataPartRendererProps } from './message-context.js';

// A long reply streamed character group by character group: many updates.
const server = createMockAgentServer({
  agents: { writer: { chunkDelayMs: 20, steps: [[{ type: 'text', text: LONG_MARKDOWN, chunk: 12 }]] } },
});

function history(count: number): AgentUIMessage[] {
  const out: AgentUIMessage[] = [];
  for (let i = 0; i < count; i++) {
    out.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `Question ${i}` }] });
    out.push({
      id: `a${i}`,
      role: 'assistant',
      parts: [
        { type: 'text', text: `Answer ${i} with **markdown**.` },
        { type: 'data-probe', data: { index: i } },
      ],
    });
  }
  return out;
}

describe('AgentChat rendering cost', () => {
  it('re-renders only the streaming message per update: earlier messages and the chat shell stay put', async () => {
    const renders = new Map<string, number>();
    // A public render counter: a data-part renderer runs exactly when its message renders.
    const Probe = ({ message }: DataPartRendererProps) => {
      renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
      return null;
    };
    let commits = 0;
    const user = userEvent.setup();
    render(
      <Profiler id="chat" onRender={() => (commits += 1)}>
        <AgentChat agentId="writer" messages={history(5)} dataRenderers={{ probe: Probe }} chatOptions={{ fetch: inProcessFetch(server) }} />
      </Profiler>,
    );
    expect([...renders.values()]).toEqual([1, 1, 1, 1, 1]);
    await user.type(screen.getByRole('textbox'), 'Write release notes');
    const before = new Map(renders);
    const commitsBefore = commits;
    await user.keyboard('{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText(/everything above arrived as a stream/, {}, { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'));

    const streamingCommits = commits - commitsBefore;
    // The reply arrived in many updates…
    expect(streamingCommits).toBeGreaterThan(20);
    // …and none of them re-rendered an earlier message: a0–a3 not at all, a4 (the last reply
    // before the send) once, when its Regenerate button went away as the new turn started.
    for (const id of ['a0', 'a1', 'a2', 'a3']) expect(renders.get(id)).toBe(before.get(id));
    expect(renders.get('a4')).toBe(before.get('a4')! + 1);
    console.info(`[render-cost] ${streamingCommits} commits while streaming ${LONG_MARKDOWN.length} chars in ${Math.ceil(LONG_MARKDOWN.length / 12)} chunks; earlier-message renders: ${JSON.stringify(Object.fromEntries(renders))}`);
  });

  it('keeps the composer out of streaming updates in a custom layout built from the exported parts', async () => {
    const commits = { list: 0, composer: 0 };
    function Layout() {
      const chat = useAgentChat({ agentId: 'writer', fetch: inProcessFetch(server) });
      // Reading status (not messages) keeps this layout out of per-token updates.
      const busy = chat.status === 'streaming' || chat.status === 'submitted';
      return (
        <>
          <Profiler id="list" onRender={() => (commits.list += 1)}>
            <AgentMessageList chat={chat} />
          </Profiler>
          <Profiler id="composer" onRender={() => (commits.composer += 1)}>
            <AgentComposer busy={busy} onSend={sendOf(chat)} />
          </Profiler>
        </>
      );
    }
    const senders = new WeakMap<object, (m: { text: string }) => Promise<boolean>>();
    function sendOf(chat: ReturnType<typeof useAgentChat>) {
      let send = senders.get(chat);
      if (!send) {
        send = async (m) => (await chat.sendMessage(m)).sent;
        senders.set(chat, send);
      }
      return send;
    }
    const user = userEvent.setup();
    render(<Layout />);
    await user.type(screen.getByRole('textbox'), 'Write release notes');
    const composerBefore = commits.composer;
    const listBefore = commits.list;
    await user.keyboard('{Enter}');
    await within(screen.getByRole('log')).findByText(/everything above arrived as a stream/, {}, { timeout: 15_000 });
    await waitFor(() => expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'false'));
    const listCommits = commits.list - listBefore;
    const composerCommits = commits.composer - composerBefore;
    expect(listCommits).toBeGreaterThan(30);
    // A fixed handful (text cleared, Sender's own sync and autosize, busy on, busy off) whatever
    // the number of streamed updates.
    expect(composerCommits).toBeLessThanOrEqual(8);
    console.info(`[render-cost] transcript commits ${listCommits}, composer commits ${composerCommits}`);
  });

  /**
   * Streams a reply into a list and calls `onFrame` after the row's own listener for every frame
   * published while streaming; returns the row's final element and the counts.
   */
  async function streamWithProbe(onFrame: (element: Element, frame: { urgent: (n: number) => void }) => void) {
    let urgent: (n: number) => void = () => {};
    let chatRef: ReturnType<typeof useAgentChat> | undefined;
    let listCommits = 0;
    function Urgent() {
      const [count, setCount] = useState(0);
      urgent = setCount;
      return <output aria-label="urgent">{count}</output>;
    }
    function Layout() {
      const chat = useAgentChat({ agentId: 'writer', fetch: inProcessFetch(server) });
      chatRef = chat;
      return (
        <>
          <Profiler id="list" onRender={() => (listCommits += 1)}>
            <AgentMessageList chat={chat} />
          </Profiler>
          <Urgent />
        </>
      );
    }
    render(<Layout />);
    const chat = chatRef!;
    void chat.sendMessage({ text: 'Write release notes' });
    const log = screen.getByRole('log');
    const row = await waitFor(() => {
      const element = log.querySelector<HTMLElement>('[data-xagent-message="assistant"][data-streaming]');
      expect(element).not.toBeNull();
      return element!;
    }, { timeout: 15_000 });
    const id = row.getAttribute('data-message-id')!;
    const commitsBefore = listCommits;
    const publishesBefore = chat.store.publishCount;
    let frames = 0;
    const unsubscribe = chat.store.subscribeMessage(id, () => {
      const element = log.querySelector(`[data-message-id="${id}"]`);
      // Frames of the stream only (the status change that ends it renders the row at once, by design).
      if (!element || chat.store.getSnapshot().status !== 'streaming') return;
      frames += 1;
      onFrame(element, { urgent: (n) => urgent(n) });
    });
    await within(log).findByText(/everything above arrived as a stream/, {}, { timeout: 15_000 });
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
    unsubscribe();
    // The stream's last text is on screen once it ended.
    expect(log.querySelector(`[data-message-id="${id}"]`)).toHaveTextContent(/Tip: everything above arrived as a stream of small chunks\./);
    return { frames, listCommits: listCommits - commitsBefore, publishes: chat.store.publishCount - publishesBefore };
  }

  it('after a send with Enter, while nobody types, renders each streamed frame synchronously with its publish (no added display lag)', async () => {
    // The user typed the prompt and pressed Enter: the reply renders in step with the stream.
    for (const key of ['h', 'i', 'Enter']) document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    let sameTask = 0;
    const result = await streamWithProbe((element) => {
      const before = element.textContent;
      // After the row's own work queued by this publish, still in the publishing task.
      queueMicrotask(() => {
        if (element.textContent !== before) sameTask += 1;
      });
    });
    expect(result.frames).toBeGreaterThan(10);
    // Every frame that changes the visible text shows it in the same task (a few chunks only add
    // markdown syntax or whitespace, which changes no text).
    expect(sameTask).toBeGreaterThanOrEqual(result.frames * 0.8);
    expect(result.listCommits).toBeLessThanOrEqual(result.publishes + 2);
    console.info(`[render-cost] idle: ${result.frames} streamed frames, ${sameTask} shown in the publishing task, ${result.listCommits} list commits`);
  });

  it('while the user types, renders the streaming row in a transition: a keystroke does not wait for the frame of markdown', async () => {
    const press = () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    press();
    let n = 0;
    const seen = { rowRenderedInUrgent: 0, urgentCommitted: 0 };
    const result = await streamWithProbe((element, { urgent }) => {
      press();
      // An urgent (sync) render right after the publish must not take the row's new text along
      // (with a sync subscription, as useSyncExternalStore makes, it would).
      const before = element.textContent;
      flushSync(() => urgent(++n));
      if (screen.getByLabelText('urgent').textContent === String(n)) seen.urgentCommitted += 1;
      if (element.textContent !== before) seen.rowRenderedInUrgent += 1;
    });
    expect(result.frames).toBeGreaterThan(10);
    expect(seen.urgentCommitted).toBe(result.frames);
    expect(seen.rowRenderedInUrgent).toBe(0);
    // One commit per published frame at most (no urgent pass plus a deferred one), plus the end of the stream.
    expect(result.listCommits).toBeLessThanOrEqual(result.publishes + 2);
    console.info(`[render-cost] typing: ${result.frames} streamed frames, ${result.publishes} publishes, ${result.listCommits} list commits; urgent renders that took the row along: ${seen.rowRenderedInUrgent}`);
  });
});
