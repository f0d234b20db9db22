/**
 * One measured rep: a fresh BrowserContext, the contender's page, one chat turn fed by the fixture
 * server, and the metrics of method §5.5 read from the in-page instrumentation and CDP.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { instrument, type BenchPageState } from './instrument.ts';
import { startProfile, stopProfile, type ProfileSummary } from './profile.ts';
import type { Scenario } from './scenarios.ts';
import { arm, heapAfterGC, openPage } from './page.ts';
import { runRetentionRep } from './retention.ts';
import { percentile } from './stats.ts';

export interface FixtureInfo {
  tokens: number;
  lastSeq: number;
  frames: number;
}

/** Every metric of a rep; NaN where the scenario does not produce it. */
export interface RepMetrics {
  timedOut: number;
  errors: number;
  commits: number;
  commitsPerSec: number;
  commitsPerToken: number;
  commitsPerFrameP99: number;
  commitsPerFrameMax: number;
  mainThreadMs: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  msPer100Tokens: number;
  q1MsPer1k: number;
  q4MsPer1k: number;
  q4OverQ1: number;
  longestTaskMs: number;
  longTasksOver50: number;
  loafBlockingMs: number;
  lagP50: number;
  lagP95: number;
  finalLagMs: number;
  streamSeconds: number;
  mountIdleMs: number;
  mountLongestTaskMs: number;
  domElements: number;
  domElementsAfter: number;
  heapMB: number;
  inpP98: number;
  inpMax: number;
  interactions: number;
  /** S5 sanity check: characters in the composer after typing (should equal the keystrokes). */
  typedChars: number;
  /**
   * S5: the slow keystrokes (an Event Timing entry ≥ 16 ms), in order: index of the keystroke, its
   * duration and how it splits into input delay (a task was running), processing (handlers + sync
   * render) and presentation (from the handlers' end to the next paint). Not a metric: attribution.
   */
  slowKeys?: Array<{ key: number; ms: number; delay: number; processing: number; presentation: number }>;
  /** S6: how far the content under the pointer moved while the user was scrolled up (px). */
  scrollDriftPx: number;
  /** S6: distance from the bottom while scrolled up (proves the view detached; ≈ the scroll). */
  scrollDetachedGapPx: number;
  /** S6: distance from the bottom when the stream ended, after scrolling back down (0 = re-stuck). */
  scrollEndGapPx: number;
  /** S6: long-animation-frame blocking time while scrolled up (ms). */
  scrollLoafMs: number;
  /** S8: heap after GC once the chat is unmounted, vs before it mounted (% of the pre-mount heap). */
  retainedHeapPct: number;
  /** S8: heap growth over a second identical mount/turns/unmount cycle (% of the pre-mount heap). */
  secondCycleHeapPct: number;
  /** S8: DOM nodes alive after unmount + GC minus before mount. */
  retainedNodes: number;
  /** S8: JS event listeners after unmount + GC minus before mount. */
  retainedListeners: number;
  /** S8: heap after GC with the turns' transcript mounted (MB). */
  heapMountedMB: number;
  renders: number;
  rendersPerToken: number;
  toolRendersPerToken: number;
  /** React roots that committed while streaming (antd portals/holders can add roots). */
  rootsCommitting: number;
  /** Diagnostic detail (not a metric): renders per component name, commits per root. */
  detail?: {
    byName: Record<string, number>;
    commitsByRoot: number[];
    commitSignatures: Record<string, number>;
    mountProfile?: ProfileSummary;
    streamProfile?: ProfileSummary;
  };
}

type Metrics = Record<string, number>;

async function perfMetrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

const sleepUntil = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - Date.now())));

/** Waits until the page has had no commit and no long task for `quietMs`; returns that instant. */
export async function waitMountIdle(page: Page, quietMs: number, timeoutMs: number): Promise<{ idleAt: number; longest: number }> {
  return page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<{ idleAt: number; longest: number }>((resolve) => {
        const b = (window as unknown as { __bench: BenchPageState }).__bench;
        const started = performance.now();
        const check = () => {
          const lastCommit = b.commits.at(-1) ?? 0;
          const lastTask = b.longTasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
          const idleAt = Math.max(lastCommit, lastTask);
          const now = performance.now();
          if (now - idleAt >= quietMs || now - started > timeoutMs) {
            resolve({ idleAt, longest: b.longTasks.reduce((m, t) => Math.max(m, t.duration), 0) });
          } else setTimeout(check, 100);
        };
        check();
      }),
    { quietMs, timeoutMs },
  );
}

