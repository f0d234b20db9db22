/**
 * Diagnostic probe (not a benchmark): one S3 (unpaced burst) rep of a contender, and the timeline
 * around its end: last byte, final marker in the DOM, commits and long tasks after the last byte,
 * with a CPU profile of that window. `node bench/render/probe-s3.ts [contender] [reps]` after a
 * `pnpm bench:render --no-build …` or a build (serves bench/render/dist).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';
import { startProfile, stopProfile } from './profile.ts';
import { formatTasks, startTrace, stopTrace, summarizeTasks, SYNC_MARK, traceClock } from './trace.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const contender = process.argv[2] ?? 'ours';
const reps = Number(process.argv[3] ?? 3);
const fixture = JSON.parse(readFileSync(path.join(here, 'fixtures', 'long.json'), 'utf8')) as { lastSeq: number };

await withProbeBrowser(async ({ port, browser }) => {
  for (let rep = 0; rep < reps; rep++) {
    const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
    await arm(port, 'long', 0);
    await page.goto(`http://127.0.0.1:${port}/${contender}/index.html`);
    const input = page.locator('textarea').first();
    await input.waitFor({ state: 'visible' });
    await input.click();
    await page.keyboard.type('go');
    // SETTLE=ms: the user pauses before sending (idle work after the first interaction can run).
    await page.waitForTimeout(Number(process.env.SETTLE ?? 0));
    const profile = process.env.PROFILE === '1';
    if (profile) await startProfile(cdp);
    const trace = process.env.TRACE === '1';
    if (trace) await startTrace(cdp);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => (window as unknown as { __bench: BenchPageState }).__bench.visibleMax >= n, fixture.lastSeq, { polling: 100, timeout: 120_000 });
    await page.waitForTimeout(500);
    const syncAt = trace ? await page.evaluate((name) => (performance.mark(name), performance.now()), SYNC_MARK) : 0;
    const events = trace ? await stopTrace(cdp) : [];
    // With a trace, the profile covers the window from the final marker's arrival to its paint.
    let within: { fromUs: number; toUs: number } | undefined;
    if (trace) {
      const at = await page.evaluate((n) => { const s = (window as unknown as { __bench: BenchPageState }).__bench; return [s.arrivals[n] ?? 0, s.visible[n] ?? 0]; }, fixture.lastSeq);
      const clock = traceClock(events, syncAt);
      within = { fromUs: clock(at[0]! - 20), toUs: clock(at[1]!) };
    }
    const prof = profile ? await stopProfile(cdp, Number(process.env.TOP ?? 14), within) : undefined;
    const b = await page.evaluate(() => {
      const s = (window as unknown as { __bench: BenchPageState }).__bench;
      s.stop();
      return { windowStart: s.windowStart, lastByte: s.lastByte, commits: s.commits, arrivals: s.arrivals, visible: s.visible, longTasks: s.longTasks, ticks: s.ticks };
    });
    const last = fixture.lastSeq;
    const arr = b.arrivals[last] ?? NaN;
    const vis = b.visible[last] ?? NaN;
    const ws = b.windowStart ?? 0;
    const rel = (t: number) => (t - arr).toFixed(1);
    console.log(`rep ${rep + 1}: window ${ws.toFixed(0)}, final marker arrived +${(arr - ws).toFixed(0)} ms, lastByte ${rel(b.lastByte ?? NaN)}, visible ${rel(vis)} ms after`);
    console.log(`  commits (ms rel. final arrival): ${b.commits.filter((t) => t >= ws).map(rel).join(', ')}`);
    console.log(`  long tasks: ${b.longTasks.filter((t) => t.start >= ws).map((t) => `${rel(t.start)}+${t.duration}`).join(', ')}`);
    console.log(`  arrivals of marker seqs (first/mid/last rel.): ${[1, Math.floor(last / 2), last].map((s) => rel(b.arrivals[s] ?? NaN)).join(' / ')}; visible: ${[1, Math.floor(last / 2), last].map((s) => rel(b.visible[s] ?? NaN)).join(' / ')}`);
    if (prof) console.log(`  profile self: ${prof.self.slice(0, 10).map((f) => `${f.fn} ${f.ms}`).join(' · ')}\n  inclusive: ${prof.inclusive.map((f) => `${f.fn} ${f.ms}`).join(' · ')}`);
    if (trace) console.log(`  main-thread tasks ≥ 4 ms around the end (ms rel. final arrival; F = frame):\n${formatTasks(summarizeTasks(events, syncAt, arr - 300, vis + 600), arr)}`);
    await context.close();
  }
});
