/**
 * Diagnostic probe (not a benchmark): one S5 rep of a contender (40 keystrokes at 100 ms while the
 * medium answer streams at 300 tok/s) under a Chromium trace, and for the slowest keystrokes what the
 * main thread did between the key press and the paint that showed it: input delay, processing and
 * presentation delay (Event Timing), then the tasks of that span (script, style, layout, paint).
 * `node bench/render/probe-s5.ts [contender] [slowest=6]` after a build (serves bench/render/dist);
 * `JITTER=ms`, `IDLE=1` and `DUMP=file` below.
 */
import { writeFileSync } from 'node:fs';
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';
import { formatTasks, startTrace, stopTrace, summarizeTasks, SYNC_MARK } from './trace.ts';

const contender = process.argv[2] ?? 'ours';
const slowest = Number(process.argv[3] ?? 6);
/**
 * `JITTER=8`: each keystroke up to ± 8 ms off its 100 ms slot. At 60 Hz, 100 ms is 6 frames: the 40
 * keystrokes of a run all land at the same point of the frame, so they all take the same time, and
 * that point (not the page) decides most of a run's INP (16 to 32 ms for the same page, run to run).
 * With jitter the keystrokes sample every point of the frame: the distribution compares pages.
 */
const jitter = Number(process.env.JITTER ?? 0);
/** `IDLE=1`: no reply streams while the keys are typed (what typing costs on its own). */
const idle = process.env.IDLE === '1';

const sleepUntil = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - Date.now())));
await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'medium', 300);
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html`);
  const input = page.locator('textarea').first();
  await input.waitFor({ state: 'visible' });
  await input.click();
  if (!idle) {
    await page.keyboard.type('go');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __bench: BenchPageState }).__bench.arrivals.length > 1, null, { timeout: 30_000 });
  }
  const t0 = Date.now() + 3_000;
  await sleepUntil(t0 - 500);
  await startTrace(cdp);
  await sleepUntil(t0);
  const typingStart = await page.evaluate(() => performance.now());
  for (let k = 0; k < 40; k++) {
    await sleepUntil(t0 + k * 100 + (jitter ? (Math.random() * 2 - 1) * jitter : 0));
    await page.keyboard.press(String.fromCharCode(97 + (k % 26)));
  }
  await page.waitForTimeout(300);
  const syncAt = await page.evaluate((name) => (performance.mark(name), performance.now()), SYNC_MARK);
  const events = await stopTrace(cdp);
  // The compositor's side: frames it drew before the main thread's commit of that frame came (what
  // the main thread changed shows a frame later), and the frames it reports dropped.
  const frameEvents = (name: string) => events.filter((e) => e.name === name).map((e) => e.ts).sort((x, y) => x - y);
  const [begins, draws] = [frameEvents('BeginMainThreadFrame'), frameEvents('DrawFrame')];
  const commits = events.filter((e) => e.name === 'Commit' && e.ph === 'X').map((e) => e.ts).sort((x, y) => x - y);
  const drawnEarly = begins.filter((t) => {
    const commit = commits.find((c) => c >= t);
    const draw = draws.find((d) => d >= t);
    return commit !== undefined && draw !== undefined && draw < commit;
  }).length;
  console.log(`frames: ${begins.length} main frames, ${drawnEarly} drawn before their commit; ${frameEvents('DroppedFrame').length} dropped`);
  // DUMP=file: the raw trace events and the keystrokes, for a closer look (all threads).
  if (process.env.DUMP) writeFileSync(process.env.DUMP, JSON.stringify({ syncAt, typingStart, events }));
  const b = await page.evaluate(() => {
    const s = (window as unknown as { __bench: BenchPageState }).__bench;
    return { events: s.events, commits: s.commits };
  });
  if (process.env.DUMP) writeFileSync(`${process.env.DUMP}.keys.json`, JSON.stringify(b.events.filter((e) => e.interactionId > 0 && e.start >= typingStart)));
  // The worst entry per keystroke interaction.
  const worst = new Map<number, (typeof b.events)[number]>();
  for (const e of b.events) {
    if (e.interactionId <= 0 || e.start < typingStart) continue;
    const seen = worst.get(e.interactionId);
    if (!seen || e.duration > seen.duration) worst.set(e.interactionId, e);
  }
  const keys = [...worst.values()].sort((x, y) => y.duration - x.duration);
  const durations = keys.map((e) => e.duration).sort((x, y) => x - y);
  console.log(`${contender}: ${keys.length} keystrokes with an entry ≥ 16 ms; durations ${durations.join(', ')}`);
  // Every keystroke (those without an entry took < 16 ms: counted as 16), for runs to pool.
  const all = [...durations, ...Array.from({ length: Math.max(0, 40 - durations.length) }, () => 16)].sort((x, y) => x - y);
  console.log(`all 40: median ${all[20]} · p90 ${all[36]} · mean ${(all.reduce((s, d) => s + d, 0) / all.length).toFixed(1)}${jitter ? ` (jitter ± ${jitter} ms)` : ''}`);
  for (const e of keys.slice(0, slowest)) {
    const presentation = e.duration - e.delay - e.processing;
    const commits = b.commits.filter((t) => t >= e.start && t <= e.start + e.duration).map((t) => (t - e.start).toFixed(1));
    console.log(
      `\nkey ${Math.round((e.start - typingStart) / 100)} (${e.name}): ${e.duration} ms = input delay ${e.delay.toFixed(1)} + processing ${e.processing.toFixed(1)} + presentation ${presentation.toFixed(1)}; commits at +${commits.join(', +') || '—'}`,
    );
    console.log(formatTasks(summarizeTasks(events, syncAt, e.start - 20, e.start + e.duration, 1), e.start));
  }
  await context.close();
});
