import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentChat, zhCN } from '@x/agent-ui';
import { expect, within } from 'storybook/test';
import { chat, chatMounted } from './support/chat-actions.js';
import { scenarioHandlers } from './support/scenario-server.js';

const meta = {
  title: 'AgentChat/Theming',
  component: AgentChat,
  args: { agentId: 'long-markdown', height: 560 },
  parameters: { msw: { handlers: scenarioHandlers } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

function userBubble(canvasElement: HTMLElement): HTMLElement {
  return canvasElement.querySelector<HTMLElement>('[data-xagent-message="user"] .ant-bubble-content')!;
}

/** antd dark algorithm: every surface follows the tokens. */
export const Dark: Story = {
  args: { ui: { appearance: { dark: true } } },
  decorators: [(Story) => <div style={{ background: '#141414', padding: 16 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await chat(canvasElement, 'Show me markdown');
    const color = getComputedStyle(canvasElement.querySelector('[data-xagent-chat]')!).color;
    // Light text on the dark theme.
    const [r, g, b] = color.match(/\d+/g)!.map(Number);
    await expect((r! + g! + b!) / 3).toBeGreaterThan(150);
  },
};

/** antd compact algorithm. */
export const Compact: Story = {
  args: { ui: { appearance: { compact: true } } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await chat(canvasElement, 'Show me markdown');
    await expect(within(canvasElement).getByRole('table')).toBeInTheDocument();
  },
};

/** antd tokens plus the kit's own tokens (bubble colors, radius, widths, spacing). */
export const CustomTokens: Story = {
  args: {
    agentId: 'plain-text',
    ui: {
      theme: { token: { colorPrimary: '#722ed1', borderRadius: 4 } },
      tokens: { userBubbleBg: 'rgb(249, 240, 255)', userBubbleColor: 'rgb(57, 16, 133)', bubbleRadius: 18, messageGap: 24, userBubbleMaxWidth: '60%' },
    },
  },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    await chat(canvasElement, 'hello');
    const bubble = userBubble(canvasElement);
    await expect(getComputedStyle(bubble).backgroundColor).toBe('rgb(249, 240, 255)');
    await expect(getComputedStyle(bubble).color).toBe('rgb(57, 16, 133)');
    await expect(getComputedStyle(bubble).borderTopLeftRadius).toBe('18px');
    // Scoped: the variables live on the chat root, not on the page.
    await expect(getComputedStyle(document.documentElement).getPropertyValue('--xagent-user-bubble-bg')).toBe('');
  },
};

/** Right-to-left with the shipped Chinese strings. */
export const RightToLeft: Story = {
  args: { agentId: 'plain-text', ui: { direction: 'rtl', locale: zhCN } },
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const root = canvasElement.querySelector('[data-xagent-chat]')!;
    await expect(root).toHaveAttribute('dir', 'rtl');
    await expect(within(canvasElement).getByRole('log', { name: '对话' })).toBeInTheDocument();
    await chat(canvasElement, 'hello', '消息');
    // The user's bubble sits at the start edge in RTL (the left side).
    const bubble = userBubble(canvasElement).getBoundingClientRect();
    const box = root.getBoundingClientRect();
    await expect(bubble.left - box.left).toBeLessThan(box.right - bubble.right);
  },
};
