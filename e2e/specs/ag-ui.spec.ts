import { expect, test } from '@playwright/test';
import { AG_UI_WEB_PORT } from '../playwright.config.ts';
import { chatOf } from '../support/chat.ts';

// examples/ag-ui: the kit's AgentChat in front of a Mastra agent served over AG-UI (@ag-ui/mastra, mock model).
const app = `http://127.0.0.1:${AG_UI_WEB_PORT}`;

test('a Mastra agent over AG-UI: a tool call, a state write through the allowlist, an interrupt answered', async ({ page }) => {
  await page.goto(app);
  const chat = chatOf(page);
  await expect(chat.composer).toBeVisible();

  await chat.send('Weather in Oslo?');
  await expect(chat.messages('assistant').last()).toContainText('It is 21 °C and sunny in Oslo.');
  await expect(chat.log.getByText('weather', { exact: false }).first()).toBeVisible();
  await chat.waitReady();

  await chat.send('Close the ticket');
  await expect(page.getByTestId('ticket-status')).toHaveText('closed');
  await expect(page.getByTestId('ticket-owner')).toHaveText('ada');
  await expect(chat.messages('assistant').last()).toContainText('The ticket is closed.');
  await chat.waitReady();

  await chat.send('Delete record 7');
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await expect(card).toBeVisible();
  await chat.waitReady();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(chat.messages('assistant').last()).toContainText('Record 7 is deleted.');
  await chat.waitReady();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a Mastra agent over AG-UI: a rejected interrupt shows a rejected card, and the reply does not claim the deletion', async ({ page }) => {
  await page.goto(app);
  const chat = chatOf(page);
  await expect(chat.composer).toBeVisible();

  await chat.send('Delete record 7');
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await expect(card).toBeVisible();
  await chat.waitReady();
  await card.getByRole('button', { name: 'Reject' }).click();
  await card.getByRole('textbox').fill('not now');
  await card.getByRole('button', { name: 'Reject with reason' }).click();
  const reply = chat.messages('assistant').last();
  await expect(reply).toContainText('Record 7 was not deleted');
  await expect(reply).not.toContainText('Record 7 is deleted');
  const ended = chat.log.locator('[data-xagent-tool="deleteRecord"], [data-xagent-approval="deleteRecord"]').first();
  await expect(ended).toHaveAttribute('data-state', 'output-denied');
  await expect(ended).toContainText('deleteRecord was rejected');
  await expect(ended).not.toContainText(/finished/i);
  await chat.waitReady();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
