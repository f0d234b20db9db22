import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// Liveness and UX defects of issue 24 in the playground (real server with a store, real Chromium).

/** Console errors and failed answers (4xx/5xx) of the page from now on. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} at ${message.location().url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return errors;
}

test('a new chat asks for no conversation that does not exist: no 404, no console error', async ({ page }) => {
  const errors = watchErrors(page);
  await openPlayground(page);
  const chat = chatOf(page);
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(chat.composer).toBeVisible();
  // Send in the new chat, then open another new one: still nothing failed.
  await chat.send('Say hello');
  await chat.waitReady();
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(chat.messages('user')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
});

test('a second tab sending while the first streams: the alert says so in words and the typed text stays', async ({ context }) => {
  const first = await context.newPage();
  await openPlayground(first);
  const firstChat = chatOf(first);
  await firstChat.send('Say hello');
  await firstChat.waitReady();
  await expect.poll(() => new URL(first.url()).searchParams.get('c')).not.toBeNull();
  const url = first.url();

  const second = await context.newPage();
  await second.goto(url);
  const secondChat = chatOf(second);
  await expect(secondChat.messages('user').first()).toContainText('Say hello');

  await firstChat.send('Tell me a slow story');
  await expect(firstChat.messages('assistant').last()).toContainText('clockmaker');
  await secondChat.composer.fill('Are you there?');
  await secondChat.composer.press('Enter');
  const alert = second.getByRole('alert').filter({ hasText: 'busy' });
  await expect(alert).toContainText('This conversation is busy in another tab or window');
  await expect(alert).not.toContainText('{');
  await expect(secondChat.composer).toHaveValue('Are you there?');
  await expect(secondChat.log.getByText('Are you there?', { exact: true })).toHaveCount(0);
});
