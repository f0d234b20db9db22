import { expect, test } from '@playwright/test';

test('a message typed in the playground streams back token by token and completes', async ({ page }) => {
  await page.goto('/');
  const log = page.getByRole('log', { name: 'Conversation' });
  const composer = page.getByRole('textbox');
  await composer.fill('Hello from Playwright');
  await composer.press('Enter');

  await expect(log.getByText('Hello from Playwright').first()).toBeVisible();
  // The reply grows in several visible steps (streaming), not in one paint.
  const seen = new Set<number>();
  const reply = log.getByText(/You said:/);
  await expect(reply).toBeVisible();
  for (let i = 0; i < 40 && seen.size < 3; i++) {
    seen.add((await log.innerText()).length);
    await page.waitForTimeout(40);
  }
  expect(seen.size).toBeGreaterThanOrEqual(3);

  await expect(log).toContainText('OPENAI_API_KEY');
  await expect(page.locator('[data-status="ready"]')).toBeVisible();
  await expect(composer).toHaveValue('');
});
