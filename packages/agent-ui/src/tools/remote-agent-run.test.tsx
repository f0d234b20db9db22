import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { RemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { describe, expect, it, vi } from 'vitest';
import { AnnouncerProvider } from '../a11y/announcer.js';
import { ChatContext, type ChatContextValue } from '../chat/chat-context.js';
import { RemoteAgentQuestion } from './remote-agent-run.js';
import { ToolCallCard } from './tool-call-card.js';

const asking: RemoteAgentProgress = {
  a2a: 'remote-agent',
  agent: 'billing',
  taskId: 'task-1',
  state: 'input-required',
  status: 'Which invoice number?',
  text: '',
  files: [],
  question: 'Which invoice number?',
};

describe('a remote agent’s question, from the keyboard and a screen reader', () => {
  it('is a region named by the agent, described by the question and what to do; Enter sends the answer', async () => {
    const user = userEvent.setup();
    const onAnswer = vi.fn(async () => true);
    render(<RemoteAgentQuestion toolCallId="call-1" progress={asking} onAnswer={onAnswer} />);
    const card = screen.getByRole('region', { name: 'billing asks' });
    expect(card).toHaveAccessibleDescription(/Which invoice number\?.*Waiting for your answer.*press Enter/);
    const field = within(card).getByRole('textbox', { name: 'Your answer to billing' });
    await user.click(field);
    await user.keyboard('INV{Shift>}{Enter}{/Shift}42');
    expect(field).toHaveValue('INV\n42');
    await user.keyboard('{Enter}');
    expect(onAnswer).toHaveBeenCalledWith('call-1', 'INV\n42');
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Answer sent'));
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('is announced to screen readers when it appears', async () => {
    const view = render(
      <AnnouncerProvider>
        <RemoteAgentQuestion toolCallId="call-1" progress={asking} onAnswer={async () => true} />
      </AnnouncerProvider>,
    );
    const region = view.container.querySelector('[data-xagent-announcer]')!;
    await waitFor(() => expect(region.textContent?.replace(/\u200b/g, '')).toBe('billing asks: Which invoice number?'));
  });

  it('keeps the answer and the field when the server refused it', async () => {
    const user = userEvent.setup();
    render(<RemoteAgentQuestion toolCallId="call-1" progress={asking} onAnswer={async () => false} />);
    const field = screen.getByRole('textbox', { name: 'Your answer to billing' });
    await user.type(field, '42');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(field).toHaveValue('42'));
    expect(screen.queryByText('Answer sent')).toBeNull();
  });

  it('on the tool card: the question while the task waits, the status and text while it runs, the result when done', () => {
    const call = { toolCallId: 'call-1', toolName: 'billing', input: { task: 'x' }, state: 'output-available' as const };
    // The provider's chat answers (`answerRemoteAgent`); only that part of it is used here.
    const answerRemoteAgent = vi.fn(async () => true);
    const context = { chat: { answerRemoteAgent }, composer: { current: null }, transcript: { current: null } } as unknown as ChatContextValue;
    const view = render(<ToolCallCard call={{ ...call, output: asking, preliminary: true }} resultDisplay="summary" answered={false} />, {
      wrapper: ({ children }) => <ChatContext.Provider value={context}>{children}</ChatContext.Provider>,
    });
    expect(screen.getByRole('region', { name: 'billing asks' })).toBeVisible();
    view.rerender(
      <ToolCallCard call={{ ...call, output: { ...asking, state: 'working', status: 'Looking up invoice 42…', question: undefined }, preliminary: true }} resultDisplay="summary" answered={false} />,
    );
    expect(screen.queryByRole('region', { name: 'billing asks' })).toBeNull();
    expect(screen.getByText('Looking up invoice 42…')).toBeVisible();
    view.rerender(<ToolCallCard call={{ ...call, output: { ...asking, state: 'completed', status: '', text: 'Invoice 42 is paid.', question: undefined } }} resultDisplay="summary" answered={false} />);
    expect(screen.getByText('Invoice 42 is paid.')).toBeVisible();
    expect(view.container.querySelector('[data-xagent-remote-agent="billing"]')).toHaveAttribute('data-state', 'completed');
  });
});
