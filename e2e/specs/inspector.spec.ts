import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parseFixture } from '@x/mock-server';
import { chatOf } from '../support/chat.ts';

// Issue 25: the developer inspector in the playground (`?inspector` loads it on demand), driven from
// the keyboard, and "Save this conversation as a fixture" writing the file on the playground server.

test('the inspector shows a run’s wire events, approvals and answers; filters, copies and saves a fixture', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?inspector');
  const chat = chatOf(page);
  await expect(chat.composer).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Open inspector' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: 'Agent inspector' });
  await expect(panel).toBeVisible();

  await chat.send('Delete record 7');
  const card = chat.log.locator('[data-xagent-approval="deleteRecord"]');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(chat.log.getByText(/Record 7 is deleted/)).toBeVisible();
  await chat.waitReady();

  const turns = panel.getByRole('button', { name: /turn POST \/api\/agent\/assistant 200/ });
  await expect(turns).toHaveCount(2);
  const events = panel.getByRole('list', { name: 'Events' });
  await expect(events.getByText(/deleteRecord approved/)).toBeVisible();
  await expect(events.getByText(/^#\d+ id \d+ \+\d+ ms/).first()).toBeVisible();

  // The first turn, chosen and filtered from the keyboard: its approval request.
  await turns.first().focus();
  await page.keyboard.press('Enter');
  await expect(turns.first()).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('combobox', { name: 'Type' }).selectOption('tool-approval-request');
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await events.getByRole('button', { name: /^Copy event/ }).press('Enter');
  await expect(events.getByRole('button', { name: /^Copy event/ })).toHaveText('Copied');
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({ type: 'tool-approval-request' });

  await page.getByRole('button', { name: 'Save this conversation as a fixture' }).click();
  const status = page.getByRole('status').filter({ hasText: /Saved 2 run\(s\) to/ });
  await expect(status).toBeVisible();
  const path = /to (\S+\.json)$/.exec((await status.textContent()) ?? '')![1]!;
  const file = join(import.meta.dirname, '../../examples/playground', path);
  const fixture = parseFixture(await readFile(file, 'utf8'), file);
  expect(fixture.calls).toHaveLength(2);
});

test('the save-fixture route refuses bad input with a code and writes nothing', async ({ request }) => {
  const bad = await request.post('/api/dev/fixtures', { data: { name: 'bad', fixture: { version: 9, calls: [] } } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: { code: 'invalid_fixture', message: expect.stringContaining('has version 9, newer than') } });
  const notJson = await request.post('/api/dev/fixtures', { data: Buffer.from('{'), headers: { 'content-type': 'application/json' } });
  expect(notJson.status()).toBe(400);
  expect((await notJson.json()).error.code).toBe('bad_json');
  await expect(readFile(join(import.meta.dirname, '../../examples/playground/.data/fixtures/bad.json'))).rejects.toThrow(/ENOENT/);
});
