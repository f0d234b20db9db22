import { createRef } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it, vi } from 'vitest';
import { AgentChat, type AgentChatRef } from './agent-chat.js';
import { zhCN } from '../locales/built-in-zh.js';

const server = createScenarioServer({
  scenarios: [scenarios.approval, scenarios.toolCall, scenarios.plainText, scenarios.titleAndSuggestions],
  smartAgentId: false,
});
const fetch = inProcessFetch(server);

async function waitReady(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), { timeout: 10_000 });
}

describe('AgentChat interactions', () => {
  it('approves a tool call from the keyboard and shows the result', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox'), 'Delete record 7{Enter}');
    const card = await screen.findByRole('region', { name: /allow deleteRecord to run/i }, { timeout: 10_000 });
    const approve = within(card).getByRole('button', { name: 'Approve' });
    approve.focus();
    await user.keyboard('{Enter}');
    expect(await within(screen.getByRole('log')).findByText(/Record 7 is deleted/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitReady(container);
  });

  it('rejects with a reason and shows the call as rejected', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox'), 'Delete record 9{Enter}');
    const card = await screen.findByRole('region', { name: /allow deleteRecord to run/i }, { timeout: 10_000 });
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const reason = within(card).getByRole('textbox', { name: /reason/i });
    expect(reason).toHaveFocus();
    await user.type(reason, 'keep it');
    await user.click(within(card).getByRole('button', { name: 'Reject with reason' }));
    const log = screen.getByRole('log');
    await waitFor(() => expect(log).toHaveTextContent(/record 9 was not deleted \(keep it\)/), { timeout: 10_000 });
    await waitReady(container);
    expect(log.querySelector('[data-xagent-tool="deleteRecord"], [data-xagent-approval="deleteRecord"]')).toHaveAttribute('data-state', 'output-denied');
  });

  it('shows a tool call with its input and a result summary, full result on expand', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="tool-call" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox'), 'What is the weather in Oslo?{Enter}');
    const card = await screen.findByRole('group', { name: 'getWeather finished' }, { timeout: 10_000 });
    // The input is shown as the result is (key: value), not as raw JSON.
    expect(card.querySelector('[data-xagent-tool-input]')).toHaveTextContent(/^city: Oslo$/);
    expect(card).toHaveTextContent(/tempC: 3/);
    expect(card).not.toHaveTextContent(/"tempC":3/);
    await user.click(within(card).getByText('Show full result'));
    expect(await within(card).findByLabelText('Result')).toBeVisible();
    await waitReady(container);
  });

  it('sends prompts on click, shows suggestions from the stream after the reply, and reports feedback', async () => {
    const onFeedback = vi.fn();
    const onSuggestionClick = vi.fn();
    const user = userEvent.setup();
    const { container } = render(
      <AgentChat
        agentId="title-suggestions"
        welcome={{ title: 'Hi', prompts: ['Plan a trip to Lisbon'] }}
        suggestions={['From the prop']}
        chatOptions={{ fetch }}
        events={{ onFeedback, onSuggestionClick }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Plan a trip to Lisbon' }));
    expect(onSuggestionClick).toHaveBeenCalledWith('Plan a trip to Lisbon');
    await waitReady(container);
    const suggestions = await screen.findByRole('group', { name: 'Suggestions' });
    expect(within(suggestions).queryByText('From the prop')).toBeNull();
    expect(within(suggestions).getAllByRole('button').length).toBeGreaterThan(0);
    const like = screen.getAllByRole('button', { name: 'Helpful' }).at(-1)!;
    await user.click(like);
    expect(onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ value: 'like' }));
    expect(screen.getAllByRole('button', { name: 'Helpful' }).at(-1)).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getAllByRole('button', { name: 'Helpful' }).at(-1)!);
    expect(onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ value: null }));

    // "Not helpful" asks for an optional reason (quick picks fill it); Enter sends it with the feedback:
    // one feedback, sent once (not a dislike at once and then again with the reason).
    const dislikes = () => onFeedback.mock.calls.filter(([event]) => (event as { value: unknown }).value === 'dislike');
    const dislike = screen.getAllByRole('button', { name: 'Not helpful' }).at(-1)!;
    await user.click(dislike);
    expect(dislike).toHaveAttribute('aria-pressed', 'true');
    expect(dislikes()).toHaveLength(0);
    const reason = screen.getByRole('textbox', { name: 'What was not helpful? (optional)' });
    expect(reason).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Too long' }));
    expect(reason).toHaveValue('Too long');
    await user.type(reason, ' and vague{Enter}');
    expect(dislikes()).toEqual([[expect.objectContaining({ value: 'dislike', comment: 'Too long and vague' })]]);
    expect(screen.queryByRole('textbox', { name: 'What was not helpful? (optional)' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Not helpful' }).at(-1)).toHaveFocus();
    const last = onFeedback.mock.lastCall![0] as { message: { metadata?: { feedback?: { comment?: string } } } };
    expect(last.message.metadata?.feedback?.comment).toBe('Too long and vague');

    // Pressed again: removed. Then "Not helpful" and Escape: sent once, without a reason.
    await user.click(screen.getAllByRole('button', { name: 'Not helpful' }).at(-1)!);
    expect(onFeedback).toHaveBeenLastCalledWith(expect.objectContaining({ value: null }));
    await user.click(screen.getAllByRole('button', { name: 'Not helpful' }).at(-1)!);
    await user.keyboard('{Escape}');
    expect(dislikes()).toHaveLength(2);
    expect(dislikes()[1]![0]).not.toHaveProperty('comment', expect.anything());
    expect(screen.getAllByRole('button', { name: 'Not helpful' }).at(-1)).toHaveAttribute('aria-pressed', 'true');
  });

  it('edits a user message (truncate and resend), deletes messages, and exposes the methods by ref', async () => {
    const ref = createRef<AgentChatRef>();
    const onDeleteMessage = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<AgentChat ref={ref} agentId="plain-text" chatOptions={{ fetch }} events={{ onDeleteMessage }} messageDisplay={{ deleteUndoTimeout: 0 }} />);
    await ref.current!.sendMessage('hello there');
    await waitReady(container);
    const log = screen.getByRole('log');
    await user.click(within(log).getByRole('button', { name: 'Edit message' }));
    const editor = within(log).getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'hello again');
    await user.click(within(log).getByRole('button', { name: 'Save and resend' }));
    expect(await within(log).findByText('hello again')).toBeInTheDocument();
    await waitReady(container);
    expect(within(log).queryByText('hello there')).toBeNull();
    expect(log.querySelectorAll('[data-xagent-message]')).toHaveLength(2);
    await user.click(within(log).getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(log.querySelectorAll('[data-xagent-message]')).toHaveLength(1));
    expect(onDeleteMessage).toHaveBeenCalledTimes(1);
    ref.current!.clearMessages();
    await waitFor(() => expect(log.querySelectorAll('[data-xagent-message]')).toHaveLength(0));
  });

  it('keeps the text when onBeforeSend refuses, and uses the shipped zh-CN strings', async () => {
    const user = userEvent.setup();
    render(<AgentChat agentId="plain-text" onBeforeSend={() => false} chatOptions={{ fetch }} ui={{ locale: zhCN }} />);
    const box = screen.getByRole('textbox', { name: '消息' });
    await user.type(box, 'hello{Enter}');
    expect(box).toHaveValue('hello');
    expect(screen.getByRole('log', { name: '对话' })).toBeInTheDocument();
    expect(screen.getByRole('log').querySelectorAll('[data-xagent-message]')).toHaveLength(0);
  });
});
