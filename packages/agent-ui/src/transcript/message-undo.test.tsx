import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { memoryStore } from '@x/agent-server/store';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { AgentChat } from '../chat/agent-chat.js';

// A server with a store owns the history: a delete is persisted there, so a reload shows what was sent.
const server = createScenarioServer({ scenarios: [scenarios.plainText], smartAgentId: false, config: { store: memoryStore() } });
const serverFetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

/** The server's fetch, recording every DELETE of a message (url and keepalive). */
function recordingFetch() {
  const deletes: { url: string; keepalive: boolean }[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (init?.method === 'DELETE' && url.includes('/messages/')) deletes.push({ url, keepalive: init.keepalive === true });
    return serverFetch(input, init);
  };
  return { fetch, deletes };
}

const log = () => within(screen.getByRole('log'));
const articles = () => log().queryAllByRole('article');

async function chatWithOneTurn(conversationId: string, fetch: typeof globalThis.fetch, deleteUndoTimeout?: number) {
  const user = userEvent.setup();
  const view = render(<AgentChat agentId="plain-text" conversationId={conversationId} chatOptions={{ fetch }} messageDisplay={{ deleteUndoTimeout }} />);
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), TIMEOUT);
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
  await waitFor(() => expect(view.container.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
  await waitFor(() => expect(articles()).toHaveLength(2), TIMEOUT);
  return { user, view };
}

/** Mounts the conversation again and returns the texts of its messages once loaded. */
async function reloadedTexts(conversationId: string): Promise<string[]> {
  const view = render(<AgentChat agentId="plain-text" conversationId={conversationId} chatOptions={{ fetch: serverFetch }} />);
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), TIMEOUT);
  const texts = [...view.container.querySelectorAll('[data-xagent-message]')].map((el) => el.getAttribute('data-xagent-message')!);
  view.unmount();
  return texts;
}

describe('message delete with undo', () => {
  it('hides the message at once behind "Message deleted — Undo" (focus on Undo); Undo restores it with nothing sent', async () => {
    const { fetch, deletes } = recordingFetch();
    const { user, view } = await chatWithOneTurn('c-undo', fetch, 60_000);
    const question = articles()[0]!;
    // The message actions come with the on-demand chunk: in the file's first test it may still be loading.
    await user.click(await within(question).findByRole('button', { name: 'Delete' }, TIMEOUT));

    expect(articles()).toHaveLength(1);
    // The row's code comes with the on-demand chunk (preloaded when idle): at most a moment later.
    const undo = await log().findByRole('button', { name: 'Undo' }, TIMEOUT);
    expect(log().getByText('Message deleted').closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(undo).toHaveFocus(), TIMEOUT);

    await user.click(undo);
    expect(articles()).toHaveLength(2);
    expect(within(articles()[0]!).getByText('hello')).toBeInTheDocument();
    expect(log().queryByRole('button', { name: 'Undo' })).toBeNull();
    // The focus goes to the restored message, not to <body>.
    expect(articles()[0]!.contains(document.activeElement)).toBe(true);
    view.unmount();
    expect(deletes).toEqual([]);
    expect(await reloadedTexts('c-undo')).toEqual(['user', 'assistant']);
  });

  it('sends the delete when the window closes, moves the focus on (the transcript when nothing follows), and the server no longer has it', async () => {
    const { fetch, deletes } = recordingFetch();
    const { user, view } = await chatWithOneTurn('c-expire', fetch, 300);
    await user.click(await within(articles()[1]!).findByRole('button', { name: 'Delete' }, TIMEOUT));
    await waitFor(() => expect(log().getByRole('button', { name: 'Undo' })).toHaveFocus(), TIMEOUT);
    expect(deletes).toEqual([]);

    await waitFor(() => expect(deletes).toHaveLength(1), TIMEOUT);
    expect(deletes[0]!.keepalive).toBe(false);
    await waitFor(() => expect(log().queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(articles()).toHaveLength(1);
    expect(articles()[0]!).toHaveAttribute('data-xagent-message', 'user');
    expect(document.activeElement).toBe(screen.getByRole('log'));
    // Let the DELETE reach the store before reading the history again.
    await waitFor(async () => expect(await reloadedTexts('c-expire')).toEqual(['user']), TIMEOUT);
    view.unmount();
  });

  it('deletes a message with what follows it (its subtree on the server)', async () => {
    const { fetch, deletes } = recordingFetch();
    const { user, view } = await chatWithOneTurn('c-subtree', fetch, 0);
    await user.click(await within(articles()[0]!).findByRole('button', { name: 'Delete' }, TIMEOUT));
    await waitFor(() => expect(deletes).toHaveLength(1), TIMEOUT);
    await waitFor(() => expect(articles()).toHaveLength(0));
    view.unmount();
    await waitFor(async () => expect(await reloadedTexts('c-subtree')).toEqual([]), TIMEOUT);
  });

  it('sends a pending delete (keepalive) when the page is hidden, and when the chat leaves the conversation', async () => {
    const { fetch, deletes } = recordingFetch();
    const { user, view } = await chatWithOneTurn('c-leave', fetch, 60_000);
    await user.click(await within(articles()[1]!).findByRole('button', { name: 'Delete' }, TIMEOUT));
    expect(deletes).toEqual([]);
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]).toMatchObject({ keepalive: true, url: expect.stringContaining('/conversations/c-leave/messages/') });
    await waitFor(() => expect(articles()).toHaveLength(1));

    // Another delete, then another conversation opens before the window closes: the delete is sent
    // to the conversation it was made in.
    await user.click(await within(articles()[0]!).findByRole('button', { name: 'Delete' }, TIMEOUT));
    view.rerender(<AgentChat agentId="plain-text" conversationId="c-other" chatOptions={{ fetch }} messageDisplay={{ deleteUndoTimeout: 60_000 }} />);
    await waitFor(() => expect(deletes).toHaveLength(2));
    expect(deletes[1]!.url).toContain('/conversations/c-leave/messages/');
    view.unmount();
    await waitFor(async () => expect(await reloadedTexts('c-leave')).toEqual([]), TIMEOUT);
  });

  it('deletes at once with deleteUndoTimeout 0', async () => {
    const { fetch, deletes } = recordingFetch();
    const { user, view } = await chatWithOneTurn('c-now', fetch, 0);
    await user.click(await within(articles()[1]!).findByRole('button', { name: 'Delete' }, TIMEOUT));
    await waitFor(() => expect(deletes).toHaveLength(1));
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(log().queryByRole('button', { name: 'Undo' })).toBeNull();
    view.unmount();
  });
});
