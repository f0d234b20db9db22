import { expect, test } from '@playwright/test';
import { chatOf, openPlayground, askToDeleteRecord } from '../support/chat.ts';

test('a server tool call shows as a card with its input and result, then the answer', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Oslo?');
  await chat.waitReady();
  const card = chat.log.locator('[data-xagent-tool="getWeather"]');
  await expect(card).toHaveAttribute('data-state', 'output-available');
  await expect(card).toContainText('Oslo');
  await expect(chat.messages('assistant').last()).toContainText('3°C');
});

test('approval: Approve runs the tool and the agent goes on', async ({ page }) => {
  const { chat, card } = await askToDeleteRecord(page, 7);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(chat.messages('assistant').last()).toContainText('Record 7 is deleted.');
  await chat.waitReady();
});

test('approval: Reject with a reason, from the keyboard only', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Delete record 8');
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await expect(card).toBeVisible();
  await chat.waitReady();
  const reject = card.getByRole('button', { name: 'Reject' });
  await reject.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('not this one');
  const confirm = card.getByRole('button', { name: 'Reject with reason' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(chat.messages('assistant').last()).toContainText('record 8 was not deleted');
  await expect(chat.messages('assistant').last()).toContainText('not this one');
  await expect(chat.log.locator('[data-xagent-tool="deleteRecord"], [data-xagent-approval="deleteRecord"]').first()).toHaveAttribute('data-state', 'output-denied');
});

test('approval with edits: the input edited as JSON is what runs, and the card shows it', async ({ page }) => {
  const { chat, card } = await askToDeleteRecord(page, 17);
  await card.getByRole('button', { name: 'Edit input' }).click();
  const editor = card.getByRole('textbox', { name: 'Tool input (JSON)' });
  await expect(editor).toBeFocused();
  await editor.fill('{ "id": 18');
  await expect(card.getByRole('alert')).toContainText('Not valid JSON');
  await expect(card.getByRole('button', { name: 'Approve with changes' })).toBeDisabled();
  await editor.fill('{ "id": 18 }');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await card.getByRole('button', { name: 'Approve with changes' }).click();
  // The tool ran with the edited id: its result and the agent's answer name record 18.
  await expect(chat.messages('assistant').last()).toContainText('Record 18 is deleted.');
  await chat.waitReady();
  const done = chat.log.locator('[data-xagent-tool="deleteRecord"]');
  await expect(done).toHaveAttribute('data-state', 'output-available');
  await expect(done).toContainText('Approved · Edited input');
  await done.getByText('Proposed input').click();
  await expect(done.locator('[data-xagent-proposed-input]')).toContainText('"id": 17');
  // The server stored what ran and what was proposed: after a reload the card still shows the
  // approved call with the edited input, labelled "Edited input", the proposal one click away.
  await page.reload();
  const stored = chatOf(page).log.locator('[data-xagent-tool="deleteRecord"]');
  await expect(stored).toContainText('Approved · Edited input');
  await expect(stored.locator('[data-xagent-proposed-input]')).toContainText('"id": 17');
  await expect(stored).toContainText('deleted: 18');
});

test('an MCP tool call goes through a real MCP server process', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Echo "hello MCP" through the MCP server');
  await chat.waitReady();
  await expect(chat.messages('assistant').last()).toContainText('The MCP server answered: Echo: hello MCP');
});

test('an agentic turn with 20 tool calls completes with a summary', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Check the status of all 20 open orders');
  await chat.waitReady();
  // The 20 consecutive calls collapse into one line; expanding it shows every call, each finished.
  const group = chat.log.getByRole('button', { name: 'Used lookupOrder 20 times' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await expect(chat.log.locator('[data-xagent-tool="lookupOrder"]')).toHaveCount(0);
  await group.click();
  // Compact rows, each finished, each expanding to its card.
  const rows = chat.log.locator('[data-xagent-tool-row="lookupOrder"]');
  await expect(rows).toHaveCount(20);
  await expect(rows.getByText('✓', { exact: true })).toHaveCount(20);
  await rows.nth(0).locator('summary').click();
  await expect(rows.nth(0).locator('[data-xagent-tool="lookupOrder"][data-state="output-available"]')).toHaveCount(1);
  await expect(chat.messages('assistant').last()).toContainText('I checked 20 orders: 14 shipped, 6 delayed.');
});

test('a sub-agent answers through the parent', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Research the history of the teapot');
  await chat.waitReady();
  await expect(chat.messages('assistant').last()).toContainText('The researcher says: Three facts about the teapot');
});
