import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAgentChat, useAgentStatus } from '@x/agent-react';
import {
  AgentChatError,
  AgentChatPanel,
  AgentChatProvider,
  AgentComposer,
  AgentMessageList,
  AgentSuggestions,
  AgentUIProvider,
  AgentWelcome,
  pluginChatOptions,
  useAgentChatContext,
  type AgentChatPlugin,
} from '@x/agent-ui';
import { queue } from '@x/agent-ui/plugins/queue';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import type { CSSProperties } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { chatMounted, idle, send, TIMEOUT } from './support/chat-actions.js';

// A chat laid out unlike AgentChat, from the kit's exported parts and a plug-in only: the composer on
// top, the transcript below it, a side column with the chat's status, its error and the follow-up
// suggestions. The chat is `useAgentChat` with the plug-ins' options (`pluginChatOptions`), under an
// `AgentUIProvider` and an `AgentChatProvider` given the same plug-ins (here the send queue).
//
// The real @x/agent-server inside msw; its "assistant" picks a scenario from the user's words ("say
// hello" answers at once, "five numbered paragraphs" streams for seconds, "delete record 7" asks for
// an approval, "a slow story" streams slowly, "flaky" fails once), and suggests follow-ups.
const server = createScenarioServer({ scenarios: Object.values(scenarios), config: { logger: { warn: () => {}, error: () => {} } } });

/** The plug-ins of this chat: the send queue (a message sent while a reply streams waits, then goes). */
const plugins: AgentChatPlugin[] = [queue()];

const frameStyle: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 240px',
  gridTemplateRows: 'auto minmax(0, 1fr)',
  gridTemplateAreas: '"composer side" "transcript side"',
  gap: 12,
  padding: 12,
  border: '1px solid #d9d9d9',
  borderRadius: 12,
  boxSizing: 'border-box',
  fontFamily: 'system-ui, sans-serif',
};

/** The app's own status line, next to the kit's parts: what the chat is doing. */
function ChatStatus() {
  const { chat, approvals } = useAgentChatContext();
  const status = useAgentStatus(chat);
  return (
    <p data-testid="chat-status" style={{ margin: 0 }}>
      {status === 'streaming' || status === 'submitted' ? 'Answering…' : approvals.pending.length ? 'Waiting for your approval' : 'Ready'}
    </p>
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

const WELCOME = (
  <AgentWelcome
    title="Ask the assistant"
    description="Your message goes on top; the conversation reads below it."
    prompts={['Plan a weekend trip to Lisbon']}
  />
);

/** A layout of the app's own, built from the kit's exported parts and the queue plug-in. */
function CustomLayout({ welcome = 'default' }: { welcome?: 'default' | 'tall' }) {
  const chat = useAgentChat({ agentId: 'assistant', ...pluginChatOptions(plugins) });
  return (
    <AgentUIProvider accessibleColors>
      <AgentChatProvider chat={chat} plugins={plugins} messageDisplay={{ actions: ['copy', 'regenerate', 'feedback'] }}>
        <AgentChatPanel height={600} style={frameStyle}>
          {/* The composer on top; the queue plug-in shows the queued messages just above it. */}
          <div style={{ gridArea: 'composer', display: 'flex', flexDirection: 'column', gap: 8 }}>
            <AgentComposer placeholder="Ask the assistant…" />
          </div>
          <AgentMessageList style={{ gridArea: 'transcript' }} empty={welcome === 'tall' ? <TallWelcome /> : WELCOME} />
          <aside
            aria-label="Chat status"
            style={{ gridArea: 'side', display: 'flex', flexDirection: 'column', gap: 12, minHeight: 0, overflow: 'auto', borderInlineStart: '1px solid #f0f0f0', paddingInlineStart: 12 }}
          >
            <h2 style={{ fontSize: 16, margin: 0 }}>Assistant</h2>
            <ChatStatus />
            <AgentChatError />
            <AgentSuggestions />
          </aside>
        </AgentChatPanel>
      </AgentChatProvider>
    </AgentUIProvider>
  );
}

const meta = {
  title: 'Composition/Custom layout',
  component: CustomLayout,
  parameters: { msw: { handlers: agentHandlers(server) } },
} satisfies Meta<typeof CustomLayout>;
export default meta;

type Story = StoryObj<typeof meta>;

const statusText = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('chat-status');
const side = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('complementary', { name: 'Chat status' }));
const userMessages = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll<HTMLElement>('[data-xagent-message="user"]')];
const replies = (canvasElement: HTMLElement) => [...canvasElement.querySelectorAll<HTMLElement>('[data-xagent-message="assistant"]')];

/** Waits while a reply of the five paragraphs streams (they take seconds) and the next one after it. */
const LONG = { timeout: 25_000 };

/**
 * The composer on top, the transcript below, the suggestions in the side column; with the queue
 * plug-in a message sent while a reply streams waits above the composer and is sent when it ends.
 */
