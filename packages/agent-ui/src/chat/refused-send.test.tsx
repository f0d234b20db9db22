import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';
import { zhCN } from '../locales/built-in-zh.js';
import { queue as queuePlugin } from '../plugins/queue.js';
import { resume } from '../plugins/resume.js';
import { live } from '../plugins/live.js';

// Two tabs on one conversation (issue 24): the first streams a reply, the second sends meanwhile.
// Following the user's live events (issue 34; AgentChat with the `live`, `resume` and `queue` plug-ins) the second tab streams that reply
// too and queues its message, sent when the reply ends. Without them the
// server refuses it (409 conversation_conflict, nothing saved); the second tab says so in words and
// keeps what the user typed.

const TIMEOUT = { timeout: 10_000 };
const WORDS = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');

function setup() {
  const server = createAgentServer({
    agents: { slow: { model: scriptedModel({ chunkDelayMs: 50, steps: [[{ type: 'text', text: WORDS }]] }) } },
    store: memoryStore(),
    logger: { warn: () => {}, error: () => {} },
  });
  const fetch = inProcessFetch(server);
  /** The first tab: a turn that streams for a few seconds. */
  const firstTab = async (conversationId: string) => {
    const response = await fetch('/api/agent/slow', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, messages: [{ id: 'u-first', role: 'user', parts: [{ type: 'text', text: 'first tab' }] }], trigger: 'submit-message' }),
    });
    expect(response.status).toBe(200);
    return response;
  };
  return { fetch, firstTab };
}

describe('a second tab sending while the first streams', () => {
  it('with the live, resume and queue plug-ins: follows the first tab’s reply, queues the message and sends it when that reply ends', async () => {
    const { fetch, firstTab } = setup();
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="slow" conversationId="c-live" chatOptions={{ fetch }} plugins={[queuePlugin(), resume(), live()]} />);
    await waitFor(() => expect(document.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    const streaming = await firstTab('c-live');
    await waitFor(() => expect(view.container.querySelector('[data-xagent-message="assistant"]')).toHaveTextContent('w3'), TIMEOUT);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await user.type(composer, 'second tab{Enter}');
    const queue = await screen.findByRole('region', { name: 'Queued messages' }, TIMEOUT);
    expect(queue).toHaveTextContent('second tab');
    const users = () => [...view.container.querySelectorAll('[data-xagent-message="user"]')].map((node) => node.textContent);
    await waitFor(() => expect(users()).toEqual([expect.stringContaining('first tab'), expect.stringContaining('second tab')]), { timeout: 15_000 });
    await waitFor(() => expect(document.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), { timeout: 15_000 });
    expect(screen.queryByRole('alert')).toBeNull();
    await streaming.body?.cancel();
  });

  it('without live events: says in words that the conversation is busy, keeps the typed text in the composer and leaves nothing in the transcript', async () => {
    const { fetch, firstTab } = setup();
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="slow" conversationId="c-busy" chatOptions={{ fetch, live: false }} />);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), TIMEOUT);
    const streaming = await firstTab('c-busy');
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await user.type(composer, 'second tab{Enter}');
    const alert = await screen.findByRole('alert', {}, TIMEOUT);
    expect(alert).toHaveTextContent('This conversation is busy in another tab or window');
    expect(alert.textContent).not.toContain('{');
    expect(alert.textContent).not.toContain('conversation_conflict');
    await waitFor(() => expect(composer).toHaveValue('second tab'));
    expect(view.container.querySelectorAll('[data-xagent-message="user"]')).toHaveLength(0);
    await streaming.body?.cancel();
  });

  it('without live events, in Chinese with the zh-CN strings', async () => {
    const { fetch, firstTab } = setup();
    const user = userEvent.setup();
    render(<AgentChat agentId="slow" conversationId="c-busy-zh" chatOptions={{ fetch, live: false }} ui={{ locale: zhCN }} />);
    const composer = await screen.findByRole('textbox', { name: zhCN.composerLabel }, TIMEOUT);
    await waitFor(() => expect(document.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    const streaming = await firstTab('c-busy-zh');
    await user.type(composer, '第二个{Enter}');
    const alert = await screen.findByRole('alert', {}, TIMEOUT);
    expect(within(alert).getByText(zhCN.errorCodes.conversation_conflict)).toBeInTheDocument();
    await waitFor(() => expect(composer).toHaveValue('第二个'));
    await streaming.body?.cancel();
  });
});
