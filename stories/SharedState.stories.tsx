import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSharedState } from '@x/agent-react';
import { AgentChat } from '@x/agent-ui';
import { Form, Input } from 'antd';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { scenarioHandlers } from './support/scenario-server.js';
import { chatMounted } from './support/chat-actions.js';

/** A form the agent may fill: `name`, `email`, `company` are exposed; `isAdmin` is not. */
function FormWithAgent() {
  const shared = useSharedState({ name: '', email: '', company: '' });
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '280px 1fr', gap: 24 }}>
      <Form layout="vertical" aria-label="Profile">
        {(['name', 'email', 'company'] as const).map((key) => (
          <Form.Item key={key} label={key[0]!.toUpperCase() + key.slice(1)} htmlFor={`field-${key}`}>
            <Input id={`field-${key}`} value={shared.value[key]} onChange={(event) => shared.set(key, event.target.value)} />
          </Form.Item>
        ))}
      </Form>
      <AgentChat agentId="shared-state" sharedState={shared.store} height={460} />
    </div>
  );
}

const meta = {
  title: 'AgentChat/Shared state',
  component: FormWithAgent,
  parameters: { msw: { handlers: scenarioHandlers } },
} satisfies Meta<typeof FormWithAgent>;
export default meta;

/** The agent fills the form through `update-page-state`; the key the page did not expose is refused. */
export const FormFilledByAgent: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    await chatMounted(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Fill the form for Ada Lovelace{Enter}');
    await waitFor(() => expect(canvas.getByLabelText('Name')).toHaveValue('Ada Lovelace'), { timeout: 10_000 });
    await expect(canvas.getByLabelText('Email')).toHaveValue('ada@example.com');
    await expect(canvas.getByLabelText('Company')).toHaveValue('Analytical Engines Ltd');
    await waitFor(() => expect(canvas.getByRole('log')).toHaveTextContent(/ignored\s*isAdmin/), { timeout: 10_000 });
    await waitFor(() => expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'));
  },
};
