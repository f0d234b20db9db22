import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createScenarioServer, deletedRecords, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';

const server = createScenarioServer({ scenarios: [scenarios.approval], smartAgentId: false });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

async function askApproval(text: string) {
  const user = userEvent.setup();
  const view = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
  await user.type(screen.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
  const card = await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
  return { user, view, card };
}

const announced = (container: HTMLElement) => container.querySelector('[data-xagent-announcer]')?.textContent?.replace(/\u200b/g, '');

describe('a pending approval, from the keyboard and a screen reader', () => {
  it('shows "Waiting for your approval" with instructions, is announced, and hides copy/delete of its reply', async () => {
    const { card, view } = await askApproval('Delete record 41');
    const status = within(card).getByText('Waiting for your approval');
    expect(status).toBeVisible();
    expect(card).toHaveAccessibleDescription(/Waiting for your approval.*Approve runs it as shown/);
    // Said after the reply's own last words (with them, when they were just said), never overwritten
    // by them: once the turn has settled, the live region still ends with the request.
    await waitFor(() => expect(announced(view.container)).toMatch(/^(I will delete record 41\. )?Waiting for your approval: allow deleteRecord to run\?$/), TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(announced(view.container)).toMatch(/Waiting for your approval: allow deleteRecord to run\?$/);
    const reply = card.closest('article')!;
    expect(within(reply).queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(within(reply).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('Escape in the input editor puts the focus back on "Edit input"', async () => {
    const { user, card } = await askApproval('Delete record 42');
    await user.click(within(card).getByRole('button', { name: 'Edit input' }));
    const editor = await within(card).findByRole('textbox', { name: 'Tool input (JSON)' }, TIMEOUT);
    expect(editor).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Edit input' })).toHaveFocus());
  });

  it('the reason box: Enter adds a line, Escape goes back to Reject, Ctrl+Enter rejects with the reason', async () => {
    const { user, card } = await askApproval('Delete record 43');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    let reason = within(card).getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    expect(reason).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Reject' })).toHaveFocus());

    await user.keyboard('{Enter}');
    reason = within(card).getByRole('textbox', { name: 'Reason for rejecting (optional)' });
    await user.type(reason, 'Not this one{Enter}keep it');
    expect(reason).toHaveValue('Not this one\nkeep it');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(card).toHaveTextContent('Rejected: Not this one'), TIMEOUT);
    expect(deletedRecords).not.toContain(43);
  });
});
