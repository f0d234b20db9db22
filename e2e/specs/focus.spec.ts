import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

/**
 * Focus never falls to <body> (keyboard only): "New chat" hands it to the composer, and a sent A2UI
 * form, whose buttons then turn disabled, keeps it on its surface. The jsdom tests
 * (`packages/agent-ui/src/chat/focus-after-actions.test.tsx`) cover the error alert, the queue and
 * the Inspector too.
 */

const onBody = () => document.activeElement === document.body || document.activeElement === null;

test('"New chat" by keyboard hands the focus to the composer', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Say hello');
  await chat.waitReady();
  const newChat = page.locator('[data-xagent-conversations]').getByRole('button', { name: 'New chat' });
  await newChat.focus();
  await page.keyboard.press('Enter');
  await expect(chat.composer).toBeFocused();
  expect(await page.evaluate(onBody)).toBe(false);
});

test('a sent A2UI form keeps the focus on its surface', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Book a table for two');
  const form = chat.log.getByRole('region', { name: 'Interactive form from the agent' });
  await chat.waitReady();
  await form.getByLabel('Name').fill('Ada Lovelace');
  const date = form.getByLabel('Date');
  await date.click();
  await date.fill('2026-12-31');
  await date.press('Enter');
  await form.getByRole('radio', { name: '21:00' }).check();
  const book = form.getByRole('button', { name: 'Book table' });
  await book.focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Name')).toBeDisabled();
  await chat.waitReady();
  await expect(form).toBeFocused();
  expect(await page.evaluate(onBody)).toBe(false);
});
