import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch, plainTextScenario } from '@x/mock-server';
import { describe, expect, it, vi } from 'vitest';
import { AgentChat } from './agent-chat.js';

const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 1 } } });

describe('AgentChat', () => {
  it('renders the user message and the streamed markdown reply', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="assistant" chatOptions={{ fetch: inProcessFetch(server) }} />);
    await user.type(screen.getByRole('textbox'), 'Hello{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Hello')).toBeInTheDocument();
    expect(await within(log).findByText(/streams on its own\./, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('');
  });

  it('closing the chat while its composer has focus releases the focus first (nothing keeps the removed chat alive)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<AgentChat agentId="assistant" chatOptions={{ fetch: inProcessFetch(server) }} />);
    await user.click(screen.getByRole('textbox'));
    const released: boolean[] = [];
    const onFocusOut = (event: FocusEvent) => released.push((event.target as Node).isConnected);
    document.addEventListener('focusout', onFocusOut);
    unmount();
    await Promise.resolve();
    document.removeEventListener('focusout', onFocusOut);
    // The blur while the composer is still in the page, then the notice React DOM sees.
    expect(released).toEqual([true, true]);
    expect(document.activeElement).toBe(document.body);
  });
});

describe('AgentChat parts loaded on demand', () => {
  it('drawer mode: the floating button (there from the first render) opens the drawer with the chat; its close button closes it', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="assistant" display="drawer" drawer={{ title: 'Help' }} chatOptions={{ fetch: inProcessFetch(server) }} />);
    // The trigger is there at once (a look-alike until the drawer's chunk arrives); a click on it counts
    // (one synchronous click: the look-alike is replaced as soon as the chunk ran).
    fireEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('log', { name: 'Conversation' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(await screen.findByRole('button', { name: 'Open chat' })).toBeInTheDocument();
  });

  it('loading: a busy status region holds the place of the transcript, and the composer is disabled', async () => {
    const { container } = render(<AgentChat agentId="assistant" loading chatOptions={{ fetch: inProcessFetch(server) }} />);
    const status = screen.getByRole('status', { name: 'Loading…' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('log')).toBeNull();
    // The skeleton arrives with its chunk.
    await vi.waitFor(() => expect(status.querySelector('.ant-skeleton')).not.toBeNull());
    expect(container.querySelector('[data-xagent-composer] textarea')).toBeDisabled();
  });
});
