import type { Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { settled } from './settle.ts';

/** True in `pnpm docs:screenshots` (playwright.docs.config.ts): the only run that writes docs/screenshots/. */
export const writingDocs = process.env.XKIT_DOCS_SCREENSHOTS === '1';

/**
 * Writes docs/screenshots/<name>.png once the page is still (see `settled`: transitions, drawers,
 * fonts) — only in `pnpm docs:screenshots`: `pnpm test` never changes a tracked file, so a spec that
 * passes by a documented state takes its picture here and asserts the state itself.
 */
export async function docsScreenshot(page: Page, name: string): Promise<void> {
  if (!writingDocs) return;
  await settled(page);
  await page.screenshot({ path: fileURLToPath(new URL(`../../docs/screenshots/${name}.png`, import.meta.url)) });
}
