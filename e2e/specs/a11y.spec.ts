import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { chatOf, openPlayground } from '../support/chat.ts';

test('axe finds no violations on the playground, empty and after a tool turn', async ({ page }) => {
  await openPlayground(page);
  expect(await axeViolations(page)).toEqual([]);

  const chat = chatOf(page);
  await chat.send('What is the weather in Oslo?');
  await chat.waitReady();
  expect(await axeViolations(page)).toEqual([]);
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`axe finds no violations in the kit's chat and conversation list, ${theme.toLowerCase()} theme`, async ({ page }) => {
    await openPlayground(page);
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText(theme, { exact: true }).click();
    await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', theme === 'Dark' ? 'dark' : 'light');
    const chat = chatOf(page);
    const kit = () => axeViolations(page, ['[data-xagent-chat]', '[data-xagent-conversations]']);

    expect(await kit()).toEqual([]);
    await chat.send('Show me some markdown with a table and code');
    await chat.waitReady();
    await chat.send('Check the status of all 20 open orders');
    await chat.waitReady();
    await chat.send('Delete record 7');
    await expect(page.getByRole('region', { name: /Allow deleteRecord to run\?/ })).toBeVisible();
    await chat.waitReady();
    expect(await kit()).toEqual([]);
  });
}

test('the composer has the focus on load, and "Skip to chat" is the first focusable element and leads to it', async ({ page }) => {
  await openPlayground(page);
  const composer = chatOf(page).composer;
  await expect(composer).toBeFocused();

  // The skip link is the page's first focusable element (the first Tab from the top of the page).
  const first = await page.evaluate(() => document.querySelector('a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])')?.textContent);
  expect(first).toBe('Skip to chat');
  const skip = page.getByRole('link', { name: 'Skip to chat' });
  await skip.focus();
  // Shown while it has the focus (off screen otherwise).
  const box = (await skip.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(composer).toBeFocused();
});
