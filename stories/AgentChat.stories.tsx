import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgentChat } from '@x/agent-ui';
import { createMockAgentServer, plainTextScenario } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';

// The stream comes from the real @x/agent-server running a scripted model inside msw.
const server = createMockAgentServer({ agents: { assistant: { ...plainTextScenario, chunkDelayMs: 10 } } });

const meta = {
  title: 'AgentChat',
  component: AgentChat,
  args: { agentId: 'assistant', height: 420 },
  parameters: { msw: { handlers: agentHandlers(server) } },
} satisfies Meta<typeof AgentChat>;
export default meta;

type Story = StoryObj<typeof meta>;

export const StreamsAReply: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), 'Hello{Enter}');
    await expect(await canvas.findByText('Hello')).toBeInTheDocument();
    const log = canvas.getByRole('log');
    await expect(await within(log).findByText(/streams on its own\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.querySelector('[data-status="ready"]')).not.toBeNull());
  },
};
