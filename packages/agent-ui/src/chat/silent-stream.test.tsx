import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentChat } from './agent-chat.js';
import { resume } from '../plugins/resume.js';

// Issue 38, as a user sees it: the API server dies mid-reply behind a proxy that holds the browser's
// connection open (a dev proxy). No byte for two of the keep-alive intervals the server announced →
// "Reconnecting…" (a polite status); the re-attaches the proxy answers 502 keep going; once they have
// failed long enough the reply ends as "Interrupted — Retry", with the text that arrived.

const TIMEOUT = { timeout: 10_000 };
const WORDS = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');

afterEach(() => {
  vi.restoreAllMocks();
});

/** The proxy in front of a server that died after `reads` reads of the reply: the reply's connection stays open and silent, a new request gets 502. */
function deadBehindProxy(fetch: typeof globalThis.fetch, reads: number): typeof globalThis.fetch {
  let dead = false;
  return async (input, init) => {
    if (dead) return new Response('', { status: 502, headers: { 'content-type': 'text/plain' } });
    const response = await fetch(input, init);
    if (init?.method !== 'POST' || !response.body) return response;
    const reader = response.body.getReader();
    let count = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (count++ >= reads) {
          dead = true;
          return new Promise<void>(() => {});
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe('a server that dies behind a proxy holding the connection', () => {
  it('shows "Reconnecting…", then "Interrupted — Retry" with the text that arrived', async () => {
    const server = createAgentServer({
      agents: { echo: { model: scriptedModel({ chunkDelayMs: 20, steps: [[{ type: 'text', text: WORDS }]] }) } },
      store: memoryStore(),
      keepAliveMs: 100,
      logger: { warn: () => {}, error: () => {} },
    });
    const view = render(<AgentChat agentId="echo" conversationId="c-proxy" chatOptions={{ fetch: deadBehindProxy(inProcessFetch(server), 8) }} plugins={[resume()]} />);
    const log = await screen.findByRole('log', {}, TIMEOUT);
    const composer = await screen.findByRole('textbox', {}, TIMEOUT);
    const user = userEvent.setup();
    await user.type(composer, 'Tell me{Enter}');
    const notice = view.container.querySelector<HTMLElement>('[data-xagent-connection]')!;
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(notice).toHaveTextContent('Reconnecting…'), TIMEOUT);
    const shown = within(log).getByText(/word0 word1/).textContent!;
    expect(view.container.querySelector('[data-xagent-reply-end]')).toBeNull();
    // Later than the give-up time of the re-attach attempts.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now + 61_000 + performance.now());
    const mark = await waitFor(() => {
      const found = view.container.querySelector<HTMLElement>('[data-xagent-reply-end="interrupted"]');
      expect(found).not.toBeNull();
      return found!;
    }, TIMEOUT);
    expect(mark).toHaveTextContent('Interrupted');
    await waitFor(() => expect(within(mark).getByRole('button', { name: 'Retry' })).toBeVisible(), TIMEOUT);
    expect(notice).toHaveTextContent('');
    expect(within(log).getByText(/word0 word1/).textContent).toBe(shown);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
