import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('stop mid-stream: the reply stops growing and the chat is ready again', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Tell me a slow story');
  const reply = chat.messages('assistant').last();
  await expect(reply).toContainText('clockmaker');
  await page.getByRole('button', { name: 'Stop' }).click();
  await chat.waitReady();
  const stopped = await reply.innerText();
  await page.waitForTimeout(600);
  expect(await reply.innerText()).toBe(stopped);
  expect(stopped.length).toBeLessThan(300);
});

test('regenerate replaces the last reply with a new one', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Paris?');
  await chat.waitReady();
  const first = await chat.messages('assistant').last().getAttribute('data-message-id');
  await chat.messages('assistant').last().hover();
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/agent/') && requests.push(r.postData() ?? ''));
  await chat.messages('assistant').last().getByRole('button', { name: 'Regenerate' }).click();
  await chat.waitReady();
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').last()).toContainText('14°C');
  expect(await chat.messages('assistant').last().getAttribute('data-message-id')).not.toBe(first);
  expect(requests.some((body) => body.includes('regenerate-message'))).toBe(true);
});

test('edit truncates after the edited message and resends it', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Paris?');
  await chat.waitReady();
  await chat.send('Say hello');
  await chat.waitReady();
  const firstUser = chat.messages('user').first();
  await firstUser.hover();
  await firstUser.getByRole('button', { name: 'Edit message' }).click();
  const editor = chat.log.getByRole('textbox').first();
  await editor.fill('What is the weather in Tokyo?');
  await chat.log.getByRole('button', { name: 'Save and resend' }).click();
  await chat.waitReady();
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.messages('user').first()).toContainText('Tokyo');
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').first()).toContainText('18°C');
  await expect(chat.log).not.toContainText('Paris');
});

test('delete hides the message behind "Message deleted — Undo"; Undo brings it back with nothing sent', async ({ page }) => {
  // The page's clock runs as usual until the spec moves it past the undo window (no 5 s wait).
  await page.clock.install();
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  const id = await reply.getAttribute('data-message-id');
  const deletes: string[] = [];
  page.on('request', (r) => r.method() === 'DELETE' && deletes.push(r.url()));
  await reply.hover();
  await reply.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.messages('assistant')).toHaveCount(0);
  await expect(chat.log.getByRole('status').filter({ hasText: 'Message deleted' })).toBeVisible();
  const undo = chat.log.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  await undo.press('Enter');
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').last()).toHaveAttribute('data-message-id', id!);
  await expect(undo).toHaveCount(0);
  // Well past the undo window: nothing was sent, and the message is still there after a reload.
  await page.clock.fastForward(5_500);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  expect(deletes).toEqual([]);
  await page.reload();
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('user')).toHaveCount(1);
});

test('delete is sent when the undo window closes: the message is gone, also after a reload', async ({ page }) => {
  await page.clock.install();
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await reply.hover();
  const sent = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/messages/'), { timeout: 15_000 });
  await reply.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.messages('assistant')).toHaveCount(0);
  // The undo window closes (the page's clock moved past it, not waited for).
  await page.clock.fastForward(5_100);
  expect((await sent).ok()).toBe(true);
  await expect(chat.log.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(chat.messages('user')).toHaveCount(1);
  await page.reload();
  await expect(chat.messages('user')).toHaveCount(1);
  await expect(chat.messages('assistant')).toHaveCount(0);
});

test('delete then reload inside the undo window: the pending delete is sent, the message is gone', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Plan a weekend trip to Lisbon');
  await chat.waitReady();
  await chat.send('Say hello');
  await chat.waitReady();
  // The last reply (a message goes with what follows it: deleting an earlier one takes the rest too).
  const last = chat.messages('assistant').last();
  await last.hover();
  await last.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.messages('assistant')).toHaveCount(1);
  await page.reload();
  await expect(chat.messages('user')).toHaveCount(2);
  await expect(chat.messages('assistant')).toHaveCount(1);
  await expect(chat.messages('assistant').first()).toContainText('Alfama');
});

test('an error mid-stream shows a safe message; Retry answers', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Try a flaky request');
  const alert = page.getByRole('alert').filter({ hasText: /went wrong|failed/i });
  await expect(alert).toBeVisible();
  await expect(alert).not.toContainText('Transient upstream failure');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await chat.waitReady();
  await expect(chat.messages('assistant').last()).toContainText('Second time lucky');
  await expect(alert).toBeHidden();
});
