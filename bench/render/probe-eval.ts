/**
 * Diagnostic probe (not a benchmark): what the first-load script's evaluation is made of. Loads a
 * contender's S4 page (N messages) under the CPU profiler and attributes every sample taken inside
 * the entry chunk's top-level code to the bundled module it falls in (its `// path` region comment
 * in an unminified `-diag` build): the module's own top-level statements (self) plus the calls they
 * make (inclusive). `node bench/render/probe-eval.ts [contender-diag] [N=1000]`; TOP=n modules.
 */
import { instrument } from './instrument.ts';
import { bundleModules } from './bundle-modules.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours-diag';
const history = Number(process.argv[3] ?? 1000);
const top = Number(process.env.TOP ?? 30);

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[]; positionTicks?: Array<{ line: number; ticks: number }> }

await withProbeBrowser(async ({ port, browser }) => {
  const { context, page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'short', 60);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=${history}`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const moduleAt = bundleModules(contender);
  const isTop = (n: Node) => n.callFrame.functionName === '' && n.callFrame.lineNumber === 0 && /assets\//.test(n.callFrame.url);
  const selfBy = new Map<string, number>();
  const inclBy = new Map<string, number>();
  const chunkBy = new Map<string, number>();
  let total = 0;
  const us = new Map<number, number>();
  profile.samples.forEach((id, i) => us.set(id, (us.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, t] of us) {
    // Walk up to the chunk's top-level function; the frame just below it names the module.
    let cur: Node | undefined = byId.get(id);
    let below: Node | undefined;
    while (cur && !isTop(cur)) { below = cur; cur = byId.get(parent.get(cur.id) ?? -1); }
    if (!cur) continue;
    total += t;
    const chunk = cur.callFrame.url.split('/').pop() ?? '';
    chunkBy.set(chunk, (chunkBy.get(chunk) ?? 0) + t);
    if (!below) {
      // Top-level statements themselves: split by the lines the samples hit.
      const ticks = cur.positionTicks ?? [];
      const sum = ticks.reduce((s, p) => s + p.ticks, 0) || 1;
      for (const p of ticks) { const m = moduleAt(cur.callFrame.url, p.line - 1); selfBy.set(m, (selfBy.get(m) ?? 0) + (t * p.ticks) / sum); inclBy.set(m, (inclBy.get(m) ?? 0) + (t * p.ticks) / sum); }
    } else {
      const m = moduleAt(below.callFrame.url, below.callFrame.lineNumber);
      const key = `${m}`;
      inclBy.set(key, (inclBy.get(key) ?? 0) + t);
    }
  }
  const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join('\n  ');
  console.log(`${contender} @ ${history}: chunk top-level evaluation ${(total / 1000).toFixed(1)} ms\nby chunk:\n  ${fmt(chunkBy)}\nby module (its top-level statements + the calls they make):\n  ${fmt(inclBy)}`);
  await context.close();
});
