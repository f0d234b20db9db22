/**
 * S8 (method §5.4): what a chat leaves behind. The page loads with `?deferMount`; one warm-up cycle
 * (mount, one turn, unmount) pays the one-time costs, then the heap and DOM counters are taken
 * ("before mount"); then the chat mounts again, runs N turns of the same fixture (unpaced) and
 * unmounts with the focus still in its composer. After GC, heap, DOM nodes and event listeners are
 * compared with the values before; then the same cycle runs once more, and the heap's growth over
 * that second cycle tells a leak (it grows again) from one-time costs (it does not). No in-page instrumentation here: its logs would grow the heap
 * being measured.
 */
import type { Browser, CDPSession } from 'playwright-core';
import type { FixtureInfo, RepMetrics } from './measure.ts';
import { arm, heapAfterGC, openPage } from './page.ts';
import type { Scenario } from './scenarios.ts';

interface DomCounters {
  nodes: number;
  jsEventListeners: number;
}

async function countersAfterGC(cdp: CDPSession): Promise<DomCounters & { heapMB: number }> {
  // Two collections: the first can only queue finalizers (detached DOM wrappers) for the second.
  await heapAfterGC(cdp);
  const heapMB = await heapAfterGC(cdp);
  const counters = (await cdp.send('Memory.getDOMCounters')) as DomCounters;
  return { heapMB, nodes: counters.nodes, jsEventListeners: counters.jsEventListeners };
}

/** Metrics a retention rep does not produce read as NaN (as failed reps do). */
function only(values: Partial<RepMetrics>): RepMetrics {
  return new Proxy(values as RepMetrics, { get: (target, key) => (key in target ? target[key as keyof RepMetrics] : Number.NaN) });
}

export async function runRetentionRep(
  browser: Browser,
  port: number,
  contender: string,
  scenario: Scenario,
  fixture: FixtureInfo,
): Promise<RepMetrics> {
  const turns = scenario.retention?.turns ?? 1;
  const { context, page, cdp, errors } = await openPage(browser);
  try {
    await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?deferMount`);
    await page.waitForFunction(() => typeof (window as unknown as { __benchMount?: unknown }).__benchMount === 'function');
    const marker = `§${fixture.lastSeq}§`;
    const input = page.locator('textarea').first();
    let timedOut = 0;
    let sent = 0;
    /** Mounts the chat, runs `count` turns (typed and sent like a user), returns the counters with it mounted. */
    const session = async (count: number) => {
      await page.evaluate(() => (window as unknown as { __benchMount: () => Promise<void> }).__benchMount());
      await input.waitFor({ state: 'visible', timeout: 60_000 });
      for (let turn = 1; turn <= count && !timedOut; turn++) {
        const seen = await page.evaluate((marker) => (document.body.textContent ?? '').split(marker).length - 1, marker);
        await arm(port, scenario.fixture, scenario.rate, ++sent);
        await input.click();
        await page.keyboard.type(`turn ${turn}`);
        await page.keyboard.press('Enter');
        // Done when one more final marker is on the page.
        await page
          .waitForFunction(({ marker, seen }) => (document.body.textContent ?? '').split(marker).length - 1 > seen, { marker, seen }, {
            polling: 100,
            timeout: scenario.timeoutMs,
          })
          .catch(() => {
            timedOut = 1;
          });
        await page.waitForTimeout(300);
      }
      const mounted = await countersAfterGC(cdp);
      // The user's focus stays in the composer, as it would when an app closes the chat.
      await page.evaluate(() => (window as unknown as { __benchUnmount: () => void }).__benchUnmount());
      // Let exit animations, timers and idle callbacks of the unmounted tree run out.
      await page.waitForTimeout(1_500);
      return mounted;
    };
    // Warm-up cycle: the first mount compiles the app's code (bytecode lives in the heap) and fills
    // module-level caches such as the CSS-in-JS style registry; the reference is the page after it.
    await session(1);
    const before = await countersAfterGC(cdp);
    const mounted = await session(turns);
    const after = await countersAfterGC(cdp);
    // The same cycle once more: a leak grows the heap again by about as much; warm-up does not.
    await session(turns);
    const again = await countersAfterGC(cdp);
    return only({
      timedOut,
      errors: errors.length,
      heapMountedMB: mounted.heapMB,
      heapMB: after.heapMB,
      retainedHeapPct: ((after.heapMB - before.heapMB) / before.heapMB) * 100,
      secondCycleHeapPct: ((again.heapMB - after.heapMB) / before.heapMB) * 100,
      retainedNodes: after.nodes - before.nodes,
      retainedListeners: after.jsEventListeners - before.jsEventListeners,
    });
  } finally {
    await context.close();
  }
}
