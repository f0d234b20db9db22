/**
 * Diagnostic probe (not a benchmark): what waiting for a quiet machine before a load (method §5.3,
 * `quiet.ts`) changes in S4 — each contender's mount of N messages, time to idle and longest task
 * (as the benchmark reads them), loaded right after its context opened ("as is") and after the
 * machine went quiet ("quiet"), alternating, REPS times (default 4), with the wait's length.
 * `node bench/render/probe-quiet.ts [N=1000] [contenders=ours,baseline]` after a build.
 */
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';
import { waitForQuietMachine } from './quiet.ts';

const history = Number(process.argv[2] ?? 1000);
const contenders = (process.argv[3] ?? 'ours,baseline').split(',');
const reps = Number(process.env.REPS ?? 4);

await withProbeBrowser(async ({ port, browser }) => {
  for (let i = 0; i < reps; i++) {
    for (const quiet of [false, true]) {
      for (const contender of contenders) {
        const { context, page } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }), { quiet: false });
        await arm(port, 'short', 60);
        const waited = quiet ? await waitForQuietMachine() : 0;
        await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
        await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
        const r = await page.evaluate(
          () =>
            new Promise<{ idleAt: number; longest: number }>((resolve) => {
              const b = (window as unknown as { __bench: BenchPageState }).__bench;
              const check = () => {
                const idleAt = Math.max(b.commits.at(-1) ?? 0, b.longTasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0));
                if (performance.now() - idleAt >= 700) resolve({ idleAt, longest: b.longTasks.reduce((m, t) => Math.max(m, t.duration), 0) });
                else setTimeout(check, 100);
              };
              check();
            }),
        );
        console.log(`${i + 1} ${quiet ? 'quiet' : 'as is'} ${contender.padEnd(9)} idle ${r.idleAt.toFixed(0).padStart(5)} ms, longest task ${String(r.longest).padStart(5)} ms${quiet ? `, waited ${waited} ms` : ''}`);
        await context.close();
      }
    }
  }
});
