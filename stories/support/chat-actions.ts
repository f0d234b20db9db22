import { expect, userEvent, waitFor, within } from 'storybook/test';

export const TIMEOUT = { timeout: 10_000 };

/** Types `text` into the chat's composer and presses Enter. */
export async function send(canvasElement: HTMLElement, text: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), `${text}{Enter}`);
}

/** Waits until the chat is ready again (the reply finished). */
export async function idle(canvasElement: HTMLElement) {
  await waitFor(() => expect(canvasElement.querySelector('[data-xagent-chat]')).toHaveAttribute('data-status', 'ready'), TIMEOUT);
}

/** Sends `text` and waits for the reply to finish. */
export async function chat(canvasElement: HTMLElement, text: string) {
  await send(canvasElement, text);
  await idle(canvasElement);
}
