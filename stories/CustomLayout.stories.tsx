import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAgentChat, useAgentStatus } from '@x/agent-react';
import { AgentChatProvider, AgentComposer, AgentMessageList, AgentSuggestions, useAgentChatContext } from '@x/agent-ui';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import type { CSSProperties } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { TIMEOUT } from './support/chat-actions.js';

// The real @x/agent-server inside msw; its "assistant" picks a scenario from the user's words
// ("delete record 7" asks for an approval, "a slow story" streams slowly).
const server = createScenarioServer({ scenarios: Object.values(scenarios), config: { logger: { warn: () => {}, error: () => {} } } });

const frameStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 200px',
  gridTemplateRows: 'minmax(0, 1fr) auto auto',
  gap: 12,
  height: 560,
  padding: 12,
  border: '1px solid #d9d9d9',
  borderRadius: 12,
  fontFamily: 'system-ui, sans-serif',
};

/** The app's own side panel, next to the kit's parts: the chat's status and pending approvals. */
function SidePanel() {
  const { chat, approvals } = useAgentChatContext();
  const status = useAgentStatus(chat);
  return (
    <aside aria-label="Chat status" style={{ gridRow: '1 / span 3', gridColumn: 2, borderInlineStart: '1px solid #f0f0f0', paddingInlineStart: 12 }}>
      <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>Assistant</h2>
      <p data-testid="chat-status" style={{ margin: 0 }}>
        {status === 'streaming' || status === 'submitted' ? 'Answering…' : approvals.pending.length ? 'Waiting for your approval' : 'Ready'}
      </p>
    </aside>
  );
}

/** A welcome screen taller than the transcript's box. */
function TallWelcome() {
  return (
    <section aria-labelledby="custom-welcome-title">
      <h2 id="custom-welcome-title" style={{ fontSize: 20 }}>
        Welcome to your assistant
      </h2>
      {Array.from({ length: 30 }, (_, i) => (
        <p key={i} style={{ margin: '0 0 24px' }}>
          Tip {i + 1}: ask for a summary, a plan or a draft, and refine it from there.
        </p>
      ))}
    </section>
  );
}

/** A layout of the app's own, built from the kit's exported parts under AgentChatProvider. */
function CustomLayout({ welcome = false }: { welcome?: boolean }) {
  const chat = useAgentChat({ agentId: 'assistant' });
  return (
    <AgentChatProvider chat={chat} messageDisplay={{ actions: ['copy', 'regenerate', 'feedback'] }}>
      <div style={frameStyle}>
        <AgentMessageList style={{ gridColumn: 1 }} empty={welcome ? <TallWelcome /> : undefined} />
        <div style={{ gridColumn: 1 }}>
          <AgentSuggestions />
        </div>
        <AgentComposer style={{ gridColumn: 1 }} placeholder="Ask the assistant…" />
        <SidePanel />
      </div>
    </AgentChatProvider>
  );
}

const meta = {
  title: 'AgentChatProvider/Custom layout',
  component: CustomLayout,
  parameters: { msw: { handlers: agentHandlers(server) } },
} satisfies Meta<typeof CustomLayout>;
export default meta;

type Story = StoryObj<typeof meta>;

const statusText = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('chat-status');

async function send(canvasElement: HTMLElement, text: string) {
  await userEvent.type(within(canvasElement).getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

/**
 * The kit's transcript, suggestions and composer in an app's own grid with its own status panel:
 * Approve, Copy and Stop act on the chat exactly as in `AgentChat`.
 */
export const ApproveCopyAndStop: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const log = within(canvas.getByRole('log'));

    await step('Approve: the approval card answers through the provider', async () => {
      await send(canvasElement, 'Delete record 7');
      const card = await log.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('Waiting for your approval'), TIMEOUT);
      await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
      await expect(await log.findByText(/Record 7 is deleted/, {}, TIMEOUT)).toBeInTheDocument();
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('Ready'), TIMEOUT);
    });

    await step('Copy: the reply\'s text goes to the clipboard', async () => {
      const writeText = fn(async (_text: string) => {});
      const own = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      try {
        const reply = log.getAllByRole('article').at(-1)!;
        await userEvent.click(within(reply).getByRole('button', { name: 'Copy' }));
        await expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/Record 7 is deleted\./));
      } finally {
        if (own) Object.defineProperty(navigator, 'clipboard', own);
        else delete (navigator as { clipboard?: unknown }).clipboard;
      }
    });

    await step('Stop: the composer stops the streaming reply and keeps what arrived', async () => {
      await send(canvasElement, 'Tell me a slow story');
      await waitFor(() => expect(canvasElement.querySelector('[data-streaming]')?.textContent?.length ?? 0).toBeGreaterThan(20), TIMEOUT);
      await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
      await waitFor(() => expect(statusText(canvasElement)).toHaveTextContent('Ready'), TIMEOUT);
      const reply = log.getAllByRole('article').at(-1)!;
      const kept = reply.textContent ?? '';
      await expect(kept).toMatch(/Once upon a time/);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(reply.textContent).toBe(kept);
    });
  },
};

/** A welcome screen taller than the transcript opens at its top (the transcript follows the bottom only once messages arrive). */
export const WelcomeOpensAtTop: Story = {
  args: { welcome: true },
  play: async ({ canvasElement }) => {
    const transcript = within(canvasElement).getByRole('log');
    await expect(within(transcript).getByRole('heading', { name: 'Welcome to your assistant' })).toBeInTheDocument();
    await waitFor(() => expect(transcript.scrollHeight).toBeGreaterThan(transcript.clientHeight));
    // Give the transcript's resize observer a few frames to (wrongly) follow the bottom.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await expect(transcript.scrollTop).toBe(0);
  },
};
