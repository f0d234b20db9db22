/**
 * Diagnostic probe (not a benchmark): one S4 mount (a transcript of N messages) of a contender under
 * a Chromium trace: the commits and the main thread's tasks from navigation to the moment the page
 * went quiet (no commit and no long task for 700 ms, as the benchmark waits), so what the mount's
 * time to idle is made of can be read off. `node bench/render/probe-s4.ts [contender] [N=1000]`
 * after a build (serves bench/render/dist). PROFILE=1: a CPU profile of the same span instead (TOP=n entries).
 */
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';
import { startProfile, stopProfile } from './profile.ts';
import { formatTasks, startTrace, stopTrace, summarizeTasks, SYNC_MARK } from './trace.ts';

const contender = process.argv[2] ?? 'ours';
const history = Number(process.argv[3] ?? 1000);

await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'short', 60);
  const profile = process.env.PROFILE === '1';
  if (profile) await startProfile(cdp);
  else await startTrace(cdp);
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  const idle = await page.evaluate(
    () =>
      new Promise<{ idleAt: number; commits: number[]; longest: number }>((resolve) => {
        const b = (window as unknown as { __bench: BenchPageState }).__bench;
        const check = () => {
          const idleAt = Math.max(b.commits.at(-1) ?? 0, b.longTasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0));
          if (performance.now() - idleAt >= 700) resolve({ idleAt, commits: [...b.commits], longest: b.longTasks.reduce((m, t) => Math.max(m, t.duration), 0) });
          else setTimeout(check, 100);
        };
        check();
      }),
  );
  if (profile) {
    const prof = await stopProfile(cdp, Number(process.env.TOP ?? 30));
    console.log(`profile to idle, self: ${prof.self.map((f) => `${f.fn} ${f.ms}`).join(' · ')}\ninclusive: ${prof.inclusive.map((f) => `${f.fn} ${f.ms}`).join(' · ')}`);
    await context.close();
    return;
  }
  const syncAt = await page.evaluate((name) => (performance.mark(name), performance.now()), SYNC_MARK);
  const events = await stopTrace(cdp);
  console.log(`${contender} @ ${history}: idle at ${idle.idleAt.toFixed(0)} ms, longest task ${idle.longest} ms, ${idle.commits.length} commits at ${idle.commits.map((t) => t.toFixed(0)).join(', ')}`);
  console.log(`main-thread tasks ≥ 8 ms (ms from navigation; F = frame):\n${formatTasks(summarizeTasks(events, syncAt, 0, idle.idleAt + 50, Number(process.env.MIN_MS ?? 8)), 0)}`);
  await context.close();
});
