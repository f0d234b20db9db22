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

describe('approval with edits', () => {
  it('edits the input as JSON (parse and kind messages), approves with changes: the tool runs with the edit and the card shows it', async () => {
    const { user, card } = await askApproval('Delete record 31');
    await user.click(within(card).getByRole('button', { name: 'Edit input' }));
    const editor = await within(card).findByRole('textbox', { name: 'Tool input (JSON)' }, TIMEOUT);
    expect(editor).toHaveFocus();
    expect(JSON.parse((editor as HTMLTextAreaElement).value)).toEqual({ id: 31 });
    const approveWithChanges = within(card).getByRole('button', { name: 'Approve with changes' });

    await user.clear(editor);
    await user.type(editor, '{{ "id": 32');
    expect(within(card).getByRole('alert')).toHaveTextContent(/^Not valid JSON: /);
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription(/Not valid JSON/);
    expect(approveWithChanges).toBeDisabled();

    await user.clear(editor);
    await user.type(editor, '[[32]');
    expect(within(card).getByRole('alert')).toHaveTextContent("Does not match the tool’s input: expected an object, got an array");

    await user.clear(editor);
    await user.type(editor, '{{ "id": 32 }');
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(deletedRecords).not.toContain(32);
    await user.click(approveWithChanges);

    const log = within(screen.getByRole('log'));
    await log.findByText('Record 32 is deleted.', {}, TIMEOUT);
    expect(deletedRecords).toContain(32);
    expect(deletedRecords).not.toContain(31);
    const done = await log.findByRole('group', { name: 'deleteRecord finished' }, TIMEOUT);
    expect(done).toHaveTextContent('"id": 32');
    expect(done).toHaveTextContent('Approved · Edited input');
    const proposed = done.querySelector('[data-xagent-proposed-input]')!;
    expect(proposed).toHaveTextContent('Proposed input');
    expect(proposed).toHaveTextContent('"id": 31');
  });

  it('Escape or Cancel leaves the editor without answering; an unchanged input approves as proposed', async () => {
    const { user, card } = await askApproval('Delete record 41');
    await user.click(within(card).getByRole('button', { name: 'Edit input' }));
    await within(card).findByRole('textbox', { name: 'Tool input (JSON)' }, TIMEOUT);
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('textbox', { name: 'Tool input (JSON)' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Edit input' }));
    await user.click(await within(card).findByRole('button', { name: 'Approve with changes' }, TIMEOUT));
    const log = within(screen.getByRole('log'));
    await log.findByText('Record 41 is deleted.', {}, TIMEOUT);
    const done = await log.findByRole('group', { name: 'deleteRecord finished' }, TIMEOUT);
    expect(done).toHaveTextContent('Approved');
    expect(done).not.toHaveTextContent('Edited input');
  });

  it('rejects with a reason from the same card', async () => {
    const { user, card } = await askApproval('Delete record 51');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.type(within(card).getByRole('textbox', { name: /reason/i }), 'wrong record');
    await user.click(within(card).getByRole('button', { name: /reject/i }));
    await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent(/record 51 was not deleted \(wrong record\)/), TIMEOUT);
    expect(deletedRecords).not.toContain(51);
  });
});
