import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { branches } from '../plugins/branches.js';

const TIMEOUT = { timeout: 10_000 };

/** A server with a store whose replies are numbered ("Reply 1.", "Reply 2.", …). */
function numberedFetch() {
  let n = 0;
  const model = scriptedModel({ steps: () => [{ type: 'text', text: `Reply ${++n}.` }], chunkDelayMs: 0 });
  const server = createAgentServer({ agents: { a: { model } }, store: memoryStore(), logger: { warn: () => {}, error: () => {} } });
  return inProcessFetch(server);
}

describe('the versions switcher (‹ 2 / 3 ›)', () => {
  it('shows under a regenerated reply, switches by keyboard with the position announced, and keeps the choice on reload', async () => {
    const user = userEvent.setup();
    const fetch = numberedFetch();
    const first = render(<AgentChat agentId="a" conversationId="c-versions" chatOptions={{ fetch }} plugins={[branches()]} />);
    const chat = () => first.container.querySelector('[data-xagent-chat]');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await within(log).findByText('Reply 1.', {}, TIMEOUT);
    // No switcher while a message has one version.
    expect(within(log).queryByRole('group', { name: 'Versions' })).toBeNull();
    for (const next of ['Reply 2.', 'Reply 3.']) {
      await waitFor(() => expect(chat()).toHaveAttribute('data-status', 'ready'), TIMEOUT);
      await user.click(await within(log).findByRole('button', { name: 'Regenerate' }, TIMEOUT));
      await within(log).findByText(next, {}, TIMEOUT);
    }
    const versions = await within(log).findByRole('group', { name: 'Versions' }, TIMEOUT);
    expect(versions).toHaveTextContent('Version 3 of 3');
    expect(within(versions).getByRole('button', { name: 'Next version' })).toBeDisabled();

    const previous = within(versions).getByRole('button', { name: 'Previous version' });
    previous.focus();
    await user.keyboard('{Enter}');
    await within(log).findByText('Reply 2.', {}, TIMEOUT);
    expect(within(log).queryByText('Reply 3.')).toBeNull();
    const now = within(log).getByRole('group', { name: 'Versions' });
    expect(now).toHaveTextContent('Version 2 of 3');
    await waitFor(() => expect(document.activeElement).toBe(within(now).getByRole('button', { name: 'Previous version' })));
    expect(document.querySelector('[data-xagent-announcer]')).toHaveTextContent('Version 2 of 3');
    first.unmount();

    render(<AgentChat agentId="a" conversationId="c-versions" chatOptions={{ fetch }} plugins={[branches()]} />);
    const reloaded = await screen.findByRole('log', {}, TIMEOUT);
    await within(reloaded).findByText('Reply 2.', {}, TIMEOUT);
    expect(within(reloaded).getByRole('group', { name: 'Versions' })).toHaveTextContent('Version 2 of 3');
  });
});
