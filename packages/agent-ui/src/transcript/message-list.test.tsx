import { Profiler } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { describe, expect, it, vi } from 'vitest';
import { useAgentChat } from '@x/agent-react';
import { AgentChat } from '../chat/agent-chat.js';
import { AgentChatProvider } from '../chat/agent-chat-provider.js';
import { AgentMessageList } from '../chat/agent-message-list.js';

function history(count: number, prefix = 'm'): AgentUIMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { id: `${prefix}${i}`, role: 'user' as const, parts: [{ type: 'text' as const, text: `Question ${i}` }] }
      : { id: `${prefix}${i}`, role: 'assistant' as const, parts: [{ type: 'text' as const, text: `Answer **${i}** with \`code\` and [a link](https://example.com/${i}).` }] },
  );
}

// Never called: these tests only mount transcripts.
const fetch = () => Promise.reject(new Error('no requests in this test'));
// Rows in the transcript (none while the chat's view has not mounted: TransitionMount's first commit).
const rows = () => screen.queryByRole('log')?.querySelectorAll('[data-xagent-message]') ?? [];

/** An IntersectionObserver the test drives: `reveal` reports an observed element as near. */
class DrivenObserver {
  static all: DrivenObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    DrivenObserver.all.push(this);
  }
  observe(element: Element) {
    this.targets.add(element);
  }
  unobserve(element: Element) {
    this.targets.delete(element);
  }
  disconnect() {
    this.targets.clear();
  }
  takeRecords() {
    return [];
  }
  static reveal(element: Element) {
    const observer = DrivenObserver.all.find((o) => o.targets.has(element));
    if (!observer) throw new Error('element not observed');
    observer.callback([{ target: element, isIntersecting: true } as unknown as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
  }
}

describe('AgentMessageList: mounting a long transcript', () => {
  it('parses the markdown of older loaded messages only when they come near the view', async () => {
    DrivenObserver.all = [];
    vi.stubGlobal('IntersectionObserver', DrivenObserver);
    try {
      render(<AgentChat agentId="a" chatOptions={{ fetch }} messages={history(1000)} />);
      const log = screen.getByRole('log');
      await waitFor(() => expect(rows()).toHaveLength(10));
      expect(log.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(0);
      // Older rows mounted (here by "Show earlier"; scrolling up does the same): the newest 10 rows
      // are parsed; the 20 assistant messages among the 40 older rows show their text plain (one
      // element each) until they come near the view.
      await userEvent.setup().click(within(log).getByRole('button', { name: 'Show 990 earlier messages' }));
      expect(rows()).toHaveLength(50);
      expect(log.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(20);
      expect(within(rows()[49] as HTMLElement).getByRole('link')).toBeInTheDocument();
      const older = rows()[39] as HTMLElement;
      expect(older).toHaveAttribute('data-message-id', 'm989');
      expect(within(older).queryByRole('link')).toBeNull();
      expect(older).toHaveTextContent('Answer **989** with `code` and [a link](https://example.com/989).');
      // Near the view: parsed (in a transition), and no longer observed.
      const pending = older.querySelector('[data-xagent-markdown-pending]')!;
      act(() => DrivenObserver.reveal(pending));
      expect(await within(older).findByRole('link')).toHaveAttribute('href', 'https://example.com/989');
      expect(older).toHaveTextContent('Answer 989 with code and a link.');
      expect(log.querySelectorAll('[data-xagent-markdown-pending]')).toHaveLength(19);
      expect(DrivenObserver.all.some((o) => o.targets.has(pending))).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('mounted by AgentChat (a time-sliced transition mount), renders its first window in that one commit', () => {
    const mountedPerCommit: number[] = [];
    render(
      <Profiler id="chat" onRender={() => mountedPerCommit.push(rows().length)}>
        <AgentChat agentId="a" messages={history(1000)} chatOptions={{ fetch }} />
      </Profiler>,
    );
    // The chat's view mounts in a transition (its first commit is the placeholder, nothing paints
    // before that render is done): the first commit with rows holds the whole first window.
    expect(mountedPerCommit[0]).toBe(0);
    expect(mountedPerCommit.find((count) => count > 0)).toBe(10);
    expect(rows()).toHaveLength(10);
    // The earlier-messages control counts what is outside the window from the start.
    expect(within(screen.getByRole('log')).getByRole('button', { name: 'Show 990 earlier messages' })).toBeInTheDocument();
    expect(rows()[9]).toHaveAttribute('data-message-id', 'm999');
  });

  it('mounted otherwise (a layout of its own, at once), renders its first window of 10 in one commit', () => {
    const mountedPerCommit: number[] = [];
    function Layout() {
      const chat = useAgentChat({ agentId: 'a', messages: history(1000), fetch });
      return (
        <AgentChatProvider chat={chat}>
          <AgentMessageList />
        </AgentChatProvider>
      );
    }
    render(
      <Profiler id="chat" onRender={() => mountedPerCommit.push(rows().length)}>
        <Layout />
      </Profiler>,
    );
    expect(mountedPerCommit.find((count) => count > 0)).toBe(10);
    expect(Math.max(...mountedPerCommit)).toBe(10);
    expect(rows()[9]).toHaveAttribute('data-message-id', 'm999');
  });

  it('with a larger initialRenderCount, mounted at once, renders the newest rows first and the rest of the first window after that commit', () => {
    const mountedPerCommit: number[] = [];
    function Layout() {
      const chat = useAgentChat({ agentId: 'a', messages: history(1000), fetch });
      return (
        <AgentChatProvider chat={chat}>
          <AgentMessageList initialRenderCount={40} />
        </AgentChatProvider>
      );
    }
    render(
      <Profiler id="chat" onRender={() => mountedPerCommit.push(rows().length)}>
        <Layout />
      </Profiler>,
    );
    // The first commit holds only what fills a viewport, a later commit (a transition) the rest.
    expect(mountedPerCommit.find((count) => count > 0)).toBe(10);
    expect(rows()).toHaveLength(40);
    expect(Math.max(...mountedPerCommit)).toBe(40);
    expect(rows()[39]).toHaveAttribute('data-message-id', 'm999');
  });

  it('starts over on a conversation switch: the new transcript\'s newest window', async () => {
    const user = userEvent.setup();
    const mountedPerCommit: number[] = [];
    const view = (conversationId: string) => (
      <Profiler id="chat" onRender={() => mountedPerCommit.push(rows().length)}>
        <AgentChat agentId="a" conversationId={conversationId} messages={history(1000, conversationId)} chatOptions={{ fetch }} />
      </Profiler>
    );
    const { rerender } = render(view('a'));
    await user.click(within(screen.getByRole('log')).getByRole('button', { name: 'Show 990 earlier messages' }));
    expect(rows()).toHaveLength(50);
    mountedPerCommit.length = 0;
    rerender(view('b'));
    expect(mountedPerCommit).toContain(10);
    expect(rows()).toHaveLength(10);
    expect(rows()[9]).toHaveAttribute('data-message-id', 'b999');
    expect(within(screen.getByRole('log')).getByRole('button', { name: 'Show 990 earlier messages' })).toBeInTheDocument();
  });

  it.each([
    ['short messages that leave the view unfilled: the next 40 mount before the first paint', 20, 50],
    ['messages that fill the view: the first window stays as it is', 200, 10],
  ])('a first window of %s', (_, rowHeight, expected) => {
    // jsdom lays nothing out: the transcript gets a 600 px view and rows of the given height.
    const clientHeight = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
      return this.getAttribute('role') === 'log' ? 600 : 0;
    });
    const scrollHeight = vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      return this.getAttribute('role') === 'log' ? this.querySelectorAll('[data-xagent-message]').length * rowHeight : 0;
    });
    try {
      render(<AgentChat agentId="a" messages={history(1000)} chatOptions={{ fetch }} />);
      expect(rows()).toHaveLength(expected);
      expect(rows()[expected - 1]).toHaveAttribute('data-message-id', 'm999');
    } finally {
      clientHeight.mockRestore();
      scrollHeight.mockRestore();
    }
  });

  it('renders a short transcript in one pass', () => {
    const mountedPerCommit: number[] = [];
    render(
      <Profiler id="chat" onRender={() => mountedPerCommit.push(rows().length)}>
        <AgentChat agentId="a" messages={history(8)} chatOptions={{ fetch }} />
      </Profiler>,
    );
    expect(mountedPerCommit.find((count) => count > 0)).toBe(8);
  });

  it('gives loaded history action toolbars on demand, reachable by pointer and keyboard', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="a" messages={history(20)} chatOptions={{ fetch }} />);
    const log = screen.getByRole('log');
    await user.click(within(log).getByRole('button', { name: 'Show 10 earlier messages' }));
    const articles = within(log).getAllByRole('article');
    expect(articles).toHaveLength(20);
    // The newest four messages have their toolbars; older ones a stand-in button.
    expect(within(log).getAllByRole('toolbar', { name: 'Message actions' })).toHaveLength(4);
    for (const article of articles.slice(-4)) expect(within(article).getByRole('toolbar')).toBeInTheDocument();
    expect(within(articles[0]!).queryByRole('toolbar')).toBeNull();
    expect(within(articles[0]!).getByRole('button', { name: 'Message actions' })).toBeInTheDocument();

    // Pointer over a message shows its actions.
    await user.hover(articles[1]!);
    expect(within(articles[1]!).getByRole('toolbar', { name: 'Message actions' })).toBeInTheDocument();
    expect(within(articles[1]!).getByRole('button', { name: 'Helpful' })).toBeInTheDocument();

    // Keyboard: focusing the stand-in shows the toolbar and moves focus to its first action.
    within(articles[2]!).getByRole('button', { name: 'Message actions' }).focus();
    const toolbar = await within(articles[2]!).findByRole('toolbar', { name: 'Message actions' });
    expect(within(toolbar).getByRole('button', { name: 'Copy' })).toHaveFocus();
    expect(within(toolbar).getByRole('button', { name: 'Edit message' })).toBeInTheDocument();

    // Focus moving into a message (here: a link in its text) shows its actions too, next in tab order.
    // (One of the newest 10: older loaded messages parse their markdown when near the view, which
    // jsdom's stand-in IntersectionObserver never reports.)
    const link = within(articles[13]!).getByRole('link');
    link.focus();
    expect(await within(articles[13]!).findByRole('toolbar', { name: 'Message actions' })).toBeInTheDocument();
    expect(link).toHaveFocus();
  });
});
