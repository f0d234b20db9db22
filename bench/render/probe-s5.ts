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
/** `CSS='…'`: a stylesheet added to the page before it loads (e.g. to switch an animation off). */
const css = process.env.CSS;

const sleepUntil = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - Date.now())));
await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp } = await openPage(browser, async (c) => {
    await c.addInitScript(instrument, { diag: false });
    if (css) {
      await c.addInitScript((text) => {
        document.addEventListener('DOMContentLoaded', () => document.head.append(Object.assign(document.createElement('style'), { textContent: text })));
      }, css);
    }
  });
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
  // What animates while the keys are typed (an animation keeps the compositor drawing every frame).
  const animations = await page.evaluate(() =>
    document.getAnimations().map((a) => `${(a as CSSAnimation).animationName ?? a.constructor.name} on ${(a.effect as KeyframeEffect | null)?.target?.className?.toString() ?? '?'}`),
  );
  console.log(`animations running: ${animations.join('; ') || 'none'}`);
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
  console.log(`key press → presentation by pipeline stage (Chromium's EventLatency), median / p90 ms:\n${eventLatencyStages(events)}`);
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

/**
 * Chromium's own split of each key event's latency (`EventLatency` slices, category `cc`): where a
 * keystroke waited — the renderer's main thread, its compositor, or the display compositor (Viz).
 * Slice ids are local and reused, so each key event's stages are collected until its own end.
 */
function eventLatencyStages(events: Awaited<ReturnType<typeof stopTrace>>): string {
  type Slice = (typeof events)[number] & { id2?: { local?: string } };
  const slices = (events as Slice[]).filter((e) => (e.ph === 'b' || e.ph === 'e') && e.id2?.local && e.cat.includes('cc'));
  slices.sort((x, y) => x.ts - y.ts || (x.ph === 'e' ? -1 : 1));
  const open = new Map<string, { started: Map<string, number> }>();
  const stages = new Map<string, number[]>();
  for (const e of slices) {
    const id = `${e.pid}:${e.id2?.local}`;
    if (e.name === 'EventLatency') {
      if (e.ph === 'b') open.set(id, { started: new Map() });
      else open.delete(id);
      continue;
    }
    const group = open.get(id);
    if (!group) continue;
    if (e.ph === 'b') group.started.set(e.name, e.ts);
    else if (group.started.has(e.name)) {
      const list = stages.get(e.name) ?? [];
      list.push((e.ts - (group.started.get(e.name) ?? e.ts)) / 1000);
      stages.set(e.name, list);
      group.started.delete(e.name);
    }
  }
  const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))] ?? Number.NaN;
  return [...stages]
    .map(([name, list]) => [name, list.sort((x, y) => x - y)] as const)
    .sort((x, y) => at(y[1], 0.5) - at(x[1], 0.5))
    .filter(([, list]) => at(list, 0.9) >= 1)
    .map(([name, list]) => `  ${name} ${at(list, 0.5).toFixed(1)} / ${at(list, 0.9).toFixed(1)} (${list.length})`)
    .join('\n');
}
