import { expect, test } from '@playwright/test';
import { NEXT_PORT } from '../playwright.config.ts';

const next = `http://127.0.0.1:${NEXT_PORT}`;

test('the Next.js example answers through its App Router route, in the browser', async ({ page }) => {
  await page.goto(next);
  const log = page.getByRole('log', { name: 'Conversation' });
  await page.getByRole('textbox').fill('Hello Next');
  await page.getByRole('textbox').press('Enter');
  await expect(log).toContainText('You said: Hello Next');
  await expect(page.locator('[data-status="ready"]')).toBeVisible();
});

test('the Next.js route answers JSON errors and the Pages Router route streams', async ({ request }) => {
  const wrongMethod = await request.get(`${next}/api/agent/assistant`);
  expect(wrongMethod.status()).toBe(405);
  expect(await wrongMethod.json()).toMatchObject({ error: { code: 'method_not_allowed' } });

  const unknown = await request.post(`${next}/api/agent/nobody`, { data: { messages: [] } });
  expect(unknown.status()).toBe(404);

  const pages = await request.post(`${next}/api/pages-agent/assistant`, {
    data: { messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'from pages' }] }] },
  });
  expect(pages.status()).toBe(200);
  expect(pages.headers()['x-vercel-ai-ui-message-stream']).toBe('v1');
  expect(await pages.text()).toContain('"delta":"pages');
});
