// Issue 14 items that live in the chat's layers: what shows while an approval waits, the answer kept
// on the card, keys (Enter in the message editor, Escape in the composer) and where focus goes.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import { describe, expect, it } from 'vitest';
import { enUS } from '../locales/built-in.js';
import { AgentChat } from './agent-chat.js';

const server = createScenarioServer({ scenarios: [scenarios.approval, scenarios.slowStream, scenarios.plainText], smartAgentId: false });
const fetch = inProcessFetch(server);
const TIMEOUT = { timeout: 10_000 };

const chatRoot = (container: HTMLElement) => container.querySelector('[data-xagent-chat]')!;
const waitReady = (container: HTMLElement) => waitFor(() => expect(chatRoot(container)).toHaveAttribute('data-status', 'ready'), TIMEOUT);
const composer = () => screen.getByRole('textbox', { name: 'Message' });
const log = () => within(screen.getByRole('log'));

async function askApproval(user: ReturnType<typeof userEvent.setup>, container: HTMLElement, text = 'Delete record 7') {
  await user.type(composer(), `${text}{Enter}`);
  const card = await screen.findByRole('region', { name: 'Allow deleteRecord to run?' }, TIMEOUT);
  await waitReady(container);
  return card;
}

/** A chat with one question answered, its message editor open (the focus in it). */
async function editFirstMessage() {
  const user = userEvent.setup();
  const { container } = render(<AgentChat agentId="plain-text" chatOptions={{ fetch }} />);
  await user.type(composer(), 'hello{Enter}');
  await waitReady(container);
  const question = log().getAllByRole('article')[0]!;
  await user.click(within(question).getByRole('button', { name: 'Edit message' }));
  return { user, container, question };
}

describe('While an approval waits', () => {
  it('hides suggestions, Regenerate and feedback, and shows them again once answered', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" suggestions={['Something else']} chatOptions={{ fetch }} />);
    const card = await askApproval(user, container);
    const reply = log().getAllByRole('article').at(-1)!;
    expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull();
    expect(within(reply).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(within(reply).queryByRole('button', { name: 'Helpful' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await log().findByText(/Record 7 is deleted/, {}, TIMEOUT);
    await waitReady(container);
    expect(screen.getByRole('group', { name: 'Suggestions' })).toBeInTheDocument();
    const answered = log().getAllByRole('article').at(-1)!;
    expect(within(answered).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(within(answered).getByRole('button', { name: 'Helpful' })).toBeInTheDocument();
  });

  it('says in the composer that an answer is awaited', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    expect(composer()).toHaveAttribute('placeholder', enUS.composerPlaceholder);
    const card = await askApproval(user, container);
    expect(composer()).toHaveAttribute('placeholder', enUS.awaitingApproval);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(composer()).toHaveAttribute('placeholder', enUS.composerPlaceholder), TIMEOUT);
  });
});

describe('The answer stays on the card', () => {
  it('records "Approved" after the call ran', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    const card = await askApproval(user, container);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const done = await log().findByRole('group', { name: 'deleteRecord finished' }, TIMEOUT);
    await waitReady(container);
    expect(within(done).getByText('Approved')).toBeInTheDocument();
  });

  it('records "Rejected: reason" after a rejection', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    const card = await askApproval(user, container, 'Delete record 8');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await user.type(within(card).getByRole('textbox', { name: /reason/i }), 'audit');
    await user.click(within(card).getByRole('button', { name: 'Reject with reason' }));
    await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent(/record 8 was not deleted/), TIMEOUT);
    await waitReady(container);
    const denied = screen.getByRole('log').querySelector('[data-state="output-denied"]')!;
    expect(denied).toHaveTextContent('Rejected: audit');
  });
});

