import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';

// A server with a store owns the conversation's history: AgentChat loads it and saves feedback there.
const server = createScenarioServer({ scenarios: [scenarios.plainText], smartAgentId: false, config: { store: memoryStore() } });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

describe('AgentChat over server-owned history', () => {
  it('shows the skeleton while the history loads, then the stored transcript with the feedback saved there', async () => {
    const user = userEvent.setup();
    const first = render(<AgentChat agentId="plain-text" conversationId="c-feedback" chatOptions={{ fetch }} />);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), TIMEOUT);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(first.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await within(log).findByRole('button', { name: 'Helpful' }, TIMEOUT);
    await user.click(within(log).getByRole('button', { name: 'Helpful' }));
    expect(within(log).getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    // Let the feedback request reach the server.
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.unmount();

    render(<AgentChat agentId="plain-text" conversationId="c-feedback" chatOptions={{ fetch }} />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');
    // The composer stays usable while the history loads: a message sent meanwhile waits for it.
    const composer = screen.getByRole('textbox', { name: 'Message' });
    expect(composer).toBeEnabled();
    const reloaded = await screen.findByRole('log', {}, TIMEOUT);
    expect(within(reloaded).getByText('hello')).toBeInTheDocument();
    expect(within(reloaded).getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(reloaded).getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps a message typed while the history loads, and sends it after the stored thread', async () => {
    const user = userEvent.setup();
    const first = render(<AgentChat agentId="plain-text" conversationId="c-typed" chatOptions={{ fetch }} />);
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'first{Enter}');
    await waitFor(() => expect(first.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    first.unmount();

    const second = render(<AgentChat agentId="plain-text" conversationId="c-typed" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'second{Enter}');
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await within(log).findByText('second', {}, TIMEOUT);
    await waitFor(() => expect(second.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    const users = [...log.querySelectorAll('[data-xagent-message="user"]')].map((el) => el.textContent);
    expect(users).toEqual([expect.stringContaining('first'), expect.stringContaining('second')]);
  });
});
