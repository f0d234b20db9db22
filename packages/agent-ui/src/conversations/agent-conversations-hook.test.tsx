import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createConversationsClient, useConversations, type UseConversationsOptions } from '@x/agent-react/conversations';
import { createAgentServer } from '@x/agent-server';
import { memoryStore } from '@x/agent-server/store';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentConversations } from './agent-conversations.js';

/** The real agent server with a memory store, two titled conversations, and a log of request methods. */
async function setup() {
  const server = createAgentServer({
    agents: { assistant: { model: scriptedModel({ steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 }) } },
    store: memoryStore(),
    logger: { warn: () => {}, error: () => {} },
  });
  const answer = inProcessFetch(server);
  const requests: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    return answer(input, init);
  };
  const client = createConversationsClient({ fetch });
  for (const [id, title] of [['lisbon', 'Weekend in Lisbon'], ['report', 'Quarterly report']] as const) {
    const response = await fetch('/api/agent/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: id, messages: [{ id: `u-${id}`, role: 'user', parts: [{ type: 'text', text: title }] }] }),
    });
    await response.text();
    await client.rename(id, title);
  }
  requests.length = 0;
  return { fetch, client, requests };
}

function Sidebar(options: UseConversationsOptions) {
  return <AgentConversations conversations={useConversations(options)} locale="en-US" />;
}

/** The entry of the menu just opened (a closed menu may still be in the DOM while it animates out). */
const menuItem = async (name: RegExp) => (await screen.findAllByRole('menuitem', { name })).at(-1)!;
const nav = () => screen.getByRole('navigation', { name: 'Conversations' });

describe('AgentConversations driven by useConversations', () => {
  it('lists the server conversations under Today, searches, and starts a new chat', async () => {
    const { fetch } = await setup();
    const user = userEvent.setup();
    render(<Sidebar fetch={fetch} searchDelay={10} initialSelectedId="report" />);
    await within(nav()).findByRole('button', { name: /^Weekend in Lisbon/ });
    expect(within(nav()).getByText('Today')).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: /^Quarterly report/ })).toHaveAttribute('aria-current', 'true');

    await user.type(within(nav()).getByRole('searchbox', { name: 'Search conversations' }), 'lisbon');
    await waitFor(() => expect(within(nav()).queryByRole('button', { name: /^Quarterly report/ })).not.toBeInTheDocument());
    expect(within(nav()).getByRole('button', { name: /^Weekend in Lisbon/ })).toBeInTheDocument();

    await user.click(within(nav()).getByRole('button', { name: 'New chat' }));
    expect(within(nav()).queryByRole('button', { current: true })).not.toBeInTheDocument();
  });

  it('deletes with an inline Undo that restores the row without a request, and focus moves to the next row', async () => {
    const { fetch, requests } = await setup();
    const user = userEvent.setup();
    render(<Sidebar fetch={fetch} undoTimeout={60_000} />);
    await within(nav()).findByRole('button', { name: /^Quarterly report/ });
    await user.click(within(nav()).getByRole('button', { name: 'Actions for Quarterly report' }));
    await user.click(await menuItem(/Delete/));
    expect(within(nav()).queryByRole('button', { name: /^Quarterly report/ })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('status')).toHaveTextContent('Deleted “Quarterly report”');
    // The Undo line sticks to the top of the scrolling sidebar: a row deleted far down keeps it in view.
    expect(getComputedStyle(within(nav()).getByRole('status'))).toMatchObject({ position: 'sticky', top: '0px' });
    await waitFor(() => expect(within(nav()).getByRole('button', { name: /^Weekend in Lisbon/ })).toHaveFocus());

    await user.click(within(nav()).getByRole('button', { name: 'Undo' }));
    expect(within(nav()).getByRole('button', { name: /^Quarterly report/ })).toHaveFocus();
    expect(within(nav()).getByRole('status')).toBeEmptyDOMElement();
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
  });

  it('sends the DELETE when the undo window closes: the server no longer has the conversation', async () => {
    const { fetch, client } = await setup();
    const user = userEvent.setup();
    render(<Sidebar fetch={fetch} undoTimeout={30} />);
    await user.click(await within(nav()).findByRole('button', { name: 'Actions for Weekend in Lisbon' }));
    await user.click(await menuItem(/Delete/));
    await waitFor(async () => expect((await client.list()).items.map((c) => c.id)).toEqual(['report']));
    expect(within(nav()).getByRole('status')).toBeEmptyDOMElement();
  });

  it('renames inline and the server keeps the title; a refused rename rolls back with an error row', async () => {
    const { fetch, client } = await setup();
    const user = userEvent.setup();
    render(<Sidebar fetch={fetch} />);
    await user.click(await within(nav()).findByRole('button', { name: 'Actions for Weekend in Lisbon' }));
    await user.click(await menuItem(/Rename/));
    const input = within(nav()).getByRole('textbox', { name: 'New title for Weekend in Lisbon' });
    await user.clear(input);
    await user.keyboard('Lisbon with kids{Enter}');
    expect(within(nav()).getByRole('button', { name: /^Lisbon with kids/ })).toHaveFocus();
    await waitFor(async () => expect((await client.history('lisbon')).conversation.title).toBe('Lisbon with kids'));

    // Deleted elsewhere (another tab): the rename is refused and rolled back.
    await client.remove('report');
    await user.click(within(nav()).getByRole('button', { name: 'Actions for Quarterly report' }));
    await user.click(await menuItem(/Rename/));
    await user.keyboard('{Control>}a{/Control}Renamed{Enter}');
    expect(await within(nav()).findByRole('alert')).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: /^Quarterly report/ })).toBeInTheDocument();
    await user.click(within(nav()).getByRole('button', { name: 'Dismiss' }));
    expect(within(nav()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