export const QueueWhileStreaming: Story = {
  play: async ({ canvasElement, step }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    const log = within(canvas.getByRole('log'));

    await step('The composer sits above the transcript, the side column beside them', async () => {
      await expect(log.getByRole('heading', { name: 'Ask the assistant' })).toBeVisible();
      const composer = canvas.getByRole('textbox', { name: 'Message' }).getBoundingClientRect();
      const transcript = canvas.getByRole('log').getBoundingClientRect();
      const aside = canvas.getByRole('complementary', { name: 'Chat status' }).getBoundingClientRect();
      await expect(composer.bottom).toBeLessThanOrEqual(transcript.top);
      await expect(aside.left).toBeGreaterThanOrEqual(transcript.right);
    });

    await step('A message goes through the server: its reply renders in the transcript, the follow-ups in the side column', async () => {
      await send(canvasElement, 'Say hello');
      await expect(await log.findByText(/Every word of this reply streams on its own/, {}, TIMEOUT)).toBeInTheDocument();
      await idle(canvasElement);
      await expect(statusText(canvasElement)).toHaveTextContent('Ready');
      const suggestions = await side(canvasElement).findByRole('group', { name: 'Suggestions' }, TIMEOUT);
      await expect(within(suggestions).getAllByRole('button').length).toBeGreaterThan(0);
      await expect(log.queryByRole('group', { name: 'Suggestions' })).toBeNull();
    });

    await step('A message sent while the reply streams is queued above the composer, not sent', async () => {
      // Typed, not `send`: the side column may suggest the same words (a suggestion hides while busy).
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Write five numbered paragraphs{Enter}');
      await waitFor(() => expect(userMessages(canvasElement)).toHaveLength(2), TIMEOUT);
      await expect(await log.findByText(/Paragraph 1 \(amber\)/, {}, TIMEOUT)).toBeInTheDocument();
      await expect(statusText(canvasElement)).toHaveTextContent('Answering…');
      // While the reply streams the send button queues (Stop stays next to it).
      await expect(canvas.getByRole('button', { name: 'Queue message' })).toBeInTheDocument();
      await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
      await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Say hello again{Enter}');
      const queued = await canvas.findByRole('region', { name: 'Queued messages' }, TIMEOUT);
      const rows = within(queued).getAllByRole('listitem');
      await expect(rows).toHaveLength(1);
      await expect(rows[0]).toHaveTextContent('Say hello again');
      // Above the composer, in the top area: not in the transcript, and the reply still streams.
      await expect(queued.getBoundingClientRect().bottom).toBeLessThanOrEqual(canvas.getByRole('textbox', { name: 'Message' }).getBoundingClientRect().top);
      await expect(userMessages(canvasElement).map((m) => m.textContent)).not.toContainEqual(expect.stringContaining('Say hello again'));
      await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveValue('');
      await expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming');
    });

    await step('When the reply ends, the queued message is sent and answered', async () => {
      await waitFor(() => expect(userMessages(canvasElement)).toHaveLength(3), LONG);
      await expect(userMessages(canvasElement)[2]).toHaveTextContent('Say hello again');
      // Sent after the reply, which ran to its end (not stopped to make room).
      const paragraphs = replies(canvasElement)[1]!;
      await expect(paragraphs).toHaveTextContent('Paragraph 5 (ember)');
      await expect(within(paragraphs).queryByText('Stopped')).toBeNull();
      await waitFor(() => expect(canvas.queryByRole('region', { name: 'Queued messages' })).toBeNull(), TIMEOUT);
      await waitFor(() => expect(replies(canvasElement)).toHaveLength(3), TIMEOUT);
      await waitFor(() => expect(replies(canvasElement)[2]).toHaveTextContent(/Every word of this reply streams on its own/), TIMEOUT);
      await waitFor(() => expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
      await expect(statusText(canvasElement)).toHaveTextContent('Ready');
    });
  },
};

/** The chat's error shows in the side column with its Retry, which answers in the transcript. */
export const ErrorInTheSideColumn: Story = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const log = within(within(canvasElement).getByRole('log'));
    await send(canvasElement, `Try a flaky request #${Math.random().toString(36).slice(2, 8)}`);
    const alert = await side(canvasElement).findByRole('alert', {}, TIMEOUT);
    await expect(alert).toHaveTextContent('Something went wrong');
    await expect(log.queryByRole('alert')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await log.findByText(/Second time lucky/, {}, TIMEOUT)).toBeInTheDocument();
    await waitFor(() => expect(within(canvasElement).queryByRole('alert')).toBeNull(), TIMEOUT);
  },
};

/**
 * The same parts in the app's own grid act on the chat exactly as in `AgentChat`: Approve, Copy and
 * Stop.
 */
export const ApproveCopyAndStop: Story = {
  play: async ({ canvasElement, step }) => {
    await chatMounted(canvasElement);
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

    await step("Copy: the reply's text goes to the clipboard", async () => {
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
  args: { welcome: 'tall' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const transcript = within(canvasElement).getByRole('log');
    await expect(within(transcript).getByRole('heading', { name: 'Welcome to your assistant' })).toBeInTheDocument();
    await waitFor(() => expect(transcript.scrollHeight).toBeGreaterThan(transcript.clientHeight));
    // Give the transcript's resize observer a few frames to (wrongly) follow the bottom.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await expect(transcript.scrollTop).toBe(0);
  },
};
