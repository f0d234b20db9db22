import type { Meta, StoryObj } from '@storybook/react-vite';
import { createAgentServer } from '@x/agent-server';
import { AgentChat, AgentComposer, type DataPartRendererProps, type FeedbackValue, type ToolRendererProps } from '@x/agent-ui';
import { attachments } from '@x/agent-ui/plugins/attachments';
import type { AgentUIMessage } from '@x/agent-protocol';
import { scriptedModel, seenToolOutput } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod';
import { chatMounted, idle, send, TIMEOUT } from './support/chat-actions.js';
import { scenarioHandlers, uniqueText } from './support/scenario-server.js';

const meta = {
  title: 'AgentChat',
  component: AgentChat,
  args: { agentId: 'plain-text', height: 520 },
  parameters: { msw: { handlers: scenarioHandlers } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

function log(canvasElement: HTMLElement) {
  return within(within(canvasElement).getByRole('log'));
}

const welcome = {
  title: 'Hello, I am your assistant',
  description: 'Ask me anything, or start from one of these.',
  prompts: ['Say hello', { text: 'Say hi to the team', label: 'Greet the team', description: 'A short hello' }],
};

/** Empty transcript: the welcome screen as a new user sees it — title, description and prompts. */
export const Welcome: Story = {
  args: { welcome },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Hello, I am your assistant')).toBeVisible();
    await expect(canvas.getByText('Ask me anything, or start from one of these.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Say hello' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Greet the team: Say hi to the team' })).toBeVisible();
    // Nothing is sent until the user picks a prompt: the transcript stays empty.
    await expect(canvasElement.querySelector('[data-xagent-message]')).toBeNull();
  },
};

/** A welcome prompt sends its text on click and the reply streams in. */
export const WelcomePromptSends: Story = {
  args: { welcome },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Greet the team: Say hi to the team' }));
    await expect(await log(canvasElement).findByText('Say hi to the team')).toBeInTheDocument();
    await expect(await log(canvasElement).findByText(/streams on its own/, {}, TIMEOUT)).toBeInTheDocument();
    await expect(canvas.queryByText('Hello, I am your assistant')).toBeNull();
    await idle(canvasElement);
  },
};

/** A reply streaming word by word; Stop keeps what arrived. */
export const Streaming: Story = {
  args: { agentId: 'slow' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Tell me a slow story');
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-streaming]')?.textContent?.length ?? 0).toBeGreaterThan(20), TIMEOUT);
    await expect(canvas.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    // Nothing on the page animates for as long as the reply streams (see ComposerStopWhileBusy).
    await expect(endless(canvasElement)).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await idle(canvasElement);
    const reply = canvasElement.querySelector('[data-xagent-message="assistant"]')!;
    const kept = reply.textContent ?? '';
    await expect(kept.length).toBeGreaterThan(20);
    // Nothing more arrives after Stop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(reply.textContent).toBe(kept);
  },
};

/** The animations on the page below `element` that never end (a spinner): none runs while a reply streams. */
const endless = (element: Element) =>
  element
    .getAnimations({ subtree: true })
    .filter((animation) => animation.effect?.getTiming().iterations === Infinity)
    .map((animation) => (animation as CSSAnimation).animationName ?? animation.id);

/**
 * The composer while a reply streams: its Stop button shows Ant Design X's stop icon (a square in a
 * ring) at the size of the control, still — no animation runs while a reply streams (a running one,
 * even on the compositor, makes Chromium draw frames without the main thread's: a keystroke typed
 * meanwhile shows a frame or more late) — and Stop stops. (`e2e/specs/storybook.spec.ts` also plays
 * it without reduced motion.)
 */
export const ComposerStopWhileBusy: StoryObj<typeof AgentComposer> = {
  args: { busy: true, onSend: fn(() => true), onStop: fn() },
  render: (args) => <AgentComposer {...args} />,
  play: async ({ canvasElement, args }) => {
    const stop = within(canvasElement).getByRole('button', { name: 'Stop' });
    const icon = stop.querySelector<HTMLElement>('.x-agent-stop-icon')!;
    await expect(icon.getBoundingClientRect().width).toBeGreaterThan(16);
    await expect(stop.querySelector('animateTransform, animate')).toBeNull();
    await expect(endless(canvasElement)).toEqual([]);
    await userEvent.click(stop);
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

/** Headings, lists, a table, a code block and a link, streamed block by block. */
export const LongMarkdown: Story = {
  args: { agentId: 'long-markdown' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Show me markdown');
    const transcript = log(canvasElement);
    await expect(await transcript.findByRole('table', {}, TIMEOUT)).toBeInTheDocument();
    await expect(await transcript.findByText(/arrived as a stream/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
    await expect(canvasElement.querySelector('pre code')).not.toBeNull();
    const link = transcript.getByRole('link', { name: 'the docs' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toContain('noopener');
    // Blocks keep their space when streamed (a block per element below the reply's root): a list
    // and the table after it, the numbered list and the quote after it do not touch.
    const reply = canvasElement.querySelector<HTMLElement>('[data-xagent-message="assistant"] [data-xagent-markdown]')!;
    const gap = (above: string, below: string) =>
      reply.querySelector(below)!.getBoundingClientRect().top - reply.querySelector(above)!.getBoundingClientRect().bottom;
    await expect(gap('ul', '.x-agent-md-table')).toBeGreaterThanOrEqual(10);
    await expect(gap('ol', 'blockquote')).toBeGreaterThanOrEqual(10);
  },
};

/** A reasoning block (Think) before the answer; its toggle is a real button. */
export const Reasoning: Story = {
  args: { agentId: 'reasoning', messageDisplay: { reasoning: 'collapsed' } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Think about watering plants');
    await idle(canvasElement);
    const toggle = log(canvasElement).getByRole('button', { name: 'Reasoning' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  },
};

// A server built for the tool stories: a slow tool (running state) and one that fails.
const toolServer = createAgentServer({
  tools: {
    getWeather: {
      description: 'Current weather of a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }: { city: string }) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        return { city, tempC: 14, sky: 'sunny', forecast: Array.from({ length: 5 }, (_, day) => ({ day, tempC: 12 + day })) };
      },
    },
    chargeCard: {
      description: 'Charges a card.',
      inputSchema: z.object({ amount: z.number() }),
      execute: async () => {
        throw new Error('Card declined (scripted)');
      },
    },
  },
  agents: {
    weather: {
      tools: ['getWeather'],
      model: scriptedModel({
        steps: ({ stepInTurn, toolResults }) => {
          if (stepInTurn === 0) return [{ type: 'tool-call', toolName: 'getWeather', input: { city: 'Paris' } }];
          const seen = seenToolOutput(toolResults.at(-1)?.output);
          const w = (seen.kind === 'value' ? seen.value : {}) as { tempC?: number; sky?: string };
          return [{ type: 'text', text: `It is **${w.tempC}°C** and ${w.sky} in Paris.` }];
        },
      }),
    },
    payments: {
      tools: ['chargeCard'],
      model: scriptedModel({
        steps: ({ stepInTurn }) =>
          stepInTurn === 0 ? [{ type: 'tool-call', toolName: 'chargeCard', input: { amount: 42 } }] : [{ type: 'text', text: 'The payment failed, nothing was charged.' }],
      }),
    },
  },
});

/** A tool call running (busy card), then done with a result summary; the full result on expand. */
export const ToolCallRunningThenDone: Story = {
  args: { agentId: 'weather' },
  parameters: { msw: { handlers: agentHandlers(toolServer) } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Weather in Paris?');
    const running = await log(canvasElement).findByRole('group', { name: 'Running getWeather…' }, TIMEOUT);
    await expect(running).toHaveAttribute('aria-busy', 'true');
    const done = await log(canvasElement).findByRole('group', { name: 'getWeather finished' }, TIMEOUT);
    await expect(done).toHaveTextContent('city: Paris');
    await userEvent.click(within(done).getByText('Show full result'));
    await expect(within(done).getByLabelText('Result')).toHaveTextContent('"forecast"');
    await idle(canvasElement);
  },
};

/** A tool call that fails: the card says so and shows the error. */
export const ToolCallError: Story = {
  args: { agentId: 'payments' },
  parameters: { msw: { handlers: agentHandlers(toolServer) } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Charge 42');
    const card = await log(canvasElement).findByRole('group', { name: 'chargeCard failed' }, TIMEOUT);
    await expect(card).toHaveTextContent('Card declined');
    await idle(canvasElement);
  },
};

/** Generative UI: a component per tool name replaces the default card. */
export const GenerativeUI: Story = {
  args: {
    agentId: 'weather',
    toolRenderers: {
      getWeather: ({ call }: ToolRendererProps) => {
        const output = call.output as { city: string; tempC: number; sky: string } | undefined;
        return (
          <section aria-label="Weather card" style={{ border: '1px solid #91caff', borderRadius: 12, padding: 12, maxWidth: 260 }}>
            {output ? (
              <>
                <strong style={{ fontSize: 28 }}>{output.tempC}°C</strong>
                <div>
                  {output.city}, {output.sky}
                </div>
              </>
            ) : (
              <div>Looking outside…</div>
            )}
          </section>
        );
      },
    },
  },
  parameters: { msw: { handlers: agentHandlers(toolServer) } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Weather in Paris?');
    const card = await log(canvasElement).findByRole('region', { name: 'Weather card' }, TIMEOUT);
    await waitFor(() => expect(card).toHaveTextContent('14°C'), TIMEOUT);
    await idle(canvasElement);
  },
};

async function askForApproval(canvasElement: HTMLElement) {
  await send(canvasElement, 'Delete record 7');
  return log(canvasElement).findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
}

/** A destructive tool waits for approval: Approve / Reject, reachable with Tab. */
export const ApprovalPending: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const card = await askForApproval(canvasElement);
    await expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled();
    await expect(within(card).getByRole('button', { name: 'Reject' })).toBeEnabled();
    await idle(canvasElement);
  },
};

/** Approved from the keyboard: the tool runs and the agent reports. */
export const ApprovalApproved: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const card = await askForApproval(canvasElement);
    within(card).getByRole('button', { name: 'Approve' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(await log(canvasElement).findByText(/Record 7 is deleted/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
  },
};

/** Rejected with a reason: the call shows as rejected and the agent acknowledges. */
export const ApprovalDenied: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const card = await askForApproval(canvasElement);
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await userEvent.type(within(card).getByRole('textbox', { name: /reason/i }), 'Keep it for the audit');
    await userEvent.click(within(card).getByRole('button', { name: 'Reject with reason' }));
    await waitFor(() => expect(within(canvasElement).getByRole('log')).toHaveTextContent(/not\s*deleted \(Keep it for the audit\)/), TIMEOUT);
    await idle(canvasElement);
    await expect(canvasElement.querySelector('[data-state="output-denied"]')).not.toBeNull();
  },
};

/**
 * Approval with edits: Edit opens the input as JSON (with parse messages); "Approve with changes"
 * runs the tool with the edited input, and the card shows it next to the proposed one.
 */
export const ApprovalWithEdits: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const card = await askForApproval(canvasElement);
    // Pending: a visible status with what the buttons do, at full contrast.
    await expect(within(card).getByText('Waiting for your approval')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Edit input' }));
    const editor = await within(card).findByRole('textbox', { name: 'Tool input (JSON)' }, TIMEOUT);
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{ "id": 8');
    await expect(within(card).getByRole('alert')).toHaveTextContent(/Not valid JSON/);
    await userEvent.type(editor, ' }');
    await userEvent.click(within(card).getByRole('button', { name: 'Approve with changes' }));
    await expect(await log(canvasElement).findByText(/Record 8 is deleted/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
    const done = log(canvasElement).getByRole('group', { name: 'deleteRecord finished' });
    await expect(done).toHaveTextContent('Approved · Edited input');
    await userEvent.click(within(done).getByText('Proposed input'));
  },
};

/** A sub-agent (researcher) called as a tool; its answer flows back. */
export const SubAgent: Story = {
  args: { agentId: 'sub-agent' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Research the history of the teapot');
    await expect(await log(canvasElement).findByRole('group', { name: 'researcher finished' }, TIMEOUT)).toBeInTheDocument();
    await expect(await log(canvasElement).findByText(/The researcher says/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
  },
};

/** The stream fails; the error shows with Retry, which succeeds. */
export const ErrorAndRetry: Story = {
  args: { agentId: 'flaky' },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, uniqueText('flaky'));
    const alert = await within(canvasElement).findByRole('alert', {}, TIMEOUT);
    await expect(alert).toHaveTextContent('Something went wrong');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await log(canvasElement).findByText(/Second time lucky/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};

/** Follow-ups: the last `data-suggestions` part overrides the prop; hidden while a reply streams. */
export const Suggestions: Story = {
  args: { agentId: 'title-suggestions', suggestions: ['From the prop'], events: { onSuggestionClick: fn() } },
  play: async ({ canvasElement, args }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'Plan a weekend in Lisbon');
    await waitFor(() => expect(within(canvasElement).queryByRole('group', { name: 'Suggestions' })).toBeNull());
    await idle(canvasElement);
    const suggestions = await within(canvasElement).findByRole('group', { name: 'Suggestions' }, TIMEOUT);
    await expect(within(suggestions).queryByText('From the prop')).toBeNull();
    const first = within(suggestions).getAllByRole('button')[0]!;
    const text = first.textContent ?? '';
    await userEvent.click(first);
    await expect(args.events?.onSuggestionClick).toHaveBeenCalledWith(text);
    await idle(canvasElement);
  },
};

/** Attachments: picker, paste and drop; files over `maxSize` or outside `accept` are refused visibly. */
export const Attachments: Story = {
  args: { plugins: [attachments({ accept: 'image/*,.txt', maxSize: 200 * 1024 })] },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(300 * 1024)], 'huge.png', { type: 'image/png' });
    const wrong = new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' });
    const note = new File(['hello'], 'note.txt', { type: 'text/plain' });
    await userEvent.upload(input, [big, wrong, note], { applyAccept: false });
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('“huge.png” is larger than 200 KB');
    await expect(alert).toHaveTextContent('“setup.exe” is not an accepted file type');
    await expect(within(canvasElement).getByRole('button', { name: 'Remove attachment: note.txt' })).toBeInTheDocument();
    await send(canvasElement, 'Here is my note');
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-message="user"] .ant-file-card')).toHaveTextContent('note.txt'), TIMEOUT);
    await idle(canvasElement);
  },
};

function FeedbackChat(props: { onFeedback: (event: { messageId: string; value: FeedbackValue | null }) => void }) {
  const [values, setValues] = useState<Record<string, FeedbackValue | null>>({});
  return (
    <AgentChat
      agentId="plain-text"
      height={520}
      feedbackValues={values}
      events={{
        onFeedback: (event) => {
          setValues((current) => ({ ...current, [event.messageId]: event.value }));
          props.onFeedback(event);
        },
      }}
    />
  );
}

/** Like / dislike per message (controlled by `feedbackValues`); copy, edit, delete, regenerate. */
export const FeedbackAndActions: StoryObj<typeof FeedbackChat> = {
  render: (args) => <FeedbackChat {...args} />,
  args: { onFeedback: fn() },
  play: async ({ canvasElement, args }) => {
    await chatMounted(canvasElement);
    await send(canvasElement, 'hello');
    await idle(canvasElement);
    const transcript = log(canvasElement);
    // The message's actions come with the on-demand chunk.
    const like = await transcript.findByRole('button', { name: 'Helpful' }, TIMEOUT);
    await userEvent.click(like);
    await expect(args.onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ value: 'like' }));
    await expect(transcript.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(transcript.getByRole('button', { name: 'Not helpful' }));
    await expect(transcript.getByRole('button', { name: 'Not helpful' })).toHaveAttribute('aria-pressed', 'true');
    await expect(transcript.getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(transcript.getByRole('button', { name: 'Regenerate' }));
    await idle(canvasElement);
    await expect(transcript.getAllByRole('article')).toHaveLength(2);
    await expect(transcript.getAllByRole('toolbar', { name: 'Message actions' }).length).toBe(2);
  },
};

/**
 * Delete with undo: the message is hidden at once behind "Message deleted — Undo" (the focus on
 * Undo); the delete is sent only when the window closes. Undo brings the message back.
 */
export const DeleteWithUndo: Story = {
  args: {
    messageDisplay: { deleteUndoTimeout: 60_000 },
    messages: [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'What is the capital of Portugal?' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Lisbon.' }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And of Spain?' }] },
      { id: 'a2', role: 'assistant', parts: [{ type: 'text', text: 'Madrid.' }] },
    ],
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const transcript = log(canvasElement);
    const lisbon = transcript.getAllByRole('article')[1]!;
    await userEvent.hover(lisbon);
    await userEvent.click(await within(lisbon).findByRole('button', { name: 'Delete' }));
    await expect(transcript.getAllByRole('article')).toHaveLength(3);
    await expect(transcript.queryByText('Lisbon.')).toBeNull();
    const undo = await transcript.findByRole('button', { name: 'Undo' });
    await expect(transcript.getByText('Message deleted').closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(undo).toHaveFocus());
    await userEvent.click(undo);
    await expect(transcript.getByText('Lisbon.')).toBeVisible();
    await expect(transcript.getAllByRole('article')).toHaveLength(4);
  },
};

/** The chat in a drawer opened from a floating button. */
export const Drawer: Story = {
  args: { display: 'drawer', drawer: { title: 'Assistant', defaultOpen: false } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    // The drawer's own floating button (its look-alike, there from the first render, is replaced
    // the moment the drawer's chunk ran: a click across that swap would not land).
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('.ant-float-btn')).not.toBeNull(), TIMEOUT);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    // In the transcript: the live region may announce the same sentence when the reply ends.
    const transcript = within(dialog).getByRole('log', { name: 'Conversation' });
    await expect(await within(transcript).findByText(/streams on its own/, {}, TIMEOUT)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Assistant' })).toBeNull());
  },
};

function longHistory(count: number): AgentUIMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { id: `h${i}`, role: 'user' as const, parts: [{ type: 'text' as const, text: `Question number ${i / 2 + 1}` }] }
      : {
          id: `h${i}`,
          role: 'assistant' as const,
          parts: [{ type: 'text' as const, text: `Answer **${(i + 1) / 2}**: a short reply with \`code\` and a [link](https://example.com/${i}).` }],
        },
  );
}

