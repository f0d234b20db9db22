import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { chatOf, openPlayground } from '../support/chat.ts';

test('A2UI: the agent answers with a form; filling and submitting it books the table', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Book a table for two');
  const form = chat.log.getByRole('region', { name: 'Interactive form from the agent' });
  await expect(form.getByRole('heading', { name: 'Book a table' })).toBeVisible();
  await chat.waitReady();
  await expect(form.getByText('Le Petit Jardin · a table for 2')).toBeVisible();
  const book = form.getByRole('button', { name: 'Book table' });
  await expect(book).toBeDisabled();

  await form.getByLabel('Name').fill('Ada Lovelace');
  const date = form.getByLabel('Date');
  await date.click();
  await date.fill('2026-12-31');
  await date.press('Enter');
  await form.getByRole('radio', { name: '21:00' }).check();
  await form.getByRole('checkbox', { name: 'Window seat' }).check();
  expect(await axeViolations(page, ['[data-a2ui-surface]'])).toEqual([]);

  await book.click();
  const reply = chat.messages('assistant').last();
  await expect(reply).toContainText('Confirmed: a table for 2 on 2026-12-31 at 21:00, by the window, under Ada Lovelace.');
  await chat.waitReady();
  await expect(chat.messages('user').last().locator('[data-a2ui-action="book_table"]')).toContainText('name: Ada Lovelace');
  await expect(form.getByLabel('Name')).toBeDisabled();
  expect(await axeViolations(page, ['[data-xagent-chat]'])).toEqual([]);
});
