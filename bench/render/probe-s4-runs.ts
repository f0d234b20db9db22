/**
 * Diagnostic probe (not a benchmark): N S4 mounts (a transcript of 1,000 messages) of a contender with
 * no trace or profiler attached — what the benchmark's page sees: the time to idle (the last commit or
 * the end of the last long task, from navigation), the longest task and the first commit, each run
 * and their medians. `node bench/render/probe-s4-runs.ts [contender=ours] [runs=5]` after a build
 * (serves bench/render/dist); V=1 lists each run's long tasks and commits.
 */
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours';
const runs = Number(process.argv[3] ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const list = (values: number[]) => values.map((value) => value.toFixed(0)).join(' ');

await withProbeBrowser(async ({ port, browser }) => {
  const idle: number[] = [];
  const longest: number[] = [];
  const first: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
    await arm(port, 'short', 60);
    await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=1000`);
    await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(1500);
    const { tasks, commits } = await page.evaluate(() => {
      const b = (window as unknown as { __bench: BenchPageState }).__bench;
      return { tasks: b.longTasks.map((t) => ({ start: t.start, duration: t.duration })), commits: [...b.commits] };
    });
    idle.push(Math.max(commits.at(-1) ?? 0, ...tasks.map((t) => t.start + t.duration)));
    longest.push(Math.max(0, ...tasks.map((t) => t.duration)));
    first.push(commits[0] ?? Number.NaN);
    if (process.env.V === '1') console.log(`long tasks ${tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(' ')} | commits ${list(commits)}`);
    await context.close();
  }
  console.log(`${contender} @ 1000, ${runs} runs: idle ${median(idle).toFixed(0)} ms [${list(idle)}], longest task ${median(longest).toFixed(0)} ms [${list(longest)}], first commit ${median(first).toFixed(0)} ms`);
});