/** 1,000 messages: only the newest are mounted; older ones mount as you scroll up. */
export const Transcript1000: Story = {
  args: { messages: longHistory(1000) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const transcript = within(canvasElement).getByRole('log');
    // A screenful is mounted: the first 10 rows, and 40 more at once when those do not fill the view.
    const mounted = transcript.querySelectorAll('[data-xagent-message]').length;
    await expect(mounted).toBeLessThanOrEqual(50);
    await expect(transcript.scrollHeight).toBeGreaterThan(transcript.clientHeight);
    await expect(await within(transcript).findByRole('button', { name: `Show ${1000 - mounted} earlier messages` })).toBeInTheDocument();
    await waitFor(() => expect(transcript.scrollTop + transcript.clientHeight).toBeGreaterThanOrEqual(transcript.scrollHeight - 60));
    await send(canvasElement, 'hello');
    await expect(await within(transcript).findByText(/streams on its own/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
    // Still following the bottom after the reply.
    await waitFor(() => expect(transcript.scrollTop + transcript.clientHeight).toBeGreaterThanOrEqual(transcript.scrollHeight - 60));
    // Scrolled up: a new reply does not pull the view down, and the message being read stays where
    // it is on screen (rows above it that mount, unmount or take their real height move the scroll
    // position by as much, not the text under the reader's eyes).
    transcript.scrollTop = transcript.scrollHeight - transcript.clientHeight - 600;
    transcript.dispatchEvent(new Event('scroll'));
    const viewTop = () => transcript.getBoundingClientRect().top;
    const reading = [...transcript.querySelectorAll('[data-xagent-message]')].find((row) => row.getBoundingClientRect().top >= viewTop())!;
    const readAt = reading.getBoundingClientRect().top - viewTop();
    const regenerate = within(transcript).getByRole('button', { name: 'Regenerate' });
    regenerate.click();
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'streaming'), TIMEOUT);
    await idle(canvasElement);
    await expect(reading.isConnected).toBe(true);
    await expect(Math.abs(reading.getBoundingClientRect().top - viewTop() - readAt)).toBeLessThan(5);
    await expect(transcript.scrollTop + transcript.clientHeight).toBeLessThan(transcript.scrollHeight - 300);
  },
};

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Loaded history with every kind of part: files, sources (an unsafe one neutralized), a custom data part. */
export const RichParts: Story = {
  args: {
    messages: [
      {
        id: 'r1',
        role: 'user',
        parts: [
          { type: 'text', text: 'What does this chart say?' },
          { type: 'file', mediaType: 'image/png', filename: 'chart.png', url: PIXEL },
        ],
      },
      {
        id: 'r2',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'Revenue grew **12%** quarter over quarter.' },
          { type: 'source-url', sourceId: 's1', url: 'https://example.com/q3-report', title: 'Q3 report' },
          { type: 'source-url', sourceId: 's2', url: 'javascript:alert(1)', title: 'Suspicious source' },
          { type: 'data-metrics', data: { revenue: 1.12, churn: 0.03 } },
        ],
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const transcript = log(canvasElement);
    await expect(transcript.getByRole('img', { name: 'chart.png' })).toBeInTheDocument();
    const sources = within(transcript.getByRole('navigation', { name: 'Sources' }));
    await expect(sources.getByRole('link', { name: 'Q3 report' })).toHaveAttribute('rel', 'noopener noreferrer');
    // The javascript: source stays as plain text, not a link.
    await expect(sources.queryByRole('link', { name: 'Suspicious source' })).toBeNull();
    await expect(sources.getByText('Suspicious source')).toBeInTheDocument();
    const data = canvasElement.querySelector('details[data-xagent-data="metrics"]')!;
    await userEvent.click(within(data as HTMLElement).getByText('metrics'));
    await expect(data).toHaveTextContent('"churn": 0.03');
  },
};