const domElements = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

export async function runRep(
  browser: Browser,
  port: number,
  contender: string,
  scenario: Scenario,
  fixture: FixtureInfo,
): Promise<RepMetrics> {
  if (scenario.retention) return runRetentionRep(browser, port, contender, scenario, fixture);
  const { context, page, cdp, errors } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: Boolean(scenario.diag) }));
  try {
    await cdp.send('Performance.enable');
    if (scenario.throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: scenario.throttle });
    await arm(port, scenario.fixture, scenario.rate);
    if (scenario.diag && scenario.history) await startProfile(cdp);
    const query = scenario.history ? `?history=${scenario.history}${scenario.serverHistory ? '&server' : ''}` : '';
    await page.goto(`http://127.0.0.1:${port}/${contender}/index.html${query}`);
    const input = page.locator('textarea').first();
    await input.waitFor({ state: 'visible', timeout: 60_000 });
    const mount = await waitMountIdle(page, scenario.history ? 700 : 300, 90_000);
    const mountProfile = scenario.diag && scenario.history ? await stopProfile(cdp) : undefined;
    const mountHeap = scenario.history ? await heapAfterGC(cdp) : Number.NaN;
    const mountDom = scenario.history ? await domElements(page) : Number.NaN;

    await input.click();
    await page.keyboard.type('go');
    if (scenario.diag) await startProfile(cdp);
    const m0 = await perfMetrics(cdp);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __bench: BenchPageState }).__bench.windowStart !== undefined, null, {
      timeout: 10_000,
    });
    const sentAt = Date.now();
    const streamMs = scenario.rate > 0 ? (fixture.frames / scenario.rate) * 1000 : 0;

    const samples: Metrics[] = [];
    const sampler = (async () => {
      if (!scenario.quarters || streamMs === 0) return;
      for (const f of [0.25, 0.75]) {
        await sleepUntil(sentAt + f * streamMs);
        samples.push(await perfMetrics(cdp));
      }
    })();
    let typingStart = Number.NaN;
    const typer = (async () => {
      const typing = scenario.typing;
      if (!typing) return;
      await page.waitForFunction(() => (window as unknown as { __bench: BenchPageState }).__bench.arrivals.length > 1, null, {
        timeout: 30_000,
      });
      const t0 = Date.now() + typing.startAfterMs;
      await sleepUntil(t0);
      typingStart = await page.evaluate(() => performance.now());
      for (let k = 0; k < typing.keys; k++) {
        await sleepUntil(t0 + k * typing.intervalMs);
        await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
      }
    })();

    let scrollRaw: ScrollRaw | undefined;
    const scroller = (async () => {
      const scroll = scenario.scroll;
      if (!scroll) return;
      await page.waitForFunction(() => (window as unknown as { __bench: BenchPageState }).__bench.arrivals.length > 1, null, {
        timeout: 30_000,
      });
      await sleepUntil(Date.now() + scroll.startAfterMs);
      scrollRaw = await scrollAndHold(page, scroll.upPx, scroll.holdMs);
      await page.mouse.wheel(0, 100_000);
    })();

    let timedOut = 0;
    await page
      .waitForFunction((n) => (window as unknown as { __bench: BenchPageState }).__bench.visibleMax >= n, fixture.lastSeq, {
        polling: 100,
        timeout: scenario.timeoutMs,
      })
      .catch(() => {
        timedOut = 1;
      });
    await Promise.all([sampler, typer, scroller]);
    const m1 = await perfMetrics(cdp);
    if (scrollRaw) scrollRaw.endGap = await endGap(page);
    const streamProfile = scenario.diag ? await stopProfile(cdp) : undefined;
    const typedChars = scenario.typing ? (await input.inputValue().catch(() => '')).length : Number.NaN;
    const b = await page.evaluate(() => {
      const s = (window as unknown as { __bench: BenchPageState }).__bench;
      s.stop();
      const { stop: _stop, ...rest } = s;
      return { ...rest, now: performance.now() };
    });
    const afterDom = scenario.history ? await domElements(page) : Number.NaN;
    const metrics = summarize(scenario, fixture, { b, m0, m1, samples, mount, mountHeap, mountDom, afterDom, timedOut, errors, typingStart, typedChars, scroll: scrollRaw });
    if (metrics.detail) Object.assign(metrics.detail, { mountProfile, streamProfile });
    return metrics;
  } finally {
    await context.close();
  }
}

