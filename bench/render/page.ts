/** What every measured rep needs from the browser and the fixture server. */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';
import { waitForQuietMachine } from './quiet.ts';

/**
 * Chromium flags of method §5.3: the project's launch flags (scripts/chromium.ts: closed network,
 * --no-sandbox as root) plus new headless and no rAF throttling of hidden/occluded pages. The bench
 * and the diagnostic probes launch with these.
 *
 * And V8's source positions compiled with the code rather than on demand (`--no-enable-lazy-source-
 * positions`), by §5.9's rule (no instrumentation that perturbs timing in measured reps): Playwright
 * enables the DevTools Runtime domain on every page, and with it V8 captures a stack **with line
 * numbers** at every `new Error` — React DOM builds five at module evaluation (its Suspense and
 * hydration sentinels), and V8, which compiled without positions, re-parses every script on that
 * stack, the whole entry chunk included: 250–400 ms inside each contender's first task, 60–75 % of
 * it, that a browser with no DevTools client never spends (`probe-plain-load.ts` loads the pages
 * in a Chromium with no client at all and reports the long tasks a user's browser has). Eager
 * positions cost each compile a little instead (ours' first task 0–98 ms with no client, 54–77 ms
 * with the flag under Playwright, 280–370 ms without it).
 */
export const BENCH_CHROMIUM_FLAGS = [
  '--headless=new',
  ...chromiumLaunchOptions().args,
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--js-flags=--no-enable-lazy-source-positions',
];

/**
 * A fresh context and page at the method's viewport, with page errors collected and a CDP session,
 * once the machine has gone quiet (method §5.3, `quiet.ts`): the new context's browser window builds
 * its own top-chrome WebUI in the second after it opens, which a user's page load does not share
 * the CPU with. `quiet: false` skips the wait (`probe-quiet.ts` measures what it changes).
 */
export async function openPage(
  browser: Browser,
  prepare?: (context: BrowserContext) => Promise<unknown>,
  { quiet = true }: { quiet?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await prepare?.(context);
  const page = await context.newPage();
  if (quiet) await waitForQuietMachine();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, errors };
}

/** Tells the fixture server what the next chat request streams (`turn`: a message-id suffix). */
export async function arm(port: number, fixture: string, rate: number, turn?: number): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/__bench/arm`, { method: 'POST', body: JSON.stringify({ fixture, rate, turn }) });
  if (!res.ok) throw new Error(`arm ${fixture}: HTTP ${res.status}`);
}

/** JS heap used after a full GC (MB). */
export async function heapAfterGC(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize / 1_048_576;
}
