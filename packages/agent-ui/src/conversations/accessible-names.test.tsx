import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useConversations } from '@x/agent-react/conversations';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentConversations } from './agent-conversations.js';

const server = createAgentServer({
  agents: { assistant: { model: scriptedModel({ steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 }) } },
  store: memoryStore(),
  logger: { warn: () => {}, error: () => {} },
});
const fetch = inProcessFetch(server);

function Sidebar() {
  return <AgentConversations conversations={useConversations({ fetch, searchDelay: 10 })} locale="en-US" />;
}

// Icons are decoration: their names ("edit", "delete", "close-circle") never reach an accessible name.
describe('AgentConversations accessible names', () => {
  it('menu items are named by their text alone', async () => {
    const user = userEvent.setup();
    render(<AgentConversations items={[{ key: 'a', label: 'Trip to Lisbon' }]} onMenuClick={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Trip to Lisbon' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('the search clear button is "Clear search"', async () => {
    const user = userEvent.setup();
    render(<Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    await user.type(within(nav).getByRole('searchbox', { name: 'Search conversations' }), 'lisbon');
    const clear = within(nav).getByRole('button', { name: 'Clear search' });
    expect(within(nav).queryByRole('button', { name: /close/i })).toBeNull();
    await user.click(clear);
    expect(within(nav).getByRole('searchbox', { name: 'Search conversations' })).toHaveValue('');
  });
});
