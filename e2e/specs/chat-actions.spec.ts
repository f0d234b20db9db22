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
  await firstUser.getByRole('button', { name: 'Edit' }).click();
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

test('delete removes one message from the transcript', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await reply.hover();
  await reply.getByRole('button', { name: 'Delete' }).click();
  await expect(chat.messages('assistant')).toHaveCount(0);
  await expect(chat.messages('user')).toHaveCount(1);
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
