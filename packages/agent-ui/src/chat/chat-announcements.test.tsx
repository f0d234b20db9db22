import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createAgentServer } from '@x/agent-server';
import { inProcessFetch, scriptedModel } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentChat } from './agent-chat.js';
import { recordAnnouncements } from '../test-utils/announcements.js';

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

/** A server whose agent says `steps` (each model call's chunks) and may call `deleteRecord` (confirm: true). */
function deleteRecordServer(steps: Parameters<typeof scriptedModel>[0]['steps'], chunkDelayMs: number) {
  return createAgentServer({
    agents: { echo: { model: scriptedModel({ chunkDelayMs, steps }), tools: ['deleteRecord'] } },
    tools: { deleteRecord: { description: 'Deletes a record.', inputSchema: z.object({ id: z.number() }), confirm: true, execute: async () => ({ deleted: true }) } },
    logger: { warn: () => {}, error: () => {} },
  });
}

const DELETE_STEP = [{ type: 'text', text: 'I will delete record 9 now. ' }, { type: 'tool-call', toolName: 'deleteRecord', input: { id: 9 } }] as const;

/**
 * A fetch whose streamed responses hold back every chunk from the first one containing `marker`
 * and hand them to the page in one piece when the response ends.
 */
function holdingFrom(marker: string, inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    let held: Uint8Array[] | null = null;
    const decoder = new TextDecoder();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (!held && decoder.decode(chunk, { stream: true }).includes(marker)) held = [];
          if (held) held.push(chunk);
          else controller.enqueue(chunk);
        },
        flush(controller) {
          if (!held) return;
          const all = new Uint8Array(held.reduce((n, c) => n + c.length, 0));
          let at = 0;
          for (const c of held) {
            all.set(c, at);
            at += c.length;
          }
          controller.enqueue(all);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * Asks to delete record 9 through a fetch that holds the reply from `marker` on (see `holdingFrom`);
 * resolves once the approval card shows and the turn settled, with every text the live region was given.
 */
async function askDeleteHolding(marker: string, chunkDelayMs: number) {
  const server = deleteRecordServer([[...DELETE_STEP]], chunkDelayMs);
  const user = userEvent.setup();
  const view = render(<AgentChat agentId="echo" chatOptions={{ fetch: holdingFrom(marker, inProcessFetch(server)) }} />);
  const said = recordAnnouncements(view.container);
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete record 9{Enter}');
  await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
  await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  return { said, view };
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
    const said = recordAnnouncements(view.container);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Go{Enter}');
    await waitFor(() => expect(announced(view.container)).toMatch(/Error: The agent failed to answer\. Try again\.$/), TIMEOUT);
    // The reply's "interrupted" mark that follows does not talk over the error.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(announced(view.container)).toMatch(/Error: The agent failed to answer\. Try again\.$/);
    // The reply's words first, the error once, after them.
    expect(said.join(' | ')).toMatch(/^Partial(?: \| )?.*Error: The agent failed to answer\. Try again\.$/);
    expect(said.join(' ').match(/Error: /g)).toHaveLength(1);
  });

  it("reads out an approval request after the reply's own words, when both arrive at once", async () => {
    // The reply's sentence streams; the call and its approval request then reach the page in one
    // read (as on a busy machine), so the sentence's end and the request land in the same commit.
    const { said, view } = await askDeleteHolding('"tool-input-start"', 15);
    // The reply's words first, then the request (joined to them when they were just said): the
    // request is the last thing in the live region, not talked over by the words before it.
    expect(said.join(' | ')).toMatch(/I will delete record 9 now\..*Waiting for your approval: allow deleteRecord to run\?$/);
    expect(announced(view.container)).toMatch(/Waiting for your approval: allow deleteRecord to run\?$/);
  });

  it('reads out a reply whose words and tool call reach the page in one read', async () => {
    // The whole step in one piece (a fast model, a replayed reply, a busy machine): the text part is
    // never the streaming last part, yet it is this turn's reply and is read before the request.
    const { said } = await askDeleteHolding('"text-start"', 5);
    expect(said.join(' | ')).toMatch(/I will delete record 9 now\..*Waiting for your approval: allow deleteRecord to run\?$/);
  });

  it('reads out a whole reply that reaches the page in one read', async () => {
    const fetch = holdingFrom('data:', serve([[{ type: 'text', text: 'Oslo has 3 °C today. Take an umbrella.\n\nIt rains until Friday.' }]], 5));
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" chatOptions={{ fetch }} />);
    const said = recordAnnouncements(view.container);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Weather?{Enter}');
    const log = await screen.findByRole('log', {}, TIMEOUT);
    await within(log).findByText(/until Friday/, {}, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    // Every sentence once, in order.
    expect(said.join(' ')).toBe('Oslo has 3 °C today. Take an umbrella. It rains until Friday.');
  });

  it('reads out every text part of a reply that reaches the page in one read, in order', async () => {
    // Two text parts mount in one commit: the second's words join the first's, not replace them.
    const fetch = holdingFrom('data:', serve([[{ type: 'text', text: 'The first part ends here.' }, { type: 'text', text: 'The second part follows.' }]], 5));
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" chatOptions={{ fetch }} />);
    const said = recordAnnouncements(view.container);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Two parts{Enter}');
    await within(await screen.findByRole('log', {}, TIMEOUT)).findByText(/second part follows/, {}, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(said.join(' ')).toBe('The first part ends here. The second part follows.');
  });

  it('after an approval, reads the continuation and not again the words before the request', async () => {
    const server = deleteRecordServer([[...DELETE_STEP], [{ type: 'text', text: 'Record 9 is gone.' }]], 5);
    const user = userEvent.setup();
    const view = render(<AgentChat agentId="echo" chatOptions={{ fetch: inProcessFetch(server) }} />);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Delete record 9{Enter}');
    const card = await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const said = recordAnnouncements(view.container);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await within(screen.getByRole('log')).findByText('Record 9 is gone.', {}, TIMEOUT);
    await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(said.join(' | ')).toMatch(/Record 9 is gone\.$/);
    expect(said.join(' | ')).not.toMatch(/I will delete record 9/);
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
