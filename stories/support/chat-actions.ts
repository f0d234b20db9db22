import { expect, userEvent, waitFor, within } from 'storybook/test';

export const TIMEOUT = { timeout: 10_000 };

/**
 * Waits until every AgentChat in the canvas has mounted its view: AgentChat mounts it in a
 * transition (TransitionMount), so the story's first commit — when Storybook starts the play
 * function — holds a placeholder box (`data-xagent-chat-pending`). An app's own play functions
 * wait the same way (or start with a `findBy…` query).
 */
export async function chatMounted(canvasElement: HTMLElement) {
  await waitFor(() => expect(canvasElement.querySelector('[data-xagent-chat-pending]')).toBeNull(), TIMEOUT);
}

/** Per canvas: whether the chat has left `ready` since the last `send` (a reply started). */
const replyStarted = new WeakMap<HTMLElement, { started: boolean; stop: () => void }>();

/**
 * Types `text` into the chat's composer, presses Enter, and waits until the message shows in the
 * transcript. It also notes when the reply starts: sending may first fetch the chat's on-demand code
 * (in a production build that takes a moment) while the chat stays `ready`, so `idle` right after a
 * send waits for a reply that started and ended, not for the moment before the send.
 */
export async function send(canvasElement: HTMLElement, text: string, composerName = 'Message') {
  const canvas = within(canvasElement);
  const shown = () => canvas.queryAllByText(text, { exact: true }).length;
  const before = shown();
  replyStarted.get(canvasElement)?.stop();
  const record = { started: false, stop: () => observer.disconnect() };
  const observer = new MutationObserver(() => {
    if (canvasElement.querySelector('[data-xagent-chat]:not([data-status="ready"])')) record.started = true;
  });
  observer.observe(canvasElement, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  replyStarted.set(canvasElement, record);
  await userEvent.type(canvas.getByRole('textbox', { name: composerName }), `${text}{Enter}`);
  await waitFor(() => expect(shown()).toBeGreaterThan(before), TIMEOUT);
}

/** Waits until the chat is ready again (after a `send`: the reply started and finished). */
export async function idle(canvasElement: HTMLElement) {
  const record = replyStarted.get(canvasElement);
  await waitFor(() => {
    if (record) expect(record.started, 'the reply has started').toBe(true);
    expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready');
  }, TIMEOUT);
  record?.stop();
  replyStarted.delete(canvasElement);
}

/** Sends `text` and waits for the reply to finish (`composerName`: the composer's accessible name). */
export async function chat(canvasElement: HTMLElement, text: string, composerName?: string) {
  await send(canvasElement, text, composerName);
  await idle(canvasElement);
}
