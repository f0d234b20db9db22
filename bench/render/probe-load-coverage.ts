/**
 * Diagnostic probe (not a benchmark): which of the first load's code runs while an S4 page loads and
 * mounts — per package, the share of its function bytes that were called (V8's precise coverage,
 * function granularity) — the candidates for V8's compile hint (`compileHints({ packages })`: a
 * package whose code mostly runs at load is worth compiling eagerly, off the main thread; one whose
 * code mostly does not only costs memory). Needs an unminified `-diag` build (its `// path` region
 * comments name the modules). `node bench/render/probe-load-coverage.ts [contender-diag] [N=1000]`;
 * TOP=n packages (by bytes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { instrument } from './instrument.ts';
import { bundleModules } from './bundle-modules.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours-diag';
const history = Number(process.argv[3] ?? 1000);
const top = Number(process.env.TOP ?? 25);
const here = path.dirname(new URL(import.meta.url).pathname);

interface FunctionCoverage { functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }
interface ScriptCoverage { url: string; functions: FunctionCoverage[] }

/** `@scope/name` or `name` of a module path as `bundleModules` shortens it. */
const packageOf = (module: string) => (module.startsWith('@') ? module.split('/').slice(0, 2).join('/') : module.split('/')[0]!);

await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'short', 60);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1500);
  const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
  const firstLoad = readFileSync(path.join(here, 'dist', contender, 'index.html'), 'utf8');
  const moduleAt = bundleModules(contender);
  const rows = new Map<string, { bytes: number; called: number }>();
  for (const script of result) {
    const file = script.url.split('/').pop() ?? '';
    // The first load: the chunks index.html names (its entry and modulepreloads).
    if (!/assets\//.test(script.url) || !firstLoad.includes(file)) continue;
    const source = readFileSync(path.join(here, 'dist', contender, 'assets', file), 'utf8');
    // Innermost function wins: outer ranges first, inner ones overwrite.
    const called = new Uint8Array(source.length);
    const ranges = script.functions.flatMap((f) => f.ranges.slice(0, 1)).sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
    for (const r of ranges) called.fill(r.count > 0 ? 1 : 0, r.startOffset, r.endOffset);
    let line = 0;
    for (let offset = 0; offset < source.length; offset++) {
      if (source.charCodeAt(offset) === 10) { line++; continue; }
      const pkg = packageOf(moduleAt(script.url, line, file));
      const row = rows.get(pkg) ?? { bytes: 0, called: 0 };
      row.bytes++;
      row.called += called[offset]!;
      rows.set(pkg, row);
    }
  }
  const sorted = [...rows].sort((a, b) => b[1].bytes - a[1].bytes);
  const total = sorted.reduce((sum, [, r]) => ({ bytes: sum.bytes + r.bytes, called: sum.called + r.called }), { bytes: 0, called: 0 });
  console.log(`${contender} @ ${history}: first-load code run by the time the mount is idle — ${(total.called / 1024).toFixed(0)} of ${(total.bytes / 1024).toFixed(0)} KB (${((100 * total.called) / total.bytes).toFixed(0)} %, unminified)`);
  for (const [pkg, r] of sorted.slice(0, top)) console.log(`  ${pkg.padEnd(40)} ${(r.bytes / 1024).toFixed(0).padStart(5)} KB  ${((100 * r.called) / r.bytes).toFixed(0).padStart(3)} % run`);
  await context.close();
});
