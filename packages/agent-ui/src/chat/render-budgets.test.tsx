import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Profiler } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch, LONG_MARKDOWN } from '@x/mock-server';
import { useAgentChat, type UseAgentChatResult } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { AgentComposer } from '../composer/composer.js';
import { afterInputPaint } from '../transcript/input-recency.js';
import { AgentMessageList } from './agent-message-list.js';
import { AgentChat } from './agent-chat.js';

/**
 * The deterministic render counters of bench/budgets.json (`counters`), checked in `pnpm test:unit`:
 * a change that makes the transcript re-render on a keystroke, the composer on a streamed frame, a
 * frame take more than one commit, or a long thread mount more DOM fails here. Sizes are checked by
 * `pnpm bench:size --check` against the same file.
 */
const budgets = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../bench/budgets.json'), 'utf8')) as {
  counters: {
    domNodesMounted1000Messages: number;
    markdownParsedAtMount1000Messages: number;
    listCommitsPerPublishedFrame: number;
    composerCommitsPerStreamedFrame: number;
    transcriptCommitsPerKeystroke: number;
    streamedRendersBeforeKeystrokePaint: number;
  };
};

const server = createMockAgentServer({
  agents: { writer: { chunkDelayMs: 20, steps: [[{ type: 'text', text: LONG_MARKDOWN, chunk: 12 }]] } },
});

function history(turns: number): AgentUIMessage[] {
  return Array.from({ length: turns }, (_, i): AgentUIMessage[] => [
    { id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `Question ${i}: what about *this*?` }] },
    { id: `a${i}`, role: 'assistant', parts: [{ type: 'text', text: `Answer ${i}\n\n- a list item\n- another with \`code\`\n\nA closing paragraph.` }] },
  ]).flat();
}

/** A layout from the exported parts with a Profiler around the transcript and one around the composer. */
function renderLayout() {
  const commits = { list: 0, composer: 0, shared: 0 };
  // Profiler commit times of the last list and composer commits: equal when both rendered in one commit.
  const lastCommit = { list: -1, composer: -1 };
  const onRender = (id: string, _phase: string, _actual: number, _base: number, _start: number, commitTime: number) => {
    const which = id as 'list' | 'composer';
    commits[which] += 1;
    lastCommit[which] = commitTime;
    if (lastCommit.list === lastCommit.composer) commits.shared += 1;
  };
  let chat: UseAgentChatResult | undefined;
  const sendOf = new WeakMap<object, (m: { text: string }) => Promise<boolean>>();
  function Layout() {
    const current = useAgentChat({ agentId: 'writer', fetch: inProcessFetch(server) });
    chat = current;
    let send = sendOf.get(current.store);
    if (!send) sendOf.set(current.store, (send = async (m) => (await current.sendMessage(m)).sent));
    const busy = current.status === 'streaming' || current.status === 'submitted';
    return (
      <>
        <Profiler id="list" onRender={onRender}>
          <AgentMessageList chat={current} />
        </Profiler>
        <Profiler id="composer" onRender={onRender}>
          <AgentComposer busy={busy} onSend={send} />
        </Profiler>
      </>
    );
  }
  render(<Layout />);
  return { commits, chat: () => chat! };
}

/**
 * One key as a browser delivers it: keydown, the value change with its `input` event, keyup. Outside
 * `act` (which would batch the keystroke's update with whatever the stream scheduled in the same act
 * scope into one commit, as no browser does).
 */