interface Raw {
  b: Omit<BenchPageState, 'stop'> & { now: number };
  m0: Metrics;
  m1: Metrics;
  samples: Metrics[];
  mount: { idleAt: number; longest: number };
  mountHeap: number;
  mountDom: number;
  afterDom: number;
  timedOut: number;
  errors: string[];
  typingStart: number;
  typedChars: number;
  scroll: ScrollRaw | undefined;
}

interface ScrollRaw {
  drift: number;
  lost: boolean;
  detachedGap: number;
  from: number;
  to: number;
  endGap?: number;
}

/**
 * S6: wheel up over the transcript (a real input event, so each contender's own detach logic runs),
 * let the scroll settle, then watch the element under the pointer for `holdMs`: with streaming
 * continuing below, it must not move (drift 0). The scroll container is the nearest scrollable
 * ancestor of that element; it is kept on `window` for the end-of-stream gap.
 */
async function scrollAndHold(page: Page, upPx: number, holdMs: number): Promise<ScrollRaw> {
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -upPx);
  await page.waitForTimeout(500);
  return page.evaluate(
    (holdMs) =>
      new Promise<ScrollRaw>((resolve) => {
        const anchor = document.elementFromPoint(640, 300);
        let sc: Element | null = anchor;
        while (sc && !(sc.scrollHeight > sc.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(sc).overflowY))) sc = sc.parentElement;
        const scroller = sc ?? document.scrollingElement ?? document.documentElement;
        (window as unknown as { __benchScroller: Element }).__benchScroller = scroller;
        const gap = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
        const top0 = anchor?.getBoundingClientRect().top ?? 0;
        const from = performance.now();
        let drift = 0;
        let lost = !anchor;
        const detachedGap = gap();
        const frame = () => {
          if (anchor?.isConnected) drift = Math.max(drift, Math.abs(anchor.getBoundingClientRect().top - top0));
          else lost = true;
          if (performance.now() - from < holdMs) requestAnimationFrame(frame);
          else resolve({ drift, lost, detachedGap, from, to: performance.now() });
        };
        requestAnimationFrame(frame);
      }),
    holdMs,
  );
}

/** S6: after the stream ended (and two frames for a follow-scroll), the distance from the bottom. */
async function endGap(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const scroller = (window as unknown as { __benchScroller?: Element }).__benchScroller;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(scroller ? Math.max(0, scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight) : Number.NaN)),
        );
      }),
  );
}

const taskMs = (a: Metrics | undefined, b: Metrics | undefined, key = 'TaskDuration') =>
  a && b ? ((b[key] ?? Number.NaN) - (a[key] ?? Number.NaN)) * 1000 : Number.NaN;