describe('Focus stays in the chat', () => {
  it('after Approve: on the composer', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="approval" chatOptions={{ fetch }} />);
    const card = await askApproval(user, container);
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(composer()).toHaveFocus();
    await log().findByText(/Record 7 is deleted/, {}, TIMEOUT);
    await waitReady(container);
    expect(document.activeElement).not.toBe(document.body);
  });

  it('after Stop: on the composer', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch }} />);
    await user.type(composer(), 'Tell me a slow story{Enter}');
    await waitFor(() => expect(screen.getByRole('log').querySelector('[data-streaming]')).not.toBeNull(), TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitReady(container);
    expect(composer()).toHaveFocus();
  });

  it('after Escape in the message editor: on the message\'s Edit button', async () => {
    const { user, question } = await editFirstMessage();
    expect(within(question).getByRole('textbox', { name: 'Edit message' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(question).queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(within(question).getByRole('button', { name: 'Edit message' })).toHaveFocus();
  });

  it('after saving an edit (a new version of the message is sent): on the composer', async () => {
    const { user, container, question } = await editFirstMessage();
    const editor = within(question).getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'hello again{Enter}');
    await waitFor(() => expect(log().getAllByRole('article')[0]).toHaveTextContent('hello again'), TIMEOUT);
    expect(composer()).toHaveFocus();
    await waitReady(container);
    expect(document.activeElement).not.toBe(document.body);
  });

  it('after deleting a message: on its Undo, then (the window closed, no message after it) on the transcript', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="plain-text" chatOptions={{ fetch }} messageDisplay={{ deleteUndoTimeout: 200 }} />);
    await user.type(composer(), 'hello{Enter}');
    await waitReady(container);
    const reply = log().getAllByRole('article').at(-1)!;
    await user.click(within(reply).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(log().getByRole('button', { name: 'Undo' })).toHaveFocus());
    await waitFor(() => expect(log().queryByRole('button', { name: 'Undo' })).toBeNull(), TIMEOUT);
    expect(log().getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('log')).toHaveFocus();
  });

  it('after deleting with deleteUndoTimeout 0: on the transcript', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="plain-text" chatOptions={{ fetch }} messageDisplay={{ deleteUndoTimeout: 0 }} />);
    await user.type(composer(), 'hello{Enter}');
    await waitReady(container);
    const reply = log().getAllByRole('article').at(-1)!;
    await user.click(within(reply).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(log().getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('log')).toHaveFocus();
  });

  it('after closing the drawer: back on the button that opened it', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="plain-text" display="drawer" drawer={{ title: 'Assistant' }} chatOptions={{ fetch }} />);
    // The drawer's own floating button, not its look-alike (which it replaces as soon as its chunk ran).
    await waitFor(() => expect(container.ownerDocument.querySelector('.ant-float-btn')).not.toBeNull(), TIMEOUT);
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' }, TIMEOUT);
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus(), TIMEOUT);
  });
});

describe('Keys', () => {
  it('Enter saves the message editor, Shift+Enter adds a line', async () => {
    const { user, container, question } = await editFirstMessage();
    const editor = within(question).getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'first{Shift>}{Enter}{/Shift}second');
    expect(editor).toHaveValue('first\nsecond');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(log().getAllByRole('article')[0]).toHaveTextContent(/first\s*second/));
    expect(within(log().getAllByRole('article')[0]!).queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    await waitReady(container);
  });

  it('Escape in the composer stops a streaming reply', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="slow" chatOptions={{ fetch }} />);
    await user.type(composer(), 'Tell me a slow story{Enter}');
    await waitFor(() => expect(screen.getByRole('log').querySelector('[data-streaming]')).not.toBeNull(), TIMEOUT);
    await user.keyboard('{Escape}');
    await waitReady(container);
    const reply = screen.getByRole('log').querySelector('[data-xagent-message="assistant"]')!;
    const kept = reply.textContent ?? '';
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(reply.textContent).toBe(kept);
    // Stopped early: the scripted story repeats its sentence six times.
    expect(kept.split('Once upon a time').length - 1).toBeLessThan(6);
  });
});

describe('autoFocus', () => {
  it('focuses the composer on mount when set, and leaves the focus alone otherwise', async () => {
    const { unmount } = render(<AgentChat agentId="plain" chatOptions={{ fetch }} />);
    expect(composer()).not.toHaveFocus();
    unmount();
    render(<AgentChat agentId="plain" chatOptions={{ fetch }} composer={{ autoFocus: true }} />);
    await waitFor(() => expect(composer()).toHaveFocus(), TIMEOUT);
  });
});

describe('Message actions', () => {
  it('Copy puts the text on the clipboard and says "Copied" until it turns back', async () => {
    const user = userEvent.setup();
    const { container } = render(<AgentChat agentId="plain-text" chatOptions={{ fetch }} />);
    await user.type(composer(), 'hello{Enter}');
    await waitReady(container);
    const question = log().getAllByRole('article')[0]!;
    await user.click(within(question).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('hello');
    expect(within(question).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Copy' })).toBeInTheDocument(), { timeout: 4_000 });
  });
});