/** History still loading: a skeleton, the composer disabled. */
export const LoadingHistory: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(within(canvasElement).getByRole('status', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');
  },
};

const renderCounts = new Map<string, number>();
function RenderProbe({ message }: DataPartRendererProps) {
  renderCounts.set(message.id, (renderCounts.get(message.id) ?? 0) + 1);
  return null;
}
function ProbedChat() {
  return (
    <AgentChat
      agentId="long-markdown"
      height={520}
      dataRenderers={{ probe: RenderProbe }}
      messages={longHistory(10).map((message) =>
        message.role === 'assistant' ? { ...message, parts: [...message.parts, { type: 'data-probe' as const, data: {} }] } : message,
      )}
    />
  );
}

/**
 * Counts the distinct states the newest reply's text goes through (one per paint that changed it):
 * a DOM observer rather than React's `<Profiler>`, whose `onRender` is never called in production
 * builds such as the static Storybook.
 */
function countReplyUpdates(canvasElement: HTMLElement): () => number {
  let updates = 0;
  let last = '';
  const observer = new MutationObserver(() => {
    const replies = canvasElement.querySelectorAll('[data-xagent-message="assistant"]');
    const text = replies[replies.length - 1]?.textContent ?? '';
    if (text !== last) {
      last = text;
      updates += 1;
    }
  });
  observer.observe(canvasElement, { subtree: true, childList: true, characterData: true });
  return () => {
    observer.disconnect();
    return updates;
  };
}

