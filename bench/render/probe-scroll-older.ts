/**
 * Diagnostic probe (not a benchmark): ours opens a 10,000-message conversation from server history
 * (`?history=N&server`), the user scrolls up to the top of what is loaded again and again (older
 * pages fetched by the transcript itself), then returns to the bottom. Prints, per step, the
 * history requests made, the messages in the DOM, how far the message the user was reading moved
 * (px; 0 = no jump) and, at the end, the DOM and heap after the release at the bottom.
 * `node bench/render/probe-scroll-older.ts [N=10000] [steps=12]` after a build (serves bench/render/dist).
 */
import { heapAfterGC, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';

const history = Number(process.argv[2] ?? 10_000);
const steps = Number(process.argv[3] ?? 12);

await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp, errors } = await openPage(browser);
  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/conversations/')) pages.push(new URL(r.url()).search || '(newest)');
  });
  await page.goto(`http://127.0.0.1:${port}/ours/index.html?history=${history}&server`);
  const log = page.locator('[data-xagent-transcript]');
  await page.locator('[data-xagent-transcript] [data-message-id]').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const state = () =>
    log.evaluate((el) => {
      const rows = [...el.querySelectorAll<HTMLElement>('[data-message-id]')];
      const box = el.getBoundingClientRect();
      // The message the user reads: the first one whose top is in view.
      const reading = rows.find((r) => r.getBoundingClientRect().top >= box.top);
      return { rows: rows.length, first: rows[0]?.dataset.messageId, reading: reading?.dataset.messageId, top: reading ? reading.getBoundingClientRect().top - box.top : 0 };
    });
  const at = await state();
  console.log(`opened: ${pages.length} history request(s), ${at.rows} messages in the DOM, ${await page.evaluate(() => document.getElementsByTagName('*').length)} elements`);
  const heapOpened = await heapAfterGC(cdp);
  let maxJump = 0;
  for (let step = 1; step <= steps; step++) {
    const before = await state();
    // Scroll to the top of what is mounted, as a wheel would; then let the sentinel work.
    await log.evaluate((el) => el.scrollTo({ top: 0 }));
    const reading = await state();
    await page.waitForTimeout(1_500);
    const after = await log.evaluate((el, id) => {
      const row = el.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
      return row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : Number.NaN;
    }, reading.reading ?? '');
    const jump = Math.abs(after - reading.top);
    maxJump = Math.max(maxJump, jump);
    const now = await state();
    console.log(
      `step ${step}: ${pages.length} history requests, ${now.rows} messages in the DOM (first ${now.first}; was ${before.first}), ` +
        `reading ${reading.reading} moved ${Number.isNaN(jump) ? 'off (unmounted?)' : `${jump.toFixed(0)} px`}`,
    );
  }
  await log.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.waitForTimeout(2_500);
  const end = await state();
  const heapEnd = await heapAfterGC(cdp);
  console.log(
    `back at the bottom: ${end.rows} messages in the DOM, ${await page.evaluate(() => document.getElementsByTagName('*').length)} elements; ` +
      `heap ${heapOpened.toFixed(1)} MB opened → ${heapEnd.toFixed(1)} MB; largest jump ${maxJump.toFixed(0)} px; page errors: ${errors.length ? errors.join(' | ') : 'none'}`,
  );
  await context.close();
});
