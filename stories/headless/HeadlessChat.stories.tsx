import type { Meta, StoryObj } from '@storybook/react-vite';
import { createScenarioServer, scenarios } from '@x/mock-server';
import { agentHandlers } from '@x/mock-server/msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HeadlessChat } from './HeadlessChat.js';

// The stream comes from the real @x/agent-server running scripted models inside msw.
const server = createScenarioServer({
  scenarios: [scenarios.plainText, scenarios.approval, scenarios.sharedState],
  smartAgentId: false,
  config: { logger: { warn: () => {}, error: () => {} } },
});

const meta = {
  title: 'Headless/HeadlessChat',
  component: HeadlessChat,
  args: { agentId: 'plain-text' },
  parameters: { msw: { handlers: agentHandlers(server) } },
} satisfies Meta<typeof HeadlessChat>;
export default meta;

type Story = StoryObj<typeof meta>;

const send = async (canvasElement: HTMLElement, text: string) => {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Message'), text);
  await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
};
const ready = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector('form[data-status="ready"]')).not.toBeNull(), { timeout: 10_000 });

export const StreamsAReply: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvasElement, 'Hello');
    const log = canvas.getByRole('log');
    await expect(await within(log).findByText('Hello')).toBeInTheDocument();
    await ready(canvasElement);
    await expect(log.querySelectorAll('li[data-role="assistant"]')).toHaveLength(1);
    await expect(canvas.getByLabelText('Message')).toHaveValue('');
    await expect(within(canvas.getByLabelText('Events')).getByText(/^complete \(stop/)).toBeInTheDocument();
  },
};

export const ApprovesATool: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvasElement, 'Delete record 7');
    const card = await canvas.findByRole('group', { name: 'Approve deleteRecord' }, { timeout: 10_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText(/Record 7 is deleted\./, {}, { timeout: 10_000 })).toBeInTheDocument();
    await ready(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Approve deleteRecord' })).toBeNull();
  },
};

export const RejectsATool: Story = {
  args: { agentId: 'approval' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvasElement, 'Delete record 3');
    const card = await canvas.findByRole('group', { name: 'Approve deleteRecord' }, { timeout: 10_000 });
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await expect(await canvas.findByText(/record 3 was/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await expect(within(canvas.getByLabelText('Events')).getByText('tool result deleteRecord (denied)')).toBeInTheDocument();
  },
};

export const AgentFillsTheForm: Story = {
  args: { agentId: 'shared-state', withForm: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await send(canvasElement, 'Fill the form for Ada Lovelace');
    await expect(await canvas.findByText(/I filled/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await ready(canvasElement);
    await expect(canvas.getByLabelText('name')).toHaveValue('Ada Lovelace');
    await expect(canvas.getByLabelText('company')).toHaveValue('Analytical Engines Ltd');
    // `isAdmin` was not exposed by the page: ignored, and the model was told.
    await expect(canvas.getByText(/It ignored `isAdmin`/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Undo agent changes' }));
    await expect(canvas.getByLabelText('name')).toHaveValue('');
  },
};