/** Render isolation in Chromium: earlier messages do not re-render while a long reply streams. */
export const RenderIsolation: StoryObj<typeof ProbedChat> = {
  render: () => <ProbedChat />,
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await userEvent.type(within(canvasElement).getByRole('textbox', { name: 'Message' }), 'Show me markdown');
    const before = new Map(renderCounts);
    const stopCounting = countReplyUpdates(canvasElement);
    await userEvent.keyboard('{Enter}');
    await expect(await log(canvasElement).findByText(/arrived as a stream/, {}, TIMEOUT)).toBeInTheDocument();
    await idle(canvasElement);
    const updates = stopCounting();
    const extra = [...renderCounts].map(([id, count]) => [id, count - (before.get(id) ?? 0)] as const);
    console.info(`[render-isolation] the reply was painted in ${updates} steps; extra renders of earlier replies: ${JSON.stringify(Object.fromEntries(extra))}`);
    // The reply streamed (many paints), so "no extra render" below means something.
    await expect(updates).toBeGreaterThan(10);
    // h1…h7 (all but the last reply before the send): not one extra render.
    for (const [id, count] of extra) if (id !== 'h9') await expect(count).toBe(0);
    // h9 loses its Regenerate button when the new turn starts: one render, not one per token.
    await expect(extra.find(([id]) => id === 'h9')?.[1]).toBe(1);
  },
};

