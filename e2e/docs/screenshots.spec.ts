// Writes the screenshots of docs/screenshots/ (linked from the root README): `pnpm docs:screenshots`
// (playwright.docs.config.ts). Not part of `pnpm test`, which never writes a tracked file: what these
// pictures show is asserted by the specs (chat-streams, tools, display, timeline, resume, phone,
// a2ui, mcp-apps, a11y). Each one first checks that what it shows is there, so a broken page fails
// here instead of landing in the docs.
import { expect, test, type Page } from '@playwright/test';
import { chatOf, openPlayground } from '../support/chat.ts';
import { docsScreenshot } from '../support/docs-screenshot.ts';
import { appFrames, MCP_APPS_PROMPT } from '../support/mcp-apps.ts';

const picture = docsScreenshot;

async function pickTheme(page: Page, label: 'Light' | 'Dark') {
  await page.getByRole('radiogroup', { name: 'Theme' }).getByText(label, { exact: true }).click();
}

test.use({ viewport: { width: 1280, height: 800 } });

test('playground, light and dark', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('What is the weather in Oslo?');
  await chat.waitReady();
  await picture(page, 'playground-light');
  await pickTheme(page, 'Dark');
  await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', 'dark');
  await picture(page, 'playground-dark');
});

test('MCP Apps in the chat (server-basic-react, server-budget-allocator), light and dark', async ({ page }) => {
  // Two MCP server processes start and two apps load in their sandboxes.
  test.setTimeout(90_000);
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send(MCP_APPS_PROMPT);
  await chat.waitReady();
  const { app: time } = await appFrames(page, 'get-time');
  const { app: budget } = await appFrames(page, 'get-budget-data');
  await expect(time.getByRole('button', { name: 'Get Server Time' })).toBeVisible({ timeout: 20_000 });
  await expect(budget.getByText('Budget Allocator').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('[data-xagent-mcp-app-tool="get-time"]').scrollIntoViewIfNeeded();
  await picture(page, 'mcp-app-light');
  await pickTheme(page, 'Dark');
  await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', 'dark');
  await page.locator('[data-xagent-mcp-app-tool="get-time"]').scrollIntoViewIfNeeded();
  await picture(page, 'mcp-app-dark');
});

test('markdown: a table and a highlighted code block', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Show me some markdown with a table and code');
  await chat.waitReady();
  const reply = chat.messages('assistant').last();
  await expect(reply.getByRole('table')).toBeVisible();
  // The highlighter's chunk has coloured the code.
  await expect(reply.locator('pre span[style*="color"]').first()).toBeVisible();
  await reply.getByRole('table').scrollIntoViewIfNeeded();
  await picture(page, 'markdown-table-code');
});

test('right to left (Arabic) and a non-Latin locale (Russian)', async ({ page }) => {
  // ?locale= gives the playground's ConfigProvider antd's locale (and its direction); the kit follows it.
  // (Russian rather than a CJK locale: the Debian Chromium of the screenshot run has no CJK font.)
  await page.goto('/?locale=ar_EG');
  await expect(page.locator('[data-xagent-chat]')).toHaveAttribute('dir', 'rtl');
  const arabic = page.getByRole('textbox', { name: 'الرسالة', exact: true });
  // The scripted model answers "say hello" with a short reply: the Arabic message stays in view.
  await arabic.fill('مرحبا! من فضلك say hello');
  await arabic.press('Enter');
  await chatOf(page).waitReady();
  await picture(page, 'rtl-arabic');
  await page.goto('/?locale=ru_RU');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru-RU');
  const russian = page.getByRole('textbox', { name: 'Сообщение', exact: true });
  await russian.fill('What is the weather in Oslo?');
  await russian.press('Enter');
  await chatOf(page).waitReady();
  await picture(page, 'locale-russian');
});

test('20 tool calls collapsed into one line', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Check the status of all 20 open orders');
  await chat.waitReady();
  await expect(chat.log.getByText(/lookupOrder 20 times/)).toBeVisible();
  await picture(page, 'tool-calls-collapsed');
});

test('the chat in a drawer', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('radiogroup', { name: 'Display' }).getByText('Drawer', { exact: true }).click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const drawer = page.getByRole('dialog', { name: 'Assistant' });
  await expect(drawer.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await chatOf(page).send('Say hello');
  await chatOf(page).waitReady();
  await picture(page, 'drawer');
});

test('the Activity timeline of a run with a sub-agent and 20 tool calls', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Run the shipping audit');
  await chat.waitReady();
  await page.getByRole('button', { name: 'Activity', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Run activity' })).toHaveAttribute('data-run-status', 'completed');
  await picture(page, 'activity-timeline');
});

test('Stopped after a reload mid-reply (the run resumed, then Stop)', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Write five numbered paragraphs');
  await expect(chat.messages('assistant').last()).toContainText('Paragraph 1');
  await page.reload();
  await expect(chat.messages('assistant').last()).toContainText('Paragraph 2');
  await page.getByRole('button', { name: 'Stop' }).click();
  await chat.waitReady();
  await expect(chat.messages('assistant').last().locator('[data-xagent-reply-end="stopped"]')).toHaveText('Stopped');
  await picture(page, 'resumed-then-stopped');
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('playground at 390×844', async ({ page }) => {
    await openPlayground(page);
    const chat = chatOf(page);
    await chat.send('What is the weather in Oslo?');
    await chat.waitReady();
    await picture(page, 'phone');
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await expect(drawer).toBeVisible();
    await picture(page, 'phone-conversations');
  });
});

test('an A2UI form in the chat, light and dark', async ({ page }) => {
  await openPlayground(page);
  const chat = chatOf(page);
  await chat.send('Book a table for two');
  await chat.waitReady();
  const form = chat.log.getByRole('region', { name: 'Interactive form from the agent' });
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.scrollIntoViewIfNeeded();
  await picture(page, 'a2ui-form-light');
  await pickTheme(page, 'Dark');
  await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', 'dark');
  await picture(page, 'a2ui-form-dark');
});
