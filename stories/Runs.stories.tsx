import type { Meta, StoryObj } from '@storybook/react-vite';
import { memoryStore } from '@x/agent-server/store';
import { AgentChat } from '@x/agent-ui';
import { resume } from '@x/agent-ui/plugins/resume';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { chatMounted, idle, send, TIMEOUT } from './support/chat-actions.js';

// Resumable runs (issue 12): how a reply looks when it was stopped or interrupted, while the
// connection to it is restored, and after a reload re-attached to it. The server is the real one
// with a store (in memory), answered inside msw under its own base path.

const API = '/api/runs-story';
const server = createScenarioServer({
  scenarios: [scenarios.slowParagraphs, scenarios.plainText],
  smartAgentId: false,
  config: { basePath: API, store: memoryStore() },
});

/** The same without a store: the browser keeps the history of the stories that start from `messages`. */
const PLAIN_API = '/api/runs-story-plain';
const plainServer = createScenarioServer({ scenarios: [scenarios.plainText], smartAgentId: false, config: { basePath: PLAIN_API } });

const meta = {
  title: 'AgentChat/Runs',
  component: AgentChat,
  args: { agentId: 'plain-text', api: API, height: 520 },
  parameters: { msw: { handlers: [...agentHandlers(server), ...agentHandlers(plainServer)] } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A conversation id no earlier run of this page used (the store lives as long as the page). */
const fresh = (name: string) => `story-${name}-${Math.random().toString(36).slice(2, 8)}`;

const question: AgentUIMessage = { id: 'q1', role: 'user', parts: [{ type: 'text', text: 'Write five numbered paragraphs' }] };
const partial = (stopReason: 'stopped' | 'interrupted' | 'error'): AgentUIMessage => ({
  id: 'a1',
  role: 'assistant',
  metadata: { stopReason },
  parts: [{ type: 'text', text: 'Paragraph 1 (amber): the amber lantern swings over the harbour while' }],
});

/** A reply the user stopped: what arrived stays, marked "Stopped". */
export const StoppedReply: Story = {
  args: { messages: [question, partial('stopped')], api: PLAIN_API },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const reply = canvasElement.querySelector('[data-xagent-message="assistant"]')!;
    await expect(within(reply as HTMLElement).getByText('Stopped')).toBeVisible();
    await expect(within(reply as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** A reply whose run was lost (or failed): "Interrupted — Retry"; Retry regenerates it. */
export const InterruptedReply: Story = {
  args: { messages: [question, partial('interrupted')], api: PLAIN_API },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const reply = within(canvasElement.querySelector('[data-xagent-message="assistant"]') as HTMLElement);
    await expect(reply.getByText('Interrupted')).toBeVisible();
    // The mark's Retry comes with the on-demand chunk (its stand-in shows the words meanwhile).
    await userEvent.click(await reply.findByRole('button', { name: 'Retry' }, TIMEOUT));
    await idle(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-message="assistant"]')).toHaveTextContent(/streams on its own/), TIMEOUT);
    await expect(canvasElement.querySelector('[data-xagent-reply-end]')).toBeNull();
  },
};

/** A failed reply saved by the server shows the same mark as an interrupted one. */
export const FailedReply: Story = {
  args: { messages: [question, partial('error')], api: PLAIN_API },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(canvasElement.querySelector('[data-xagent-reply-end]')).toHaveAttribute('data-xagent-reply-end', 'interrupted');
  },
};

/**
 * The connection drops mid-reply (the browser says it is offline): "Reconnecting…" is shown and
 * announced, the chat re-attaches by itself and the reply completes (the `resume()` plug-in).
 */
export const Reconnecting: Story = {
  args: { agentId: 'paragraphs', conversationId: fresh('reconnecting'), plugins: [resume()] },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await send(canvasElement, 'Write five numbered paragraphs');
    await expect(await canvas.findByText(/Paragraph 1 \(amber\)/, {}, TIMEOUT)).toBeInTheDocument();
    window.dispatchEvent(new Event('offline'));
    const notice = canvasElement.querySelector('[data-xagent-connection]')!;
    await expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(notice).toHaveTextContent('Reconnecting…'), TIMEOUT);
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-message="assistant"]')).toHaveTextContent('the ember tide comes in'), { timeout: 20_000 });
    await idle(canvasElement);
    await expect(notice).toHaveTextContent('');
  },
};

/** A page that "reloads" its chat (remounts it on the same conversation) while a reply streams. */
function ReloadingChat(props: Parameters<typeof AgentChat>[0]) {
  const [mount, setMount] = useState(0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 560 }}>
      <button type="button" onClick={() => setMount((n) => n + 1)}>
        Reload the chat
      </button>
      <AgentChat key={mount} {...props} />
    </div>
  );
}

/**
 * After a reload the chat re-attaches to the reply still running on the server (the `resume()`
 * plug-in): it continues in place, Stop is enabled and stops it ("Stopped").
 */
export const ResumedAfterReload: Story = {
  args: { agentId: 'paragraphs', conversationId: fresh('resumed'), plugins: [resume()] },
  render: (args) => <ReloadingChat {...args} />,
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await send(canvasElement, 'Write five numbered paragraphs');
    await expect(await canvas.findByText(/Paragraph 1 \(amber\)/, {}, TIMEOUT)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Reload the chat' }));
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-message="assistant"]')).toHaveTextContent(/Paragraph 2 \(birch\)/), TIMEOUT);
    const stop = canvas.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeEnabled();
    await userEvent.click(stop);
    await idle(canvasElement);
    await expect(within(canvasElement.querySelector('[data-xagent-message="assistant"]') as HTMLElement).getByText('Stopped')).toBeVisible();
  },
};
