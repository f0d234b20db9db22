import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentChat } from '@x/agent-ui';
import { expect, waitFor } from 'storybook/test';
import { chatMounted } from './support/chat-actions.js';

/** Messages of the conversation the story's server pages (the history route answers 50 at a time). */
const COUNT = 500;
const PAGE = 50;
const NOW = new Date(Date.UTC(2026, 10, 22, 9, 30)).toISOString();
const message = (i: number) => ({
  id: `m${i}`,
  role: i % 2 === 0 ? 'user' : 'assistant',
  parts: [{ type: 'text', text: i % 2 === 0 ? `Question ${i}: what comes next?` : `Answer ${i}. ${'A line of the answer, long enough to wrap once or twice in the bubble. '.repeat(1 + (i % 4))}` }],
});

/**
 * `GET /api/agent/conversations/long[?before=K]` the way the kit's server answers it: the 50 messages
 * before index K (default: the end), oldest first, and the cursor of the page before them. `pages`
 * records the `before` of each request (`'newest'` for the first).
 */
function historyServer() {
  const pages: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input), location.href);
    if (!url.pathname.endsWith('/conversations/long')) return new Response('{"error":{"code":"not_found","message":"No."}}', { status: 404 });
    const before = Number(url.searchParams.get('before') ?? COUNT);
    pages.push(url.searchParams.get('before') ?? 'newest');
    const start = Math.max(0, before - PAGE);
    const conversation = { id: 'long', agentId: 'assistant', title: 'Long', createdAt: NOW, updatedAt: NOW, version: 1, activeRunId: null, awaitingApproval: false, metadata: {} };
    const body = { conversation, messages: Array.from({ length: before - start }, (_, k) => message(start + k)), prevCursor: start > 0 ? String(start) : null };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { fetch, pages };
}

const server = historyServer();

function LongConversation() {
  return (
    <div style={{ height: 480, display: 'flex' }}>
      <AgentChat agentId="assistant" api="/api/agent" conversationId="long" chatOptions={{ fetch: server.fetch }} height="100%" />
    </div>
  );
}

const meta = { title: 'AgentChat/Long conversation', component: LongConversation } satisfies Meta<typeof LongConversation>;
export default meta;

/** The top of the view, and where the message `id` is relative to it (px), or null when it is not mounted. */
function offsetOf(log: HTMLElement, id: string): number | null {
  const row = log.querySelector(`[data-message-id="${id}"]`);
  return row ? row.getBoundingClientRect().top - log.getBoundingClientRect().top : null;
}

/**
 * A 500-message conversation of the server opens with its newest page. Scrolling to the top of what
 * is loaded fetches the page before it by itself, and the message being read stays on screen; back
 * at the bottom, the pages read far back are let go (the DOM shrinks) and scrolling up fetches them
 * again.
 */
export const ScrollsBackThroughServerPages: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const log = await waitFor(() => {
      const found = canvasElement.querySelector<HTMLElement>('[data-xagent-transcript]');
      if (!found?.querySelector('[data-message-id="m499"]')) throw new Error('not loaded yet');
      return found;
    });
    await expect(server.pages.at(-1)).toBe('newest');
    // The chat opens at its bottom: wait until it is there and still, as a reader starts from there
    // (scrolling up while its first pin to the bottom is pending would race that pin, not the anchor).
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const opened = server.pages.length;
    for (let step = 0; step < 8; step++) {
      // At the top of what is mounted: the message read is the first one that starts in view.
      log.scrollTop = 0;
      const viewTop = log.getBoundingClientRect().top;
      const reading = [...log.querySelectorAll<HTMLElement>('[data-message-id]')].find((row) => row.getBoundingClientRect().top >= viewTop)!;
      const id = reading.dataset.messageId!;
      const before = offsetOf(log, id)!;
      // Older rows mount above it (its page fetched first when none is left in memory)…
      await waitFor(() => expect(log.querySelector('[data-message-id]')?.getAttribute('data-message-id')).not.toBe(id), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // …and it has not moved.
      await expect(Math.abs(offsetOf(log, id)! - before), `step ${step}: message ${id} moved`).toBeLessThanOrEqual(4);
    }
    // The transcript fetched older pages by itself, each once, in order.
    await expect(server.pages.slice(opened, opened + 2)).toEqual(['450', '400']);
    const mountedFar = log.querySelectorAll('[data-message-id]').length;
    await expect(mountedFar).toBeGreaterThan(100);

    // Back at the bottom for a second: the rows read far back unmount, the chat lets their pages go.
    log.scrollTop = log.scrollHeight;
    await waitFor(() => expect(log.querySelectorAll('[data-message-id]').length).toBeLessThanOrEqual(40), { timeout: 5_000 });
    const fetched = server.pages.length;
    for (let step = 0; step < 4 && server.pages.length === fetched; step++) {
      log.scrollTop = 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Scrolling up again fetches the page before the newest page's neighbour anew.
    await waitFor(() => expect(server.pages.length).toBeGreaterThan(fetched), { timeout: 5_000 });
    await expect(server.pages.at(-1)).toBe('400');
  },
};
