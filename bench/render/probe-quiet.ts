/**
 * Diagnostic probe (not a benchmark): what waiting for a quiet machine before a load (method §5.3,
 * `quiet.ts`) changes in S4 — each contender's mount of N messages, time to idle and longest task
 * (read as the benchmark reads them: `waitMountIdle`), loaded right after its context opened ("as is") and after the
 * machine went quiet ("quiet"), alternating, REPS times (default 4), with the wait's length.
 * `node bench/render/probe-quiet.ts [N=1000] [contenders=ours,baseline]` after a build.
 */
import { instrument } from './instrument.ts';
import { waitMountIdle } from './measure.ts';
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
        const r = await waitMountIdle(page, 700, 90_000);
        console.log(`${i + 1} ${quiet ? 'quiet' : 'as is'} ${contender.padEnd(9)} idle ${r.idleAt.toFixed(0).padStart(5)} ms, longest task ${String(r.longest).padStart(5)} ms${quiet ? `, waited ${waited} ms` : ''}`);
        await context.close();
      }
    }
  }
});
