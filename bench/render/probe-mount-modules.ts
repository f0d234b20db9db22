/**
 * Diagnostic probe (not a benchmark): where the main thread's time goes from navigation until an S4
 * page (1,000 messages) has been quiet a while — CPU profiler samples attributed to the bundled module
 * they fall in (the `// path` region comments of an unminified `-diag` build), self time, averaged
 * over RUNS loads; the kit's share (`@x/…` modules) is summed on the first line. After a diag build:
 * `RUNS=3 node bench/render/probe-mount-modules.ts ours-diag` (TOP=n rows). `CALLERS=zod/`: also who
 * calls into the modules whose path contains that text — their samples by the first caller outside
 * them (module and function). `FUNCS=message-list`: those modules' self time by function.
 */
import { instrument } from './instrument.ts';
import { bundleModules } from './bundle-modules.ts';
import { arm, openPage } from './page.ts';
import { withProbeBrowser } from './probe-page.ts';
const contender = process.argv[2] ?? 'ours-diag';
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const runs = Number(process.env.RUNS ?? 3);
const total = new Map<string, number>();
const callersOf = process.env.CALLERS;
const callers = new Map<string, number>();
const funcsOf = process.env.FUNCS;
const funcs = new Map<string, number>();
/** `TIMELINE=10`: also, per 10 ms of the (last) run's profile, its busiest modules and the component rendering (nearest capitalised caller). */
const timelineMs = Number(process.env.TIMELINE ?? 0);
const timeline = new Map<number, { modules: Map<string, number>; components: Map<string, number> }>();
for (let run = 0; run < runs; run++) await withProbeBrowser(async ({ port, browser }) => {
  const { page, cdp } = await openPage(browser, (c) => c.addInitScript(instrument, { diag: false }));
  await arm(port, 'short', 60);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`http://127.0.0.1:${port}/${contender}/index.html?history=1000`);
  await page.locator('textarea').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1200);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
  const moduleAt = bundleModules(contender);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const moduleOf = (n: Node) => (n.callFrame.url ? moduleAt(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.url.split('/').pop()) : n.callFrame.functionName || '(native)');
  let clock = 0;
  if (timelineMs) timeline.clear();
  profile.samples.forEach((id, i) => {
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    const n = byId.get(id)!;
    const url = n.callFrame.url;
    let key: string;
    if (!url) key = n.callFrame.functionName || '(native)';
    else key = moduleAt(url, n.callFrame.lineNumber, url.split('/').pop());
    if (key === '(idle)' || key === '(program)') return;
    if (timelineMs) {
      const bucket = Math.floor(clock / timelineMs) * timelineMs;
      const slot = timeline.get(bucket) ?? { modules: new Map(), components: new Map() };
      timeline.set(bucket, slot);
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      slot.modules.set(key, (slot.modules.get(key) ?? 0) + ms);
      let at: Node | undefined = n;
      while (at && !/^[A-Z]/.test(at.callFrame.functionName)) at = byId.get(parentOf.get(at.id) ?? -1);
      const component = at ? at.callFrame.functionName : '—';
      slot.components.set(component, (slot.components.get(component) ?? 0) + ms);
    }
    total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / runs);
    if (funcsOf && key.includes(funcsOf)) {
      const fn = `${key} ${n.callFrame.functionName || '(anonymous)'}:${n.callFrame.lineNumber + 1}`;
      funcs.set(fn, (funcs.get(fn) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / runs);
    }
    if (callersOf && key.includes(callersOf)) {
      let at: Node | undefined = n;
      while (at && moduleOf(at).includes(callersOf)) at = byId.get(parentOf.get(at.id) ?? -1);
      const caller = at ? `${moduleOf(at)} ${at.callFrame.functionName || '(anonymous)'}${process.env.LINES ? `:${at.callFrame.lineNumber + 1}` : ''}` : '(root)';
      callers.set(caller, (callers.get(caller) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000 / runs);
    }
  });
});
const rows = [...total].sort((a, b) => b[1] - a[1]);
console.log(`sum ${rows.reduce((s, r) => s + r[1], 0).toFixed(0)} ms; kit ${rows.filter((r) => r[0].startsWith('@x/')).reduce((s, r) => s + r[1], 0).toFixed(0)} ms`);
for (const [k, v] of rows.slice(0, Number(process.env.TOP ?? 50))) console.log(v.toFixed(1).padStart(7), k);
if (timelineMs) {
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, ms]) => `${name.replace(/^.*node_modules\//, '')} ${ms.toFixed(1)}`).join(' · ');
  console.log(`\ntimeline of the last run (ms since the profile started; busiest modules | components rendering):`);
  for (const [at, slot] of [...timeline].sort((a, b) => a[0] - b[0])) console.log(`${String(at).padStart(5)} ${top(slot.modules, 3)} | ${top(slot.components, 2)}`);
}
if (funcsOf) {
  console.log(`\nself time in ${funcsOf}, by function:`);
  for (const [k, v] of [...funcs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(1).padStart(7), k);
}
if (callersOf) {
  console.log(`\ncalls into ${callersOf}, by first caller outside it:`);
  for (const [k, v] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(1).padStart(7), k);
}
