import { expect, test } from '@playwright/test';
import { NEXT_PORT } from '../playwright.config.ts';

const next = `http://127.0.0.1:${NEXT_PORT}`;

test('the Next.js example answers through its App Router route, in the browser', async ({ page }) => {
  await page.goto(next);
  const log = page.getByRole('log', { name: 'Conversation' });
  // The page arrives server-rendered: a key pressed before React has hydrated the composer does
  // nothing (and hydration clears what was typed). Wait until React owns the text area.
  await page.waitForFunction(() => {
    const composer = document.querySelector('[data-xagent-composer] textarea');
    return !!composer && Object.keys(composer).some((key) => key.startsWith('__reactFiber'));
  });
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

test.describe('server rendering, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the page arrives styled: Ant Design\'s CSS-in-JS is in the HTML and applies to the kit\'s components', async ({ page }) => {
    await page.goto(next);
    // Hydration never happens here, so whatever is styled was styled by the server's HTML.
    const styles = page.locator('style#antd-cssinjs');
    await expect(styles).toHaveCount(1);
    const css = (await styles.textContent()) ?? '';
    expect(css).toContain('.ant-sender');
    expect(css).toContain('--ant-color-primary:');

    const composer = page.locator('[data-xagent-composer] .ant-sender').first();
    await expect(composer).toBeVisible();
    await expect(composer).toHaveCSS('border-style', 'solid');
    await expect(composer).toHaveCSS('border-top-left-radius', '12px');
    // The send button is antd's round primary button, not the browser's square grey default.
    const send = page.locator('[data-xagent-composer] .ant-btn-primary').first();
    await expect(send).toHaveCSS('border-top-left-radius', '50%');
    await expect(send).toHaveCSS('color', 'rgb(255, 255, 255)');
  });

  test('the kit\'s own stylesheet is in the server HTML, once, in the head (React 19 hoists and de-duplicates it)', async ({ page }) => {
    await page.goto(next);
    // React merges the server's <style> elements of one precedence: `data-href` lists them all.
    const sheet = page.locator('head style[data-href~="xagent-ui"]');
    await expect(sheet).toHaveCount(1);
    await expect(sheet).toHaveAttribute('data-precedence', 'default');
    const css = (await sheet.textContent()) ?? '';
    // Rules over antd's CSS variables, scoped to the kit's classes.
    expect(css).toContain('.x-agent-md blockquote{');
    expect(css).toContain('var(--ant-color-border-secondary');
  });
});
