import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMockAgentServer, inProcessFetch } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';
import { queue as queuePlugin } from '../plugins/queue.js';

const LONG = Array.from({ length: 150 }, (_, i) => `w${i}`).join(' ');
const server = createMockAgentServer({
  agents: { slow: { chunkDelayMs: 8, steps: ({ lastUserText }) => [{ type: 'text', text: lastUserText.startsWith('slow') ? `${LONG} done` : `reply to ${lastUserText}` }] } },
  logger: { warn: () => {}, error: () => {} },
});
const fetch = inProcessFetch(server);

const rowTexts = (list: HTMLElement) => within(list).getAllByRole('listitem').map((row) => row.querySelector('span')?.textContent);

describe('queued messages', () => {
  it('queues sends while a reply streams: listed under it, reordered by keyboard, edited, removed, then sent in order', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch }} plugins={[queuePlugin()]} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'slow start{Enter}');
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await user.type(box, 'two{Enter}');
    await user.type(box, 'three{Enter}');
    await user.type(box, 'four{Enter}');
    const queue = await screen.findByRole('region', { name: 'Queued messages' });
    expect(rowTexts(queue)).toEqual(['two', 'three', 'four']);
    expect(within(queue).getAllByRole('listitem')[0]).toHaveAccessibleName('Queued message 1 of 3');

    // Alt+ArrowUp on a row moves it sooner; the move buttons have names.
    const three = within(queue).getAllByRole('listitem')[1]!;
    three.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(rowTexts(queue)).toEqual(['three', 'two', 'four']));
    await user.click(within(within(queue).getAllByRole('listitem')[2]!).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(rowTexts(queue)).toEqual(['three', 'four', 'two']));
    expect(within(within(queue).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Move up' })).toBeDisabled();

    // Edit the first, remove the second.
    await user.click(within(within(queue).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Edit queued message' }));
    const editor = within(queue).getByRole('textbox', { name: 'Queued message text' });
    await user.clear(editor);
    await user.type(editor, 'three, edited{Enter}');
    await waitFor(() => expect(rowTexts(queue)).toEqual(['three, edited', 'four', 'two']));
    await user.click(within(within(queue).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Remove from queue' }));
    await waitFor(() => expect(rowTexts(queue)).toEqual(['three, edited', 'two']));

    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getByText('reply to two')).toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Queued messages' })).toBeNull();
    const text = log.textContent ?? '';
    expect(text.indexOf('slow start')).toBeLessThan(text.indexOf('three, edited'));
    expect(text.indexOf('reply to three, edited')).toBeLessThan(text.indexOf('two'));
    expect(text).not.toContain('four');
  }, 30_000);

  it('"Send now" stops the reply and sends that message', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch }} plugins={[queuePlugin()]} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'slow start{Enter}');
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming'));
    await user.type(box, 'now please{Enter}');
    const queue = await screen.findByRole('region', { name: 'Queued messages' });
    await user.click(within(queue).getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(within(screen.getByRole('log')).getByText('reply to now please')).toBeInTheDocument(), { timeout: 15_000 });
    expect(screen.getByRole('log').textContent).not.toContain(' done');
  }, 30_000);
});
