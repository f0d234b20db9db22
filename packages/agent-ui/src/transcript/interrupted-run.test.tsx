import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { resume } from '../plugins/resume.js';

// A reply whose run died with its server (issue 24): the conversation still names the run as active,
// its heartbeat is long stale. Opening it re-attaches; the server saves the run as interrupted and
// answers 204; the reply shows "Interrupted — Retry" instead of disappearing, and Retry answers anew.

const TIMEOUT = { timeout: 10_000 };

describe('a reply lost with its server', () => {
  it('shows "Interrupted — Retry"; Retry regenerates it', async () => {
    const store = memoryStore();
    await store.beginTurn({
      userId: 'anonymous',
      conversationId: 'c-lost',
      agentId: 'echo',
      expectedVersion: null,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Tell me a story' }] }],
      run: { id: 'run-lost' },
      now: new Date(Date.now() - 5 * 60_000),
    });
    const server = createAgentServer({
      agents: { echo: { model: scriptedModel({ chunkDelayMs: 0, steps: [[{ type: 'text', text: 'Once upon a time.' }]] }) } },
      store,
      logger: { warn: () => {}, error: () => {} },
    });
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" conversationId="c-lost" chatOptions={{ fetch: inProcessFetch(server) }} plugins={[resume()]} />);
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-reply-end="interrupted"]')).not.toBeNull(), TIMEOUT);
    expect(view.container.querySelector('[data-xagent-reply-end="interrupted"]')).toHaveTextContent('Interrupted');
    expect((await store.getConversation('anonymous', 'c-lost'))?.activeRunId).toBeNull();
    // The mark's Retry comes with the on-demand chunk.
    const retry = await waitFor(() => within(view.container.querySelector<HTMLElement>('[data-xagent-reply-end="interrupted"]')!).getByRole('button', { name: 'Retry' }), TIMEOUT);
    await user.click(retry);
    await within(log).findByText('Once upon a time.', {}, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-reply-end]')).toBeNull(), TIMEOUT);
  });
});