function summarize(scenario: Scenario, fixture: FixtureInfo, raw: Raw): RepMetrics {
  const { b } = raw;
  const ws = b.windowStart ?? 0;
  const end = b.visible[fixture.lastSeq] ?? b.now;
  const inWindow = (t: number) => t >= ws && t <= end;
  const commits = b.commits.filter(inWindow);
  const streamSeconds = (end - ws) / 1000;

  // Commits per animation frame: bucket commit times by rAF ticks.
  const perFrame: number[] = [];
  let j = 0;
  for (let i = 1; i < b.ticks.length; i++) {
    let n = 0;
    while (j < commits.length && (commits[j] as number) < (b.ticks[i] as number)) {
      if ((commits[j] as number) >= (b.ticks[i - 1] as number)) n++;
      j++;
    }
    perFrame.push(n);
  }

  const lags: number[] = [];
  for (let seq = 1; seq <= fixture.lastSeq; seq++) {
    const a = b.arrivals[seq];
    const v = b.visible[seq];
    if (a !== undefined && a !== null && v !== undefined && v !== null) lags.push(Math.max(0, v - a));
  }
  const finalArrival = b.arrivals[fixture.lastSeq];
  const finalVisible = b.visible[fixture.lastSeq];

  const tasks = b.longTasks.filter((t) => inWindow(t.start));
  const mainThreadMs = taskMs(raw.m0, raw.m1);
  const quarterTokens = fixture.tokens / 4 / 1000;
  const q1 = raw.samples.length === 2 ? taskMs(raw.m0, raw.samples[0]) / quarterTokens : Number.NaN;
  const q4 = raw.samples.length === 2 ? taskMs(raw.samples[1], raw.m1) / quarterTokens : Number.NaN;

  // INP while typing: worst entry per interaction; keystrokes with no entry were under the 16 ms threshold.
  let inpP98 = Number.NaN;
  let inpMax = Number.NaN;
  let interactions = 0;
  let slowKeys: RepMetrics['slowKeys'];
  if (scenario.typing) {
    const byId = new Map<number, number>();
    const worst = new Map<number, (typeof b.events)[number]>();
    for (const e of b.events) {
      if (e.interactionId > 0 && e.start >= raw.typingStart) {
        byId.set(e.interactionId, Math.max(byId.get(e.interactionId) ?? 0, e.duration));
        if (e.duration >= (worst.get(e.interactionId)?.duration ?? 0)) worst.set(e.interactionId, e);
      }
    }
    const { intervalMs } = scenario.typing;
    slowKeys = [...worst.values()].map((e) => ({
      key: Math.round((e.start - raw.typingStart) / intervalMs),
      ms: e.duration,
      delay: Math.round(e.delay * 10) / 10,
      processing: Math.round(e.processing * 10) / 10,
      presentation: Math.round((e.duration - e.delay - e.processing) * 10) / 10,
    }));
    const values = [...byId.values()];
    interactions = values.length;
    while (values.length < scenario.typing.keys) values.push(16);
    inpP98 = percentile(values, 98);
    inpMax = Math.max(...values);
  }
  const textTokens = fixture.tokens;
  return {
    timedOut: raw.timedOut,
    errors: raw.errors.length + b.errors.length,
    commits: commits.length,
    commitsPerSec: commits.length / streamSeconds,
    commitsPerToken: commits.length / textTokens,
    commitsPerFrameP99: percentile(perFrame, 99),
    commitsPerFrameMax: perFrame.length ? Math.max(...perFrame) : Number.NaN,
    mainThreadMs,
    scriptMs: taskMs(raw.m0, raw.m1, 'ScriptDuration'),
    layoutMs: taskMs(raw.m0, raw.m1, 'LayoutDuration'),
    styleMs: taskMs(raw.m0, raw.m1, 'RecalcStyleDuration'),
    msPer100Tokens: (mainThreadMs / textTokens) * 100,
    q1MsPer1k: q1,
    q4MsPer1k: q4,
    q4OverQ1: q4 / q1,
    longestTaskMs: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    longTasksOver50: tasks.filter((t) => t.duration > 50).length,
    loafBlockingMs: b.loafs.filter((l) => inWindow(l.start)).reduce((s, l) => s + l.blocking, 0),
    lagP50: percentile(lags, 50),
    lagP95: percentile(lags, 95),
    finalLagMs: finalArrival != null && finalVisible != null ? Math.max(0, finalVisible - finalArrival) : Number.NaN,
    streamSeconds,
    mountIdleMs: scenario.history ? raw.mount.idleAt : Number.NaN,
    mountLongestTaskMs: scenario.history ? raw.mount.longest : Number.NaN,
    domElements: raw.mountDom,
    domElementsAfter: raw.afterDom,
    heapMB: raw.mountHeap,
    inpP98,
    inpMax,
    interactions,
    typedChars: raw.typedChars,
    ...(slowKeys ? { slowKeys } : {}),
    scrollDriftPx: raw.scroll ? (raw.scroll.lost ? Number.POSITIVE_INFINITY : raw.scroll.drift) : Number.NaN,
    scrollDetachedGapPx: raw.scroll?.detachedGap ?? Number.NaN,
    scrollEndGapPx: raw.scroll?.endGap ?? Number.NaN,
    scrollLoafMs: raw.scroll
      ? b.loafs.filter((l) => l.start >= (raw.scroll as ScrollRaw).from && l.start <= (raw.scroll as ScrollRaw).to).reduce((s, l) => s + l.blocking, 0)
      : Number.NaN,
    retainedHeapPct: Number.NaN,
    secondCycleHeapPct: Number.NaN,
    retainedNodes: Number.NaN,
    retainedListeners: Number.NaN,
    heapMountedMB: Number.NaN,
    renders: scenario.diag ? b.renders : Number.NaN,
    rendersPerToken: scenario.diag ? b.renders / textTokens : Number.NaN,
    toolRendersPerToken: scenario.diag ? b.toolRendersAfterText / textTokens : Number.NaN,
    rootsCommitting: b.commitsByRoot.filter((n) => n > 0).length,
    ...(scenario.diag ? { detail: { byName: b.byName, commitsByRoot: b.commitsByRoot, commitSignatures: b.commitSignatures } } : {}),
  };
}
