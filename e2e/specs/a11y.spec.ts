import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';

test('axe finds no violations on the playground, empty and after a tool turn', async ({ page }) => {
  await openPlayground(page);
  const empty = await new AxeBuilder({ page }).analyze();
  expect(empty.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const chat = chatOf(page);
  await chat.send('What is the weather in Oslo?');
  await chat.waitReady();
  const after = await new AxeBuilder({ page }).analyze();
  expect(after.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`axe finds no violations in the kit's chat and conversation list, ${theme.toLowerCase()} theme`, async ({ page }) => {
    await openPlayground(page);
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText(theme, { exact: true }).click();
    await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', theme === 'Dark' ? 'dark' : 'light');
    const chat = chatOf(page);
    const kit = () => new AxeBuilder({ page }).include('[data-xagent-chat]').include('[data-xagent-conversations]');
    const report = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`);

    expect(report((await kit().analyze()).violations)).toEqual([]);
    await chat.send('Show me some markdown with a table and code');
    await chat.waitReady();
    await chat.send('Check the status of all 20 open orders');
    await chat.waitReady();
    await chat.send('Delete record 7');
    await expect(page.getByRole('region', { name: /Allow deleteRecord to run\?/ })).toBeVisible();
    await chat.waitReady();
    expect(report((await kit().analyze()).violations)).toEqual([]);
  });
}
