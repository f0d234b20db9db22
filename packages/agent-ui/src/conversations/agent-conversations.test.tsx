import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
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

  it('renames inline with onRename: Enter saves, Escape cancels, focus returns to the row; no window.prompt', async () => {
    const onRename = vi.fn();
    const onMenuClick = vi.fn();
    const prompt = vi.spyOn(window, 'prompt');
    const user = userEvent.setup();
    render(<AgentConversations items={items} onRename={onRename} onMenuClick={onMenuClick} />);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });

    await user.click(within(nav).getByRole('button', { name: 'Actions for Trip to Lisbon' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const input = within(nav).getByRole('textbox', { name: 'New title for Trip to Lisbon' });
    expect(input).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onRename).not.toHaveBeenCalled();
    expect(within(nav).getByRole('button', { name: /^Trip to Lisbon/ })).toHaveFocus();

    await user.click(within(nav).getByRole('button', { name: 'Actions for Trip to Lisbon' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    await user.clear(within(nav).getByRole('textbox', { name: 'New title for Trip to Lisbon' }));
    await user.keyboard('Lisbon in May{Enter}');
    expect(onRename).toHaveBeenCalledExactlyOnceWith({ key: 'a', title: 'Lisbon in May' });
    expect(onMenuClick).toHaveBeenCalledWith({ action: 'rename', conversationKey: 'a' });
    expect(within(nav).queryByRole('textbox', { name: /New title/ })).not.toBeInTheDocument();
    expect(prompt).not.toHaveBeenCalled();
  });

  it('moves focus to the next row when a deleted row leaves the list, and to "New chat" when none is left', async () => {
    function App() {
      const [rows, setRows] = useState(items.slice(0, 2));
      return (
        <AgentConversations
          items={rows}
          onNew={() => {}}
          onMenuClick={({ action, conversationKey }) => {
            if (action === 'delete') setRows((current) => current.filter((row) => row.key !== conversationKey));
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<App />);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    await user.click(within(nav).getByRole('button', { name: 'Actions for Trip to Lisbon' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(within(nav).queryByRole('button', { name: /^Trip to Lisbon/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /^Quarterly report/ })).toHaveFocus();

    await user.click(within(nav).getByRole('button', { name: 'Actions for Quarterly report' }));
    await user.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    expect(within(nav).getByRole('button', { name: 'New chat' })).toHaveFocus();
  });
});
