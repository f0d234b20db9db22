import type { Meta, StoryObj } from '@storybook/react-vite';
import { RemoteAgentQuestion } from '@x/agent-ui';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

/** A remote A2A agent (here "billing") asks the user a question while its task waits (`input-required`). */
const meta = {
  title: 'RemoteAgentQuestion',
  component: RemoteAgentQuestion,
  args: {
    toolCallId: 'call-1',
    progress: {
      a2a: 'remote-agent',
      agent: 'billing',
      taskId: 'task-1',
      state: 'input-required',
      status: 'Which invoice number?',
      text: '',
      files: [],
      question: 'Which invoice number?',
    },
    onAnswer: fn(async () => true),
  },
  decorators: [(Story) => <div style={{ maxWidth: 560, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof RemoteAgentQuestion>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Answered by keyboard only: Tab to the field, type, Enter sends; the card then says "Answer sent". */
export const AnswerByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const card = within(canvasElement).getByRole('region', { name: 'billing asks' });
    await expect(card).toHaveAccessibleDescription(/Which invoice number\?.*Waiting for your answer/);
    await userEvent.tab();
    await expect(within(card).getByRole('textbox', { name: 'Your answer to billing' })).toHaveFocus();
    await userEvent.keyboard('42{Enter}');
    await expect(args.onAnswer).toHaveBeenCalledWith('call-1', '42');
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Answer sent'));
  },
};
