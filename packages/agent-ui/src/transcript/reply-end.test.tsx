// The marks under a reply that did not end normally (issue 12), with a server that has a store: it
// saves the stop reason and sends it with the reply (`metadata.stopReason`).
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';

const server = createScenarioServer({ scenarios: [scenarios.flaky, scenarios.slowStream], smartAgentId: false, config: { store: memoryStore() } });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

const chatRoot = (container: HTMLElement) => container.querySelector('[data-xagent-chat]')!;
const waitReady = (container: HTMLElement) => waitFor(() => expect(chatRoot(container)).toHaveAttribute('data-status', 'ready'), TIMEOUT);
const composer = () => screen.getByRole('textbox', { name: 'Message' });
const lastReply = () => within(screen.getByRole('log')).getAllByRole('article').at(-1)!;

describe('reply end marks', () => {
  it('Stop: the reply is marked "Stopped", also after a reload', async () => {
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="slow" conversationId="c-mark-stop" chatOptions={{ fetch }} />);
    await user.type(composer(), 'Tell me a slow story{Enter}');
    await waitFor(() => expect(view.container.querySelector('[data-streaming]')?.textContent?.length ?? 0).toBeGreaterThan(20), TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitReady(view.container);
    await waitFor(() => expect(within(lastReply()).getByText('Stopped')).toBeInTheDocument());
    view.unmount();

    const reloaded = render(<AgentChat agentId="slow" conversationId="c-mark-stop" chatOptions={{ fetch }} />);
    await waitFor(() => expect(reloaded.container.querySelector('[data-xagent-reply-end="stopped"]')).toHaveTextContent('Stopped'), TIMEOUT);
    reloaded.unmount();
  });

  it('a failed reply: the error alert offers Retry; once dismissed, "Interrupted — Retry" does, and Retry regenerates', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="flaky" conversationId="c-mark-failed" chatOptions={{ fetch }} />);
    await user.type(composer(), 'Try a flaky request #mark{Enter}');
    await screen.findByRole('button', { name: 'Dismiss' }, TIMEOUT);
    // One Retry only while the alert shows.
    expect(container.querySelector('[data-xagent-reply-end]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const mark = await waitFor(() => {
      const found = container.querySelector<HTMLElement>('[data-xagent-reply-end="interrupted"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(mark).toHaveTextContent(/^Interrupted\s*—\s*Retry$/);
    await user.click(within(mark).getByRole('button', { name: 'Retry' }));
    await within(screen.getByRole('log')).findByText(/Second time lucky/, {}, TIMEOUT);
    await waitReady(container);
    expect(container.querySelector('[data-xagent-reply-end]')).toBeNull();
  });
});
