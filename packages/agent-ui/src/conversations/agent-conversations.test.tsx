import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AgentConversations, type ConversationItem } from './agent-conversations.js';

const items: ConversationItem[] = [
  { key: 'a', label: 'Trip to Lisbon', group: 'Today', timestamp: Date.now() },
  { key: 'b', label: 'Quarterly report', group: 'Today' },
  { key: 'c', label: 'Old chat', group: 'Last week', loading: true },
];

describe('AgentConversations', () => {
  it('selects by keyboard with the previous key, marks the active and loading rows, creates and opens menus', async () => {
    const onSelect = vi.fn();
    const onNew = vi.fn();
    const onMenuClick = vi.fn();
    const user = userEvent.setup();
    render(<AgentConversations items={items} activeKey="a" loadingKey="b" onSelect={onSelect} onNew={onNew} onMenuClick={onMenuClick} />);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByText('Today')).toBeInTheDocument();
    expect(within(nav).getByText('Last week')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /^Trip to Lisbon/ })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('button', { name: /^Quarterly report/ })).toHaveAttribute('aria-busy', 'true');
    expect(within(nav).getByRole('button', { name: /^Old chat/ })).toHaveAttribute('aria-busy', 'true');

    within(nav).getByRole('button', { name: /^Quarterly report/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ key: 'b', previousKey: 'a' });

    await user.click(within(nav).getByRole('button', { name: 'New chat' }));
    expect(onNew).toHaveBeenCalledTimes(1);

    await user.click(within(nav).getByRole('button', { name: 'Actions for Quarterly report' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(onMenuClick).toHaveBeenCalledWith({ action: 'delete', conversationKey: 'b' });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
