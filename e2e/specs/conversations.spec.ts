import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('the generated title appears in the conversation list and the conversation reloads when selected', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Plan a weekend trip to Lisbon');
  await chat.waitReady();
  const list = page.getByRole('navigation', { name: 'Conversations' }).or(page.locator('[aria-label="Conversations"]')).first();
  // the mock title model summarises the scenario's prompt, as a real model would
  await expect(list.getByText('Weekend in Lisbon').first()).toBeVisible();

  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(chat.messages('user')).toHaveCount(0);
  await list.getByText('Weekend in Lisbon').first().click();
  await expect(chat.messages('user').first()).toContainText('Plan a weekend trip to Lisbon');
  await expect(chat.messages('assistant').first()).toContainText('Alfama');
});

test('switching conversation mid-stream stops the old reply and loads the other transcript', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  const list = page.getByRole('navigation', { name: 'Conversations' }).or(page.locator('[aria-label="Conversations"]')).first();
  await chat.send('Say hello');
  await chat.waitReady();
  await expect(list.getByText('Say hello').first()).toBeVisible();

  await page.getByRole('button', { name: 'New chat' }).click();
  const aborted = page.waitForEvent('requestfailed', (r) => r.url().includes('/api/agent/'));
  await chat.send('Tell me a slow story');
  await expect(chat.messages('assistant').last()).toContainText('clockmaker');
  await list.getByText('Say hello').first().click();
  await aborted;
  await expect(chat.messages('user').first()).toContainText('Say hello');
  await expect(chat.log).not.toContainText('clockmaker');
  await page.waitForTimeout(800);
  await expect(chat.log).not.toContainText('clockmaker');
  await chat.waitReady();
});
