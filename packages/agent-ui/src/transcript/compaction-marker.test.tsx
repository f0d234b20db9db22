import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { COMPACTION_PART } from '@x/agent-protocol';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';

const SUMMARY = 'The user planned a **Lisbon** trip and chose the Alfama hotel.';

const transcript = (data: unknown): AgentUIMessage[] => [
  { id: 'a0', role: 'assistant', parts: [{ type: COMPACTION_PART, data } as never, { type: 'text', text: 'Welcome back.' }] },
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which hotel again?' }] },
];

describe('compaction marker', () => {
  it('shows "Earlier messages were summarized" as a disclosure that expands to the summary (markdown)', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="plain-text" messages={transcript({ summary: SUMMARY, replacedMessages: 12 })} />);
    const log = within(screen.getByRole('log'));
    // The marker is in the on-demand chunk: a same-text stand-in shows until it is there.
    const toggle = await log.findByRole('button', { name: 'Earlier messages were summarized' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(region).not.toBeVisible();
    expect(log.queryByText(/Alfama hotel/)).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(region).toBeVisible();
    expect(region).toHaveTextContent('The user planned a Lisbon trip and chose the Alfama hotel.');
    expect(within(region).getByText('Lisbon').tagName).toBe('STRONG');

    // From the keyboard too.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
    // The rest of the message still renders.
    expect(log.getByText('Welcome back.')).toBeInTheDocument();
  });

  it('follows the dark theme, and tolerates a part without a summary', async () => {
    const user = userEvent.setup();
    const light = render(<AgentChat agentId="plain-text" messages={transcript({ summary: SUMMARY, replacedMessages: 3 })} />);
    const lightColor = getComputedStyle(await screen.findByRole('button', { name: 'Earlier messages were summarized' })).color;
    light.unmount();
    render(<AgentChat agentId="plain-text" messages={transcript({ replacedMessages: 3 })} ui={{ appearance: { dark: true } }} />);
    const toggle = await screen.findByRole('button', { name: 'Earlier messages were summarized' });
    expect(getComputedStyle(toggle).color).not.toBe(lightColor);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Welcome back.')).toBeInTheDocument();
  });
});
