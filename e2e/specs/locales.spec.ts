import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Long-word locales on a 320 px phone: the playground under `?locale=<code>` (its antd ConfigProvider
 * gets antd's locale, the kit's strings follow it) shows the welcome screen, the composer and an
 * approval card; no kit string may stick out of its box or the viewport.
 */

interface CatalogueText {
  locale: string;
  composer: { label: string };
  approval: { approve: string; reject: string; editInput: string };
}

const LONG_WORD_LOCALES = ['de_DE', 'fi_FI', 'ru_RU', 'ta_IN'];
const localesDir = path.resolve(import.meta.dirname, '../../packages/agent-ui/src/locales');
const present = LONG_WORD_LOCALES.filter((code) => existsSync(path.join(localesDir, `${code}.ts`)));

async function catalogueOf(code: string): Promise<CatalogueText> {
  return ((await import(path.join(localesDir, `${code}.ts`))) as { default: CatalogueText }).default;
}

/**
 * Every visible element of the chat that holds text (or is a button): where it sticks out of the
 * viewport, or its text is wider than its box (clipped or spilling over). Code, tables and the
 * message field's own text are left out (they scroll by design), as are visually hidden texts.
 */
async function overflowingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    for (const root of document.querySelectorAll('[data-xagent-chat]')) {
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
        if (!ownText && !element.matches('button, [role="button"]')) continue;
        if (element.closest('pre, code, table, textarea, [aria-hidden="true"]')) continue;
        const rect = element.getBoundingClientRect();
        // Not shown, or visually hidden (screen-reader only text).
        if (rect.width <= 1 || rect.height <= 1) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.textOverflow === 'ellipsis') continue;
        const label = `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 60)}”`;
        if (rect.left < -1 || rect.right > width + 1) problems.push(`${label} sticks out of the viewport (${Math.round(rect.left)}–${Math.round(rect.right)} of ${width})`);
        else if (style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1) problems.push(`${label} is wider than its box (${element.scrollWidth} > ${element.clientWidth})`);
      }
    }
    return problems;
  });
}

test.describe('long-word locales at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('the locales of this pass have catalogues', () => {
    // Translated by the maintainers' helpers; the pass uses those present (it names the ones missing).
    expect(present, `missing catalogues: ${LONG_WORD_LOCALES.filter((code) => !present.includes(code)).join(', ')}`).toEqual(LONG_WORD_LOCALES);
  });

  for (const code of present) {
    test(`${code}: no kit string overflows on the welcome screen, the composer and an approval card`, async ({ page }) => {
      const catalogue = await catalogueOf(code);
      await page.goto(`/?locale=${code}`);
      const composer = page.getByRole('textbox', { name: catalogue.composer.label, exact: true });
      await expect(composer).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', catalogue.locale);
      expect(await overflowingTexts(page)).toEqual([]);

      await composer.fill('Delete record 7');
      await composer.press('Enter');
      const card = page.locator('[data-xagent-approval="deleteRecord"]');
      await expect(card.getByRole('button', { name: catalogue.approval.approve, exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[data-status="ready"]').first()).toBeVisible({ timeout: 20_000 });
      await expect(card.getByRole('button', { name: catalogue.approval.reject, exact: true })).toBeVisible();
      expect(await overflowingTexts(page)).toEqual([]);
      // The check itself sees a string wider than its box (a long word in a narrow button).
      await page.evaluate(() => {
        const probe = Object.assign(document.createElement('button'), { textContent: 'Donaudampfschifffahrtsgesellschaftskapitän' });
        probe.setAttribute('data-locale-probe', '');
        probe.style.cssText = 'width: 80px; overflow: hidden; white-space: nowrap';
        document.querySelector('[data-xagent-chat]')!.append(probe);
      });
      expect(await overflowingTexts(page)).toEqual([expect.stringContaining('Donaudampfschifffahrtsgesellschaftskapitän')]);
      await page.locator('[data-locale-probe]').evaluate((probe) => probe.remove());
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(320);
    });
  }
});