function pressNatively(box: HTMLTextAreaElement, key: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    box.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    setValue.call(box, box.value + key);
    box.dispatchEvent(new InputEvent('input', { data: key, inputType: 'insertText', bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  } finally {
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

/** Types `text` one key per task, 5 ms apart (see {@link pressNatively}). */
async function typeNatively(box: HTMLTextAreaElement, text: string) {
  for (const key of text) {
    pressNatively(box, key);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Renders the layout, sends a long prompt and waits until its reply streams: the composer and the streaming row. */
async function startStreamingReply() {
  const { chat } = renderLayout();
  const user = userEvent.setup();
  const box = screen.getByRole<HTMLTextAreaElement>('textbox');
  await user.type(box, 'Write release notes{Enter}');
  const log = screen.getByRole('log');
  const row = await waitFor(() => {
    const element = log.querySelector('[data-xagent-message="assistant"][data-streaming]');
    expect(element).not.toBeNull();
    return element!;
  }, { timeout: 15_000 });
  return { chat, box, row };
}

describe('render budgets (bench/budgets.json counters)', () => {
  it('keystrokes in the composer commit nothing in the transcript, while a reply streams and after', async () => {
    const { commits, chat } = renderLayout();
    const user = userEvent.setup();
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    await user.type(box, 'Write release notes{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.querySelector('[data-xagent-message="assistant"][data-streaming]')).not.toBeNull(), { timeout: 15_000 });

    // Keystrokes while the reply streams: every keystroke commits the composer, and no keystroke's
    // commit includes the transcript (a commit with both is a keystroke that waited for a frame).
    const composerBefore = commits.composer;
    const sharedBefore = commits.shared;
    const keys = 'while it streams';
    await typeNatively(box, keys);
    expect(chat().store.getSnapshot().status).toBe('streaming');
    expect(commits.composer - composerBefore).toBeGreaterThanOrEqual(keys.length);
    expect((commits.shared - sharedBefore) / keys.length).toBeLessThanOrEqual(budgets.counters.transcriptCommitsPerKeystroke);

    await within(log).findByText(/everything above arrived as a stream/, {}, { timeout: 15_000 });
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
    // After the stream, the same.
    const idleShared = commits.shared;
    await typeNatively(box, ' and after');
    expect((commits.shared - idleShared) / ' and after'.length).toBeLessThanOrEqual(budgets.counters.transcriptCommitsPerKeystroke);
    expect(box).toHaveValue(`${keys} and after`);
  });

  it('streamed frames commit nothing in the composer and at most one transcript commit each', async () => {
    const { commits, chat } = renderLayout();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), 'Write release notes{Enter}');
    const log = screen.getByRole('log');
    const row = await waitFor(() => {
      const element = log.querySelector('[data-xagent-message="assistant"][data-streaming]');
      expect(element).not.toBeNull();
      return element!;
    }, { timeout: 15_000 });
    const id = row.getAttribute('data-message-id')!;
    // Counted between streamed frames (the send and the end of the stream legitimately change the
    // composer: text cleared, busy on, busy off).
    let first: { list: number; composer: number; shared: number; publishes: number } | undefined;
    let last = { list: 0, composer: 0, shared: 0, publishes: 0 };
    let seen = 0;
    const unsubscribe = chat().store.subscribeMessage(id, () => {
      if (chat().store.getSnapshot().status !== 'streaming') return;
      const now = { list: commits.list, composer: commits.composer, shared: commits.shared, publishes: chat().store.publishCount };
      // From the third frame: the send's own composer commits (text cleared, autosize) may land
      // after the first streamed frame.
      if (++seen < 3) return;
      first ??= now;
      last = now;
    });
    await within(log).findByText(/everything above arrived as a stream/, {}, { timeout: 15_000 });
    await waitFor(() => expect(log).toHaveAttribute('aria-busy', 'false'));
    unsubscribe();
    const frames = last.publishes - first!.publishes;
    expect(frames).toBeGreaterThan(20);
    expect((last.composer - first!.composer) / frames).toBeLessThanOrEqual(budgets.counters.composerCommitsPerStreamedFrame);
    expect(last.shared - first!.shared).toBe(0);
    console.info(`[render-budgets] ${frames} streamed frames: ${last.list - first!.list} transcript commits, ${last.composer - first!.composer} composer commits`);
    expect((last.list - first!.list) / frames).toBeLessThanOrEqual(budgets.counters.listCommitsPerPublishedFrame);
  });

  it('a frame streamed between a keystroke and its paint renders after that paint', async () => {
    const { chat, box, row } = await startStreamingReply();
    // The keystroke's frame is painted: the moment held work is released (a task queued from the
    // frame's rAF callbacks; jsdom paints nothing there).
    const untilPainted = () => new Promise<void>((resolve) => afterInputPaint(resolve));
    let published = 0;
    let publishedWindows = 0;
    let early = 0;
    let windows = 0;
    let caughtUp = 0;
    // Up to 30 keystrokes, until 12 of them had a frame published before their paint: whether a
    // frame lands inside a keystroke's window depends on the order of jsdom's animation-frame
    // callbacks (the scheduler's and the paint's), which moves with the machine's load.
    for (let k = 0; k < 30 && publishedWindows < 12 && chat().store.getSnapshot().status === 'streaming'; k++) {
      pressNatively(box, 'x');
      // React work scheduled before the key (a frame already rendering) finishes first: not counted.
      await new Promise((resolve) => setImmediate(resolve));
      const text = row.textContent;
      const publishes = chat().store.publishCount;
      await untilPainted();
      // A window in which the stream ended is not counted (the end renders at once, by design).
      if (chat().store.getSnapshot().status !== 'streaming') break;
      published += chat().store.publishCount - publishes;
      if (chat().store.publishCount > publishes) publishedWindows += 1;
      // The streamed text did not change in the keystroke's frame (the announcer's commits of
      // finished blocks, also in the list's Profiler, are not the row's).
      if (row.textContent !== text) early += 1;
      windows += 1;
      // …and it catches up right after that paint.
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (row.textContent !== text) caughtUp += 1;
    }
    console.info(`[render-budgets] ${windows} keystrokes while streaming: ${published} frames published before their paint (in ${publishedWindows} of them), ${early} times the streamed text changed before it, ${caughtUp} of ${windows} times it changed right after`);
    expect(published).toBeGreaterThan(0);
    expect(early).toBeLessThanOrEqual(budgets.counters.streamedRendersBeforeKeystrokePaint);
    // The held frames are not lost: the text moves on right after the paints (a window whose frames
    // changed only markdown syntax, or a slow transition, may not show it within 30 ms).
    expect(caughtUp).toBeGreaterThanOrEqual(windows / 2);
  });

  it('a key and an Enter in one frame while a reply streams: the row catches up after the paint, no render loop', async () => {
    // Enter ends "typing" at once while the key's frame is still unpainted: the row holds its text for
    // that frame, and its catch-up must wait for the paint (it once re-rendered the held text in a
    // microtask loop that never let the frame paint: the page froze).
    const { chat, box, row } = await startStreamingReply();
    const before = row.textContent;
    pressNatively(box, 'x');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await new Promise<void>((resolve) => afterInputPaint(resolve));
    await waitFor(() => expect(row.textContent !== before || chat().store.getSnapshot().status !== 'streaming').toBe(true), { timeout: 15_000 });
    // …and the reply runs to its end (the frozen version never got here).
    await waitFor(() => expect(chat().store.getSnapshot().status).toBe('ready'), { timeout: 30_000 });
  });

  it('a 1,000-message thread mounts a bounded DOM', async () => {
    render(<AgentChat agentId="writer" messages={history(500)} chatOptions={{ fetch: inProcessFetch(server) }} />);
    const log = screen.getByRole('log');
    // The first window (a screenful: the newest 10 rows) is there.
    await waitFor(() => expect(log.querySelectorAll('[data-message-id]').length).toBeGreaterThanOrEqual(10));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const nodes = document.body.querySelectorAll('*').length;
    // Markdown documents parsed at mount: only the first screenful's (jsdom's IntersectionObserver
    // stand-in never reports a row near the view; the others show plain text until it does).
    const markdown = log.querySelectorAll('[data-xagent-markdown]').length;
    const parsed = markdown - log.querySelectorAll('[data-xagent-markdown-pending]').length;
    console.info(`[render-budgets] 1,000 messages: ${log.querySelectorAll('[data-message-id]').length} rows, ${nodes} elements in the document, ${parsed} of ${markdown} markdown documents parsed`);
    expect(nodes).toBeLessThanOrEqual(budgets.counters.domNodesMounted1000Messages);
    expect(parsed).toBeLessThanOrEqual(budgets.counters.markdownParsedAtMount1000Messages);
  });
});
