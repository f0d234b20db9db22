import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FOCUS_RING_MENU_CLASS } from '../a11y/focus-ring.js';
import { AgentConversations, type ConversationItem } from './agent-conversations.js';

const items: ConversationItem[] = [
  { key: 'a', label: 'Trip to Lisbon' },
  { key: 'b', label: 'Quarterly report' },
  { key: 'c', label: 'Quiz night' },
  { key: 'd', label: 'Old chat' },
];

const rows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-xagent-conversation]'));

describe('AgentConversations from the keyboard', () => {
  it('is one Tab stop: arrows, Home, End and type-ahead move inside; menu buttons are not Tab stops', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">before</button>
        <AgentConversations items={items} activeKey="b" onSelect={vi.fn()} />
        <button type="button">after</button>
      </>,
    );
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1, -1]);
    for (const trigger of document.querySelectorAll<HTMLElement>('[data-xagent-conversation-menu]')) expect(trigger.tabIndex).toBe(-1);

    screen.getByRole('button', { name: 'before' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(rows()[1]);
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(rows()[1]);

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[2]);
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, -1, 0, -1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[3]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[0]);
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(rows()[3]);
    await user.keyboard('q');
    expect(document.activeElement).toBe(rows()[1]);
    await user.keyboard('q');
    expect(document.activeElement).toBe(rows()[2]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    await user.keyboard('t');
    expect(document.activeElement).toBe(rows()[0]);
  });

  it('renames and deletes from the keyboard without opening another conversation', async () => {
    const onSelect = vi.fn();
    const onRename = vi.fn();
    const onMenuClick = vi.fn();
    const user = userEvent.setup();
    render(<AgentConversations items={items} activeKey="a" onSelect={onSelect} onRename={onRename} onMenuClick={onMenuClick} />);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });

    rows()[1]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(nav).getByRole('button', { name: 'Actions for Quarterly report' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(rows()[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    // The first entry takes the focus, so that ArrowUp/ArrowDown move in the menu.
    const renameItem = await screen.findByRole('menuitem', { name: /Rename/ });
    await waitFor(() => expect(renameItem).toHaveFocus());
    // Enter on an entry (rc-menu reads `which`): the key's default is cancelled, so no "click"
    // reaches the row button that takes the focus next.
    expect(fireEvent.keyDown(renameItem, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 })).toBe(false);
    expect(onMenuClick).toHaveBeenCalledWith({ action: 'rename', conversationKey: 'b' });
    const input = await within(nav).findByRole('textbox', { name: 'New title for Quarterly report' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('{Control>}a{/Control}Q3 report');
    expect(fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 })).toBe(false);
    expect(onRename).toHaveBeenCalledWith({ key: 'b', title: 'Q3 report' });
    await waitFor(() => expect(rows()[1]).toHaveFocus());

    const deleteItem = screen.getAllByRole('menuitem', { name: /Delete/ }).at(-1)!;
    expect(fireEvent.keyDown(deleteItem, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 })).toBe(false);
    expect(onMenuClick).toHaveBeenLastCalledWith({ action: 'delete', conversationKey: 'b' });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('its actions menu, in a portal outside the list, takes the kit\u2019s ring class and ring colour', async () => {
    const user = userEvent.setup();
    render(<AgentConversations items={items} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Quiz night' }));
    const menu = (await screen.findByRole('menuitem', { name: /Rename/ })).closest('[role="menu"]')!;
    expect(menu.closest('[data-xagent-conversations]')).toBeNull();
    expect(menu).toHaveClass(FOCUS_RING_MENU_CLASS);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const ring = nav.style.getPropertyValue('--xagent-focus-ring');
    expect(ring).toMatch(/^#[0-9a-f]{6}$/i);
    expect((menu as HTMLElement).style.getPropertyValue('--xagent-focus-ring')).toBe(ring);
  });

  it('Escape in the actions menu closes it and hands the focus back to its button, not to <body>', async () => {
    const user = userEvent.setup();
    render(<AgentConversations items={items} />);
    rows()[2]!.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    const rename = await screen.findByRole('menuitem', { name: /Rename/ });
    await waitFor(() => expect(rename).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Actions for Quiz night' })).toHaveFocus();
  });

  it('Escape in the rename field cancels without reaching the row', async () => {
    const onRename = vi.fn();
    const user = userEvent.setup();
    render(<AgentConversations items={items} onRename={onRename} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Old chat' }));
    await user.click(await screen.findByRole('menuitem', { name: /Rename/ }));
    const input = await screen.findByRole('textbox', { name: 'New title for Old chat' });
    expect(fireEvent.keyDown(input, { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 })).toBe(false);
    expect(onRename).not.toHaveBeenCalled();
    await waitFor(() => expect(rows()[3]).toHaveFocus());
  });
});

describe('AgentConversations, a conversation waiting for an approval', () => {
  it('shows a badge that is part of the row name', () => {
    render(<AgentConversations items={[{ key: 'a', label: 'Delete record 7', awaitingApproval: true }, { key: 'b', label: 'Other' }]} />);
    expect(screen.getByRole('button', { name: /^Delete record 7\s*Waiting for your approval/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Other/ })).not.toHaveAccessibleName(/Waiting/);
  });
});
