import type { Meta, StoryObj } from '@storybook/react-vite';
import { memoryStore } from '@x/agent-server/store';
import { AgentChat } from '@x/agent-ui';
import { AgentInspector, createInspector } from '@x/agent-ui/inspector';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { chatMounted, idle, send, TIMEOUT } from './support/chat-actions.js';

// The developer inspector (issue 25) beside a chat: the chat's fetch goes through the inspector,
// the real server answers inside msw (with a store, so events carry ids and runs have ids).

const API = '/api/inspector-story';
const server = createScenarioServer({ scenarios: [scenarios.approval, scenarios.plainText], smartAgentId: false, config: { basePath: API, store: memoryStore() } });

function ChatWithInspector() {
  const [inspector] = useState(() => createInspector());
  // With a store the server keeps the history of a conversation: a new one per page run.
  const [conversationId] = useState(() => `inspector-${Math.random().toString(36).slice(2, 8)}`);
  return (
    <>
      <AgentChat agentId="approval" api={API} conversationId={conversationId} height={520} chatOptions={{ fetch: inspector.fetch }} />
      <AgentInspector inspector={inspector} />
    </>
  );
}

const meta = {
  title: 'Developer/AgentInspector',
  component: ChatWithInspector,
  parameters: { msw: { handlers: agentHandlers(server) }, layout: 'fullscreen' },
} satisfies Meta<typeof ChatWithInspector>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A turn that asks for approval, then the answer: both runs, their events, filter and copy from the keyboard. */
export const ApprovalRun: Story = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Delete record 7');
    const log = within(await within(canvasElement).findByRole('log', { name: 'Conversation' }, TIMEOUT));
    const card = await log.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
    await idle(canvasElement);
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await expect(await log.findByText(/Record 7 is deleted/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);

    const panel = within(within(canvasElement.ownerDocument.body).getByRole('complementary', { name: 'Agent inspector' }));
    const turns = await panel.findAllByRole('button', { name: /turn POST \/api\/inspector-story\/approval 200/ }, TIMEOUT);
    expect(turns.length).toBe(2);
    // The last run is selected: the approval answer it sent, then its events with their ids.
    const events = panel.getByRole('list', { name: 'Events' });
    await waitFor(() => expect(within(events).getByText(/deleteRecord approved/)).toBeInTheDocument(), TIMEOUT);
    // Filter by type with the keyboard.
    panel.getByRole('combobox', { name: 'Type' }).focus();
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Type' }), 'finish');
    await waitFor(() => expect(within(events).getAllByRole('listitem')).toHaveLength(1));
    await expect(within(events).getByText(/^#\d+ id \d+ \+\d+ ms/)).toBeVisible();
    // The first run: its approval request.
    await userEvent.click(turns[0]!);
    await userEvent.selectOptions(panel.getByRole('combobox', { name: 'Type' }), 'all');
    await expect(within(panel.getByRole('list', { name: 'Events' })).getByText(/approval .* for /)).toBeVisible();
  },
};
