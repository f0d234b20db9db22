// The booking scenario end to end in the chat: the tool's A2UI form renders in the reply, its action
// is sent as the user's next turn, the agent confirms, and a reload shows the same (now inert) form.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { a2ui } from '../plugins/a2ui.js';
import { resume } from '../plugins/resume.js';

const server = createScenarioServer({ scenarios: [scenarios.bookTable], smartAgentId: false, config: { store: memoryStore(), logger: { warn: () => {}, error: () => {} } } });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 15_000 };

describe('A2UI in AgentChat', () => {
  it('shows the form of a tool result, sends its action as a turn and shows the confirmation', async () => {
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="a2ui-booking" conversationId="a2ui-1" chatOptions={{ fetch }} plugins={[a2ui(), resume()]} />);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), TIMEOUT);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Book a table for two{Enter}');
    const form = await screen.findByRole('region', { name: 'Interactive form from the agent' }, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    const book = within(form).getByRole('button', { name: 'Book table' });
    expect(book).toBeDisabled(); // the name is required
    // Why, in words everyone gets (not only a mouse hovering a `title`): visible and its description.
    expect(book).toHaveAccessibleDescription('Enter a name');
    expect(within(form).getByText('Enter a name')).toBeVisible();
    await user.type(within(form).getByLabelText('Name'), 'Ada');
    expect(book).not.toHaveAccessibleDescription();
    await user.click(within(form).getByRole('radio', { name: '21:00' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Window seat' }));
    await user.click(book);
    await waitFor(() => expect(screen.getByRole('log').textContent).toContain('Booking ref'), TIMEOUT);
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('Confirmed: a table for 2 on 2026-12-24 at 21:00, by the window, under Ada.');
    // The user's turn shows what was sent; the form takes no more input.
    const summary = log.querySelector('[data-a2ui-action="book_table"]')?.textContent;
    expect(summary).toContain('name: Ada');
    // A choice reads as its value, not as the JSON array it is kept in.
    expect(summary).toContain('time: 21:00');
    expect(summary).toContain('guests: 2');
    expect(summary).not.toContain('["');
    await waitFor(() => expect(within(form).getByLabelText('Name')).toBeDisabled(), TIMEOUT);
    view.unmount();

    // From the server's history: the form is there, inert, with the confirmation after it (a reply still
    // running at the unmount finishes on the server; `resume()` attaches to it, as in an app with a store).
    render(<AgentChat agentId="a2ui-booking" conversationId="a2ui-1" chatOptions={{ fetch }} plugins={[a2ui(), resume()]} />);
    const again = await screen.findByRole('region', { name: 'Interactive form from the agent' }, TIMEOUT);
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Book table' })).toBeDisabled(), TIMEOUT);
    expect(screen.getByRole('log').textContent).toContain('Booking ref LPJ-2412');
  });
});
