import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createAgentServer } from '@x/agent-server';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from './agent-chat.js';

// What ChatAnnouncements reads out in the live region: a reply that was stopped, an error (not
// talked over by the interrupted mark that follows it), and nothing for loaded history. It follows the chat's store without rendering.

const TIMEOUT = { timeout: 10_000 };
const WORDS = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');

function serve(steps: Parameters<typeof scriptedModel>[0]['steps'], chunkDelayMs: number) {
  const server = createAgentServer({
    agents: { echo: { model: scriptedModel({ chunkDelayMs, steps }) } },
    logger: { warn: () => {}, error: () => {} },
  });
  return inProcessFetch(server);
}

const announced = (container: HTMLElement) => container.querySelector('[data-xagent-announcer]')?.textContent?.replace(/\u200b/g, '') ?? '';

describe('ChatAnnouncements', () => {
  it('reads out a reply the user stopped', async () => {
    const fetch = serve([[{ type: 'text', text: WORDS }]], 25);
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await within(log).findByText(/w3/, {}, TIMEOUT);
    expect(announced(view.container)).not.toBe('Reply stopped');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    // After the reply's last words (read when it stops), in the same announcement: not before a fragment.
    await waitFor(() => expect(announced(view.container)).toMatch(/^w\d+(?: w\d+)* Reply stopped$/), TIMEOUT);
  });

  it('reads out an error once', async () => {
    const fetch = serve([[{ type: 'text', text: 'Partial ' }, { type: 'error', message: 'model down' }]], 0);
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" chatOptions={{ fetch }} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    await waitFor(() => expect(announced(view.container)).toMatch(/^Error: /), TIMEOUT);
    // The reply's "interrupted" mark that follows does not talk over the error.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(announced(view.container)).toMatch(/^Error: /);
  });

  it('says nothing for loaded history that ends in a stopped reply', async () => {
    const messages: AgentUIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hel' }], metadata: { stopReason: 'stopped' } },
    ];
    const fetch = serve([[{ type: 'text', text: 'x' }]], 0);
    const view = render(<AgentChat agentId="echo" messages={messages} chatOptions={{ fetch }} />);
    await screen.findByRole('log', {}, TIMEOUT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(within(view.container).getByText('Hel')).toBeInTheDocument();
    expect(announced(view.container)).toBe('');
  });
});
