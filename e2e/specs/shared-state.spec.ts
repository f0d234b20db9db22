import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('the agent fills the shared form, the key the page did not expose is ignored, and undo restores it', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  const form = page.getByRole('form', { name: 'Shared form' }).or(page.locator('form[aria-label="Shared form"]'));
  await page.getByRole('textbox', { name: 'Company' }).fill('Before Inc');
  await chat.send('Fill the form for Ada Lovelace');
  await chat.waitReady();

  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Analytical Engines Ltd');
  // isAdmin was not exposed by the page: never written, and the model is told so.
  await expect(chat.messages('assistant').last()).toContainText('isAdmin');
  await expect(chat.messages('assistant').last()).toContainText('ignored');
  const log = page.getByRole('list', { name: 'Write log' }).or(page.locator('[aria-label="Write log"]'));
  await expect(log).toContainText('name');
  await expect(log).not.toContainText('isAdmin');
  await expect(form.first()).toBeVisible();

  await page.getByRole('button', { name: 'Undo last agent turn' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Before Inc');
});
