import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

// The playground's server starts a billing agent built with @a2a-js/sdk's own server on loopback and
// uses it as the remote sub-agent `billing` (issue 36): the real A2A client, through the SSRF guard.

test('a remote A2A agent: its run streams in the chat, it asks a question, the answer (by keyboard) continues the same task', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Ask the billing agent about an invoice, and let it ask me which one');
  const run = chat.log.locator('[data-xagent-remote-agent="billing"]');
  const card = chat.log.getByRole('region', { name: 'billing asks' });
  await expect(card).toContainText('Which invoice number?');
  await expect(card).toContainText('Waiting for your answer');
  await expect(run).toHaveAttribute('data-state', 'input-required');
  const field = card.getByRole('textbox', { name: 'Your answer to billing' });
  await field.focus();
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
  await expect(run).toContainText('Invoice 42 is paid.');
  await expect(chat.messages('assistant').last()).toContainText('The billing agent says: Invoice 42 is paid.');
  await chat.waitReady();
  await expect(run).toHaveAttribute('data-state', 'completed');
  await expect(chat.log.locator('[data-xagent-tool="billing"]')).toHaveAttribute('data-state', 'output-available');
  await expect(card).toHaveCount(0);
});

test('a remote A2A agent: its question survives a reload (the reply re-attaches) and the answer still continues the task', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Ask the billing agent about an invoice, and let it ask me which one');
  await expect(chat.log.getByRole('region', { name: 'billing asks' })).toContainText('Which invoice number?');
  await page.reload();
  const card = chat.log.getByRole('region', { name: 'billing asks' });
  await expect(card).toContainText('Which invoice number?');
  await card.getByRole('textbox', { name: 'Your answer to billing' }).fill('7');
  await card.getByRole('button', { name: 'Send answer' }).click();
  await expect(chat.messages('assistant').last()).toContainText('The billing agent says: Invoice 7 is paid.');
  await chat.waitReady();
});

test('a remote A2A agent: its status updates stream while it works, and Stop ends its task', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Ask the billing agent for a long search of every ledger');
  const run = chat.log.locator('[data-xagent-remote-agent="billing"]');
  await expect(run).toContainText('Still searching (1)…');
  await expect(run).toContainText('Still searching (2)…');
  await page.getByRole('button', { name: 'Stop' }).click();
  await chat.waitReady();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  // The remote task was cancelled: nothing more comes from it.
  const shown = await chat.log.locator('[data-xagent-tool="billing"]').textContent();
  await page.waitForTimeout(2_000);
  await expect(chat.log.locator('[data-xagent-tool="billing"]')).toHaveText(shown ?? '');
  await expect(chat.log).not.toContainText('Invoice 42 is paid.');
});
