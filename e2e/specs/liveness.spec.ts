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

test('a second tab sending while the first streams: the message is queued, shown as queued, and sent when the first reply ends', async ({ context }) => {
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
  // The second tab follows the first one's reply (live events): a send there waits in the queue
  // instead of being refused (409 "busy"), and its text is never lost.
  await expect(secondChat.messages('assistant').last()).toContainText('clockmaker');
  await secondChat.composer.fill('Are you there?');
  await secondChat.composer.press('Enter');
  const queued = second.getByRole('region', { name: 'Queued messages' }).getByRole('listitem');
  await expect(queued).toHaveCount(1);
  await expect(queued.first()).toContainText('Are you there?');
  const busy = second.getByRole('alert').filter({ hasText: 'busy' });
  await expect(busy).toHaveCount(0);

  // The first reply ends (stopped in the first tab rather than waiting for the whole story): the queued message goes.
  await first.getByRole('button', { name: 'Stop' }).click();
  await expect(secondChat.messages('user').last()).toContainText('Are you there?', { timeout: 30_000 });
  await secondChat.waitReady();
  await expect(queued).toHaveCount(0);
  await expect(secondChat.messages('user')).toHaveCount(3);
  await expect(secondChat.messages('assistant')).toHaveCount(3);
  await expect(busy).toHaveCount(0);
  // The first tab shows the second one's turn too.
  await expect(firstChat.messages('user').last()).toContainText('Are you there?');
});
