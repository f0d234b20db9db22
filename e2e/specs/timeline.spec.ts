import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { chatOf, openPlayground } from '../support/chat.ts';

const DURATION = /^\d+ ms$|^\d+(\.\d)? s$/;

test('the Activity view draws the last run live: 20 tool rows, the nested sub-agent, durations and token totals', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Run the shipping audit');
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Activity of the last run' });
  const timeline = drawer.getByRole('region', { name: 'Run activity' });

  // While the run streams the view follows it: seen running with only part of its calls…
  await expect(timeline).toHaveAttribute('data-run-status', 'running');
  const whileRunning = await timeline.locator('li[data-xagent-timeline-tool]').count();
  expect(whileRunning).toBeLessThan(22);
  await expect(timeline.getByRole('status').first()).toHaveText('Running');
  // …then complete, without reopening anything.
  await expect(timeline).toHaveAttribute('data-run-status', 'completed', { timeout: 30_000 });
  await expect(timeline.getByRole('status').first()).toHaveText('Completed');

  const root = timeline.locator('[data-xagent-timeline-run][data-depth="0"]');
  const rootTools = root.locator(':scope > ol > li > ol > li[data-xagent-timeline-tool]');
  await expect(rootTools).toHaveCount(20);
  await expect(root.locator(':scope > ol > li[data-xagent-timeline-step]')).toHaveCount(5);
  await expect(rootTools.filter({ has: page.locator('code', { hasText: /^auditOrder$/ }) })).toHaveCount(19);

  // The sub-agent run is nested under its call, with its own steps and tool calls, and collapses.
  const toggle = timeline.getByRole('button', { name: /Sub-agent carrier, 2 steps/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const nested = timeline.locator('[data-xagent-timeline-run][data-depth="1"]');
  await expect(nested.locator('li[data-xagent-timeline-tool="checkCarrier"]')).toHaveCount(2);
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nested).toHaveCount(0);
  await toggle.press('Space');
  await expect(nested.locator('li[data-xagent-timeline-tool="checkCarrier"]')).toHaveCount(2);

  // A call's input and output open from the keyboard.
  const details = rootTools.first().locator('details');
  await rootTools.first().getByText('Input and output').focus();
  await page.keyboard.press('Enter');
  await expect(details.locator('pre')).toContainText('"orderId": "o1"');

  // Every call has a duration; the audit calls take at least the tool's 400 ms.
  const durations = await timeline.locator('li[data-xagent-timeline-tool] [data-xagent-timeline-duration]').allTextContents();
  expect(durations).toHaveLength(22);
  for (const text of durations) expect(text).toMatch(DURATION);
  const audit = await rootTools.first().locator('[data-xagent-timeline-duration]').textContent();
  expect(audit!.endsWith(' s') || Number(audit!.replace(' ms', '')) >= 400).toBe(true);

  // Tokens: per step and the total (this run and its sub-agent's), in and out.
  const total = (await timeline.locator('[data-xagent-timeline-total-tokens]').textContent())!;
  const [, sum, input, output] = /^([\d,]+) tokens \(([\d,]+) in · ([\d,]+) out\)$/.exec(total)!.map((n) => Number(n.replace(/,/g, '')));
  // 5 steps of the audit and 2 of the sub-agent, 10 input tokens each (the mock model's count).
  expect(input).toBe(70);
  expect(output).toBeGreaterThan(0);
  expect(sum).toBe(input! + output!);
  await expect(root.locator(':scope > ol > li[data-xagent-timeline-step]').first()).toContainText(/\d+ tokens/);
});

test('the Activity view of a new conversation says there is no run yet', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Activity of the last run' }).getByText('No run yet')).toBeVisible();
});

for (const theme of ['Light', 'Dark'] as const) {
  test(`the Activity view at 390 px, ${theme.toLowerCase()} theme: no sideways scroll, axe finds no violations`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPlayground(page);
    const chat = chatOf(page);
    await chat.send('Run the shipping audit');
    await chat.waitReady();
    if (theme === 'Dark') {
      await page.getByRole('button', { name: 'Settings and shared form' }).click();
      await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
      await page.getByRole('button', { name: 'Close settings and shared form' }).click();
    }
    await page.getByRole('button', { name: 'Activity', exact: true }).click();
    const timeline = page.getByRole('dialog', { name: 'Activity of the last run' }).getByRole('region', { name: 'Run activity' });
    await expect(timeline).toHaveAttribute('data-run-status', 'completed');
    const overflow = await timeline.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await axeViolations(page, ['[data-xagent-timeline]'])).toEqual([]);
  });
}
