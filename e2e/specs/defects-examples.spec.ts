import { expect, test } from '@playwright/test';
import { AG_UI_WEB_PORT, EXPRESS_PORT } from '../playwright.config.ts';
import { chatOf } from '../support/chat.ts';

// Issue 35: what a new user tripped over in the AG-UI and Express examples (the playground's share:
// defects-playground.spec.ts). Needs the ag-ui and express server groups.
const agUi = `http://127.0.0.1:${AG_UI_WEB_PORT}`;

test('the AG-UI and Express examples answer /favicon.ico', async ({ request }) => {
  for (const origin of [agUi, `http://127.0.0.1:${EXPRESS_PORT}`]) {
    const icon = await request.get(`${origin}/favicon.ico`);
    expect(icon.status(), `${origin}/favicon.ico`).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\//);
  }
});

test.describe('the AG-UI example on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the chat takes the width (the ticket stacks above it)', async ({ page }) => {
    await page.goto(agUi);
    const chat = chatOf(page);
    await expect(chat.composer).toBeVisible();
    const box = (await page.locator('[data-xagent-chat]').first().boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    const scroll = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(scroll).toBeLessThanOrEqual(0);
  });
});
