import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentConversations, type ConversationItem } from '@x/agent-ui';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';

const now = Date.UTC(2026, 10, 22, 9, 30);
const ITEMS: ConversationItem[] = [
  { key: 'lisbon', label: 'Weekend in Lisbon', group: 'Today', timestamp: now, icon: <span aria-hidden="true">💬</span> },
  { key: 'report', label: 'Quarterly report draft', group: 'Today', timestamp: now - 3_600_000 },
  { key: 'import', label: 'Importing the CRM export', group: 'Yesterday', loading: true },
  { key: 'archive', label: 'Archived chat', group: 'Last week', disabled: true },
];

function Controlled(props: { onSelect: (e: { key: string; previousKey: string | undefined }) => void; onNew: () => void; onMenuClick: (e: { action: string; conversationKey: string }) => void }) {
  const [active, setActive] = useState('lisbon');
  return (
    <div style={{ width: 300 }}>
      <AgentConversations
        items={ITEMS}
        activeKey={active}
        loadingKey="report"
        onSelect={(event) => {
          setActive(event.key);
          props.onSelect(event);
        }}
        onNew={props.onNew}
        onMenuClick={props.onMenuClick}
        menu={{ actions: [{ key: 'pin', label: 'Pin' }] }}
        formatTimestamp={(date) => date.toISOString().slice(11, 16)}
      />
    </div>
  );
}

const meta = {
  title: 'AgentConversations',
  component: Controlled,
  args: { onSelect: fn(), onNew: fn(), onMenuClick: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;

/** Groups, timestamps, icons, loading rows (`aria-busy`), a per-item menu and a creation button. */
export const GroupsAndLoading: StoryObj<typeof meta> = {
  play: async ({ canvasElement, args }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Conversations' }));
    await expect(nav.getByText('Yesterday')).toBeInTheDocument();
    await expect(nav.getByRole('button', { name: /^Weekend in Lisbon/ })).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('button', { name: /^Importing the CRM export/ })).toHaveAttribute('aria-busy', 'true');
    await expect(nav.getByRole('button', { name: /^Quarterly report draft/ })).toHaveAttribute('aria-busy', 'true');

    nav.getByRole('button', { name: /^Quarterly report draft/ }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith({ key: 'report', previousKey: 'lisbon' });
    await expect(nav.getByRole('button', { name: /^Quarterly report draft/ })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(nav.getByRole('button', { name: 'Actions for Weekend in Lisbon' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Pin/ }));
    await expect(args.onMenuClick).toHaveBeenCalledWith({ action: 'pin', conversationKey: 'lisbon' });

    await userEvent.click(nav.getByRole('button', { name: 'New chat' }));
    await expect(args.onNew).toHaveBeenCalledTimes(1);
  },
};
