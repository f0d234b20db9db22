import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useAgentChat, useAgentStatus } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentComposer } from '../composer/composer.js';
import { ApprovalCard } from '../tools/approval-card.js';
import { AgentMessage } from '../transcript/agent-message.js';
import { AgentMessageList } from './agent-message-list.js';
import { MessageParts } from '../transcript/message-parts.js';
import { AgentChatProvider, useAgentChatContext } from './agent-chat-provider.js';
import { AgentChat } from './agent-chat.js';
import { AgentSuggestions } from './suggestions.js';

const server = createScenarioServer({ scenarios: [scenarios.approval, scenarios.slowStream, scenarios.plainText], smartAgentId: false });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

/** An app's own layout: the kit's parts under the provider, plus a status line of its own. */
function CustomLayout({ agentId }: { agentId: string }) {
  const chat = useAgentChat({ agentId, fetch });
  return (
    <AgentChatProvider chat={chat}>
      <main>
        <Status />
        <AgentMessageList />
        <AgentSuggestions />
        <AgentComposer />
      </main>
    </AgentChatProvider>
  );
}

function Status() {
  const { chat, approvals } = useAgentChatContext();
  const status = useAgentStatus(chat);
  return (
    <output aria-label="status">
      {status}
      {approvals.pending.length ? ' (waiting for approval)' : ''}
    </output>
  );
}

const statusOf = () => screen.getByRole('status', { name: 'status' });

describe('AgentChatProvider: a custom layout built from the exported parts', () => {
  it('approves through the provider (useToolApproval), then copies the reply', async () => {
    const user = userEvent.setup();
    render(<CustomLayout agentId="approval" />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete record 7{Enter}');
    const card = await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
    await waitFor(() => expect(statusOf()).toHaveTextContent('ready (waiting for approval)'));
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const log = screen.getByRole('log');
    expect(await within(log).findByText(/Record 7 is deleted/, {}, TIMEOUT)).toBeInTheDocument();
    await waitFor(() => expect(statusOf()).toHaveTextContent(/^ready$/), TIMEOUT);

    const reply = within(log).getAllByRole('article').at(-1)!;
    await user.click(within(reply).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toMatch(/I will delete record 7\.\s*Record 7 is deleted\./);
  });

  it('stops a streaming reply from the composer and keeps what arrived', async () => {
    const user = userEvent.setup();
    render(<CustomLayout agentId="slow" />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tell me a slow story{Enter}');
    const log = screen.getByRole('log');
    await waitFor(() => expect(log.querySelector('[data-streaming]')?.textContent?.length ?? 0).toBeGreaterThan(20), TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(statusOf()).toHaveTextContent(/^ready$/), TIMEOUT);
    const reply = log.querySelector('[data-xagent-message="assistant"]')!;
    const kept = reply.textContent ?? '';
    expect(kept).toMatch(/Once upon a time/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reply.textContent).toBe(kept);
  });
});

describe('Expired approvals', () => {
  it('AgentChat shows an approval the user moved on from as expired, without Approve/Reject', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    const composer = screen.getByRole('textbox', { name: 'Message' });
    await user.type(composer, 'Delete record 3{Enter}');
    await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    // The user moves on: a new message instead of an answer (the agent asks again for record 4).
    await user.type(composer, 'Delete record 4 instead{Enter}');
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Allow deleteRecord to run?' })).toHaveLength(2), TIMEOUT);
    await waitFor(() => expect(container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    const [first, second] = screen.getAllByRole('region', { name: 'Allow deleteRecord to run?' });
    expect(first).toHaveAttribute('data-expired', 'true');
    expect(within(first!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(first!).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(first).toHaveTextContent(/Expired/);
    // The new one is live.
    expect(within(second!).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });
});

describe('Parts outside a provider', () => {
  const message: AgentUIMessage = { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hello' }] };
  const call = { toolCallId: 'c1', toolName: 'deleteRecord', state: 'approval-requested', input: { id: 1 }, approval: { id: 'ap1' } } as never;

  // React logs the thrown error; keep the output readable.
  const quiet = <T,>(fn: () => T): T => {
    const original = console.error;
    console.error = () => {};
    try {
      return fn();
    } finally {
      console.error = original;
    }
  };

  it('throw an error naming AgentChatProvider instead of rendering buttons that do nothing', () => {
    const cases: [string, React.ReactElement][] = [
      ['AgentMessage', <AgentMessage message={message} />],
      ['MessageParts', <MessageParts message={message} />],
      ['AgentComposer', <AgentComposer />],
      ['AgentSuggestions', <AgentSuggestions />],
      ['AgentMessageList', <AgentMessageList />],
      ['ApprovalCard', <ApprovalCard call={call} />],
      ['useAgentChatContext', <Status />],
    ];
    for (const [name, element] of cases) {
      expect(() => quiet(() => render(element)), name).toThrow(new RegExp(`${name} must be rendered inside <AgentChatProvider`));
    }
  });

  it('work from their props: a composer with onSend, an approval card with its handlers', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    const approved: string[] = [];
    render(
      <>
        <AgentComposer onSend={(m) => void sent.push(m.text)} />
        <ApprovalCard call={call} onApprove={(id) => approved.push(id)} onDeny={() => {}} />
      </>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hi{Enter}');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(sent).toEqual(['hi']);
    expect(approved).toEqual(['ap1']);
  });
});
