/**
 * Diagnostic probe (not a benchmark): every React commit of an S4 mount (1,000 messages) until the
 * page went quiet (no commit for 700 ms, as the benchmark waits), with the first components that
 * rendered in it — what the mount's time to idle waits for (S4's idle is its last commit). After a
 * diag build (component names): `node bench/render/probe-mount-commits.ts ours-diag [N=1000]`.
 */
import { instrument, type BenchPageState } from './instrument.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours-diag';
const history = Number(process.argv[3] ?? 1000);

/** Opens the instrument's fiber walk from the start (it walks only once a stream began) and notes each commit's first components. */
function recordCommits(): void {
  const w = window as unknown as { __bench: BenchPageState; __REACT_DEVTOOLS_GLOBAL_HOOK__: { onCommitFiberRoot: (...args: unknown[]) => void }; __commits: { at: number; what: string }[] };
  w.__commits = [];
  w.__bench.windowStart = 0;
  const hook = w.__REACT_DEVTOOLS_GLOBAL_HOOK__;
  const original = hook.onCommitFiberRoot;
  hook.onCommitFiberRoot = (...args: unknown[]) => {
    const before = { ...w.__bench.commitSignatures };
    original(...args);
    const what = Object.keys(w.__bench.commitSignatures).find((k) => w.__bench.commitSignatures[k] !== before[k]) ?? '?';
    w.__commits.push({ at: performance.now(), what });
  };
}

await withProbeBrowser(async ({ port, browser }) => {
  const { context, page } = await openPage(browser, async (c) => {
    await c.addInitScript(instrument, { diag: true });
    await c.addInitScript(recordCommits);
  });
  await arm(port, 'short', 60);
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  const commits = await page.evaluate(
    () =>
      new Promise<{ at: number; what: string }[]>((resolve) => {
        const w = window as unknown as { __commits: { at: number; what: string }[] };
        const check = () => {
          const last = w.__commits.at(-1)?.at ?? 0;
          if (performance.now() - last >= 700) resolve(w.__commits);
          else setTimeout(check, 100);
        };
        check();
      }),
  );
  console.log(`${contender} @ ${history}: ${commits.length} commits, the last at ${commits.at(-1)?.at.toFixed(0)} ms (fiber walk on: timings inflated)`);
  for (const c of commits) console.log(`${c.at.toFixed(0).padStart(7)} ms  ${c.what}`);
  await context.close();
});
