import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';

/**
 * Right to left: the playground under `?locale=ar_EG` and `?locale=he_IL` (its antd ConfigProvider
 * gets the locale and `direction: 'rtl'`; the kit follows antd's direction and strings). In light,
 * dark and on a 390 px phone: axe finds nothing (kit and playground; third-party MCP App content,
 * inside its iframe, is left out), the chat is mirrored (the user's message on the left, the send
 * button on the left of the text), and a long right-to-left conversation title keeps its start
 * visible (the ellipsis cuts its end). Bounding boxes, not screenshots: they do not depend on fonts.
 */

interface CatalogueText {
  locale: string;
  composer: { label: string; send: string };
  chat: { rename: string };
}

const localesDir = path.resolve(import.meta.dirname, '../../packages/agent-ui/src/locales');
const catalogueOf = async (code: string) => ((await import(path.join(localesDir, `${code}.ts`))) as { default: CatalogueText }).default;

/** MCP App content is a third party's page in a sandboxed iframe: not the kit's, not checked here. */
const THIRD_PARTY = ['iframe[sandbox]'];

const LONG_TITLE: Record<string, { title: string; firstWord: string }> = {
  ar_EG: { title: 'خطة السفر الطويلة إلى القاهرة والإسكندرية وأسوان والأقصر في الربيع القادم مع كل أفراد العائلة', firstWord: 'خطة' },
  he_IL: { title: 'תוכנית הטיול הארוכה לירושלים תל אביב חיפה ואילת באביב הבא עם כל המשפחה והחברים', firstWord: 'תוכנית' },
};

async function open(page: Page, code: string, theme: 'Light' | 'Dark') {
  const catalogue = await catalogueOf(code);
  await page.goto(`/?locale=${code}`);
  const composer = page.getByRole('textbox', { name: catalogue.composer.label, exact: true });
  await expect(composer).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('[data-xagent-chat]')).toHaveAttribute('dir', 'rtl');
  if (theme === 'Dark') {
    const phone = (page.viewportSize()?.width ?? 1280) < 700;
    // The theme switch is in the settings drawer on a phone.
    if (phone) await page.locator('header button').last().click();
    await page.getByRole('radiogroup', { name: 'Theme' }).getByText('Dark', { exact: true }).click();
    if (phone) await page.keyboard.press('Escape');
    await expect(page.locator('[data-xagent-chat]')).toHaveCSS('color-scheme', 'dark');
  }
  return { catalogue, composer };
}

/** Sends `text` and waits for the reply to finish. */
async function send(page: Page, composer: ReturnType<Page['getByRole']>, text: string) {
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.locator('[data-xagent-message="user"]').getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.locator('[data-status="ready"]').first()).toBeVisible({ timeout: 20_000 });
}

async function expectMirrored(page: Page, catalogue: CatalogueText) {
  const log = (await page.locator('[data-xagent-chat] [role="log"]').boundingBox())!;
  const bubble = (await page.locator('[data-xagent-message="user"] [dir="auto"]').last().boundingBox())!;
  // The user's message sits on the left half of the transcript (on the right in a left-to-right chat).
  expect(bubble.x + bubble.width / 2).toBeLessThan(log.x + log.width / 2);
  // The composer's send button is on the left of its text.
  const text = (await page.getByRole('textbox', { name: catalogue.composer.label, exact: true }).boundingBox())!;
  const sendButton = (await page.locator('[data-xagent-composer]').getByRole('button', { name: catalogue.composer.send, exact: true }).boundingBox())!;
  expect(sendButton.x + sendButton.width).toBeLessThanOrEqual(text.x + 1);
}

for (const code of ['ar_EG', 'he_IL'] as const) {
  test.describe(`${code}, right to left`, () => {
    for (const theme of ['Light', 'Dark'] as const) {
      test(`${theme.toLowerCase()}: axe finds nothing and the chat is mirrored`, async ({ page }) => {
        const { catalogue, composer } = await open(page, code, theme);
        // The welcome screen once per layout (its strings and direction are those of the chat after it).
        if (code === 'ar_EG' && theme === 'Light') expect(await axeViolations(page, [], THIRD_PARTY)).toEqual([]);
        await send(page, composer, code === 'ar_EG' ? 'مرحبا' : 'שלום');
        await expectMirrored(page, catalogue);
        expect(await axeViolations(page, [], THIRD_PARTY)).toEqual([]);
      });
    }

    test('a long title keeps its start visible (the ellipsis cuts its end)', async ({ page }) => {
      const { catalogue, composer } = await open(page, code, 'Light');
      await send(page, composer, code === 'ar_EG' ? 'مرحبا' : 'שלום');
      const { title, firstWord } = LONG_TITLE[code]!;
      const list = page.locator('[data-xagent-conversations]');
      // Rename the current conversation to the long title from its menu (ArrowLeft: forward in RTL).
      const row = list.locator('[data-xagent-conversation]').first();
      await expect(row).toBeVisible();
      await row.focus();
      await row.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: catalogue.chat.rename }).last().click();
      const field = list.getByRole('textbox');
      await field.fill(title);
      await field.press('Enter');
      const label = list.locator('[data-xagent-conversation] span[dir="auto"]').filter({ hasText: firstWord }).first();
      await expect(label).toHaveText(title);
      const seen = await label.evaluate((element, word) => {
        const box = element.getBoundingClientRect();
        const text = element.firstChild!;
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, word.length);
        const first = range.getBoundingClientRect();
        return { clipped: element.scrollWidth > element.clientWidth, firstInside: first.left >= box.left - 1 && first.right <= box.right + 1, atRight: first.right > box.left + box.width / 2 };
      }, firstWord);
      // Clipped, yet the first word is inside the box, on its right (where an RTL line starts).
      expect(seen).toEqual({ clipped: true, firstInside: true, atRight: true });
    });
  });
}

test.describe('a 390 px phone, right to left', () => {
  test.use({ viewport: { width: 390, height: 780 }, hasTouch: true, isMobile: true });

  for (const code of ['ar_EG', 'he_IL'] as const) {
    test(`${code}: axe finds nothing and the chat is mirrored`, async ({ page }) => {
      const { catalogue, composer } = await open(page, code, 'Light');
      if (code === 'ar_EG') expect(await axeViolations(page, [], THIRD_PARTY)).toEqual([]);
      await send(page, composer, code === 'ar_EG' ? 'مرحبا' : 'שלום');
      await expectMirrored(page, catalogue);
      expect(await axeViolations(page, [], THIRD_PARTY)).toEqual([]);
      // Nothing makes the page scroll sideways.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});
