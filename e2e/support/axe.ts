import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { settled } from './settle.ts';

/**
 * axe's violations on the page (or on the parts `include` selects, without those `exclude` selects), measured on a still page: colour
 * contrast taken halfway through a fade or a slide is not what a user sees. One line per rule, with
 * each failing node's selector and axe's summary, so a failure reads without the HTML report.
 */
export async function axeViolations(page: Page, include: string[] = [], exclude: string[] = []): Promise<string[]> {
  await settled(page);
  // Only violations are asserted: axe details no passing or inapplicable node (≈ 10 % of its time).
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`);
}
