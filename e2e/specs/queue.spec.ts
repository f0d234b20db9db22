import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// Messages queued while a reply streams (issue 22), on the playground's store: two messages typed
// during a slow story wait under it, survive a reload, and are sent in order, one turn each.

const queueOf = (page: Page) => page.getByRole('region', { name: 'Queued messages' });

test('queue two messages during a slow story: a reload keeps them, then both are sent in order', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Tell me a slow story');
  await expect(page.locator('[data-status="streaming"]').first()).toBeVisible({ timeout: 20_000 });

  // Sending while the story streams queues (the send button says so).
  await expect(page.getByRole('button', { name: 'Queue message' })).toBeVisible();
  for (const text of ['Say hello', 'What is the weather in Paris?']) {
    await chat.composer.fill(text);
    await chat.composer.press('Enter');
  }
  const rows = queueOf(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Say hello');
  await expect(rows.nth(1)).toContainText('What is the weather in Paris?');
  await expect(chat.messages('user')).toHaveCount(1);

  // A reload keeps the queue (saved with the conversation on the server).
  await expect.poll(() => new URL(page.url()).searchParams.get('c')).not.toBeNull();
  await page.waitForTimeout(300); // the queue's save is under way with the second send
  await page.reload();
  await expect(queueOf(page).getByRole('listitem')).toHaveCount(2);
  await expect(queueOf(page).getByRole('listitem').nth(0)).toContainText('Say hello');

  // Send now (stops the story if it still runs): both go, in order, each its own turn.
  await queueOf(page).getByRole('listitem').nth(0).getByRole('button', { name: 'Send now' }).click();
  await expect(chat.messages('user')).toHaveCount(3, { timeout: 30_000 });
  await chat.waitReady();
  await expect(queueOf(page)).toHaveCount(0);
  await expect(chat.messages('user').nth(1)).toContainText('Say hello');
  await expect(chat.messages('user').nth(2)).toContainText('What is the weather in Paris?');
  await expect(chat.messages('assistant')).toHaveCount(3);
  await expect(chat.messages('assistant').last()).toContainText('°C');

  // And the sent queue is gone on the server too.
  await page.reload();
  await expect(chat.messages('user')).toHaveCount(3);
  await expect(queueOf(page)).toHaveCount(0);
});
