import { expect, test } from '@playwright/test';
import { chatOf, openPlayground, recordReplyGrowth } from '../support/chat.ts';

test('a message typed in the playground streams back token by token and completes', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  const growth = recordReplyGrowth(page);
  await chat.send('Hello from Playwright');
  const reply = chat.messages('assistant').last();
  // The reply grows in visible steps (streaming), not in one paint, and only grows. At least one
  // length between empty and whole; how many more depends on how many frames the machine paints
  // while the short reply streams (a second whole run under load saw 3 lengths, not 4).
  const lengths = await growth;
  expect(lengths.length).toBeGreaterThanOrEqual(3);
  expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  await expect(reply).toContainText('Hello! I am a scripted agent. Every word of this reply streams on its own.');
  await chat.waitReady();
  await expect(chat.composer).toHaveValue('');
});

test('long markdown renders headings, a table and a code block', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Show me some markdown with a table and code');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await expect(reply.getByRole('heading', { name: 'Release notes' })).toBeVisible();
  await expect(reply.getByRole('table')).toContainText('Commits per token');
  await expect(reply.locator('pre, code').filter({ hasText: 'createAgentServer' }).first()).toBeVisible();
  // The highlighter's chunk has coloured the code.
  await expect(reply.locator('pre span[style*="color"]').first()).toBeVisible();
  const link = reply.getByRole('link', { name: 'the docs' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
});

test('reasoning shows as its own block before the answer', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Think about the best time to water plants');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await expect(reply).toContainText('early in the morning');
  await expect(reply.getByText(/Reasoning/i).first()).toBeVisible();
});

test('the transcript stays at the bottom while following, also when suggestions appear after a turn', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openPlayground(page);
  const chat = chatOf(page);
  for (const text of ['Plan a weekend trip to Lisbon', 'What is the weather in Oslo?', 'Fill the form for Ada Lovelace', 'Delete record 7']) {
    await chat.send(text);
    await chat.waitReady();
    await page.waitForTimeout(500); // the turn's suggestions appear under the reply
  }
  const gap = () => chat.log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await expect.poll(gap).toBeLessThanOrEqual(2);
  await expect(chat.log.getByRole('button', { name: 'Approve' })).toBeInViewport();
});
