/**
 * `pnpm bench:size [--out=DIR]` — bundle report (Vite production builds, minified, gzip level 9 per file):
 *
 * - core: everything `@x/agent-core` exports (the chat without React);
 * - headless: everything `@x/agent-react` exports, and `useAgentChat` alone (target ≤ 10 KB gz);
 *   react, react-dom, ai, @ai-sdk/react, zod and zustand external (the core too);
 * - AgentChat entry: `{ AgentChat } from '@x/agent-ui'` with react, react-dom and antd external
 *   (Ant Design X and the hooks' deps bundled), and its kit layer alone (every third-party dep external);
 * - pages, react + react-dom external: the render bench's ours / baseline / peer pages.
 *
 * Each bundle is measured twice: its **first load** (the entry chunks and everything they import
 * statically: what the browser fetches before the first paint) and its **total** (every chunk,
 * including those loaded on demand through `import()`). The §5.8 targets apply to the first load:
 * page ours/baseline ≤ 1.05 and kit layer ≤ 20 KB gz (issue 37). The first-load gap between the ours and
 * baseline pages is broken down by package (gzip of each package's code on its own).
 *
 * Exits 1 if a mermaid module lands in a page's or the entry's first load (a bundle-content check).
 * Writes size.json and size.md to `--out` (default bench/results). `--chunks` also prints each bundle's
 * chunks (first load or on demand, gz KB, their largest packages): where a split went.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkBudgets } from './budgets.ts';
import { BUNDLES, bundle, KIT_PACKAGES, PLUGINS, type BundleReport } from './measure.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const outDir = path.resolve(option('out') ?? path.join(here, '..', 'results'));
const TARGET_PAGE_RATIO = 1.05;
// Issue 37: "≤ 20 KB for chat, markdown, tools, approval" (issue 26 had 15).
const TARGET_KIT_KB = 20;
const TARGET_HOOKS_KB = 10;

if (process.argv.includes('--check')) process.exit(await checkBudgets());

const reports: BundleReport[] = [];
const add = async (options: Parameters<typeof bundle>[0]) => {
  const r = await bundle(options);
  reports.push(r);
  console.log(`${r.name}: first load ${r.firstChunkGzipKB.toFixed(1)} KB gz, total ${r.totalGzipKB.toFixed(1)} KB gz${r.mermaidInFirstChunk ? ' — MERMAID IN FIRST LOAD' : ''}`);
};

for (const options of BUNDLES) await add(options);

const get = (name: string) => reports.find((r) => r.name === name) as BundleReport;
const ours = get('page: ours');
const baseline = get('page: baseline');
const headless = get('headless: useAgentChat alone');
const headlessAll = get('headless: @x/agent-react');
const headlessWithDeps = get('headless: useAgentChat alone, with its dependencies');
const kitLayer = get('AgentChat entry, kit layer only');
const ok = (met: boolean) => (met ? '✅ met' : '❌ not met');
const mermaidFailures = reports.filter((r) => r.mermaidInFirstChunk);
const kb = (n: number) => n.toFixed(1);
const signed = (n: number, digits = 1) => (n >= 0 ? '+' : '') + n.toFixed(digits);

// A page's first load is its scripts and its stylesheets (the ours page imports the kit's static
// stylesheets; the plain pages have only the shared page.css): both load before the first paint.
const firstWithCss = (r: BundleReport) => r.firstChunkGzipKB + r.firstLoadCssGzipKB;
const totalWithCss = (r: BundleReport) => r.totalGzipKB + r.totalCssGzipKB;
const firstRatio = firstWithCss(ours) / firstWithCss(baseline);
const totalRatio = totalWithCss(ours) / totalWithCss(baseline);
const kitInPage = KIT_PACKAGES.reduce((s, p) => s + (ours.firstLoadPackages[p]?.gzKB ?? 0), 0);
const allowedKB = firstWithCss(baseline) * TARGET_PAGE_RATIO;

// The first-load gap by package: what the ours page loads before the first paint that the baseline does not.
const gap = Object.keys({ ...ours.firstLoadPackages, ...baseline.firstLoadPackages })
  .map((p) => ({ p, a: ours.firstLoadPackages[p] ?? { minKB: 0, gzKB: 0 }, b: baseline.firstLoadPackages[p] ?? { minKB: 0, gzKB: 0 } }))
  .map((row) => ({ ...row, dGz: row.a.gzKB - row.b.gzKB, dMin: row.a.minKB - row.b.minKB }))
  .filter((row) => Math.abs(row.dMin) >= 0.05)
  .sort((x, y) => y.dGz - x.dGz);
const gapSum = gap.reduce((s, row) => s + row.dGz, 0);
const chatAlone = get('AgentChat entry');
const pluginRows = PLUGINS.map((plugin) => {
  const r = get(`plug-in: ${plugin}`);
  const first = r.firstChunkGzipKB - chatAlone.firstChunkGzipKB;
  const onDemand = r.totalGzipKB - r.firstChunkGzipKB - (chatAlone.totalGzipKB - chatAlone.firstChunkGzipKB);
  return { plugin, first, onDemand, r };
});
const lazyRows = Object.entries(ours.lazyPackages).sort((x, y) => y[1].gzKB - x[1].gzKB);

const md = [
  '# Bundle report',
  '',
  `${new Date().toISOString()} · Vite 8 production builds, minified, gzip -9 per chunk. **First load** = entry chunks + their static imports (before the first paint); **total** adds the chunks loaded on demand (\`import()\`). The JavaScript columns leave stylesheets out; the CSS column is the stylesheets the first load links (a page's imported \`.css\`), counted in the page targets below.`,
  '',
  '| bundle | external | first load gz (KB) | total gz (KB) | on demand gz (KB) | first-load CSS gz (KB) | chunks (first load / all) | mermaid in first load |',
  '|---|---|---|---|---|---|---|---|',
  ...reports.map(
    (r) =>
      `| ${r.name} | ${r.external} | ${kb(r.firstChunkGzipKB)} | ${kb(r.totalGzipKB)} | ${kb(r.totalGzipKB - r.firstChunkGzipKB)} | ${r.firstLoadCssGzipKB ? kb(r.firstLoadCssGzipKB) : '—'} | ${r.firstLoadChunks} / ${r.chunks} | ${r.mermaidInFirstChunk ? '❌ yes' : r.mermaidAnywhere ? 'no (lazy chunk)' : 'no'} |`,
  ),
  '',
  '| target (§5.8) | value | |',
  '|---|---|---|',
  `| full chat page, react external, first load (scripts + stylesheets): ours / baseline ≤ ${TARGET_PAGE_RATIO} | ${firstRatio.toFixed(2)} (${kb(firstWithCss(ours))} / ${kb(firstWithCss(baseline))} KB: scripts ${kb(ours.firstChunkGzipKB)} / ${kb(baseline.firstChunkGzipKB)}, stylesheets ${kb(ours.firstLoadCssGzipKB)} / ${kb(baseline.firstLoadCssGzipKB)}; ≤ ${kb(allowedKB)} KB allowed, ${signed(firstWithCss(ours) - allowedKB)} KB) | ${ok(firstRatio <= TARGET_PAGE_RATIO)} |`,
  `| full chat page, all chunks and stylesheets: ours / baseline (report only) | ${totalRatio.toFixed(2)} (${kb(totalWithCss(ours))} / ${kb(totalWithCss(baseline))} KB) | — |`,
  `| kit layer ≤ ${TARGET_KIT_KB} KB gz, first load (AgentChat entry, third parties external) | ${kb(kitLayer.firstChunkGzipKB)} KB (total with on-demand chunks ${kb(kitLayer.totalGzipKB)} KB; in the page: @x packages ${kb(kitInPage)} KB) | ${ok(kitLayer.firstChunkGzipKB <= TARGET_KIT_KB)} |`,
  `| kit hooks for \`useAgentChat\` alone ≤ ${TARGET_HOOKS_KB} KB gz excl. ai/zod, first load | ${kb(headless.firstChunkGzipKB)} KB (everything the package's root exports: ${kb(headlessAll.firstChunkGzipKB)} KB; with every dependency bundled, React apart: ${kb(headlessWithDeps.firstChunkGzipKB)} KB — the kit's engine, no \`ai\`, no zod) | ${ok(headless.firstChunkGzipKB <= TARGET_HOOKS_KB)} |`,
  `| no mermaid in a first load | ${mermaidFailures.length ? mermaidFailures.map((r) => r.name).join(', ') : 'none'} | ${ok(mermaidFailures.length === 0)} |`,
  '',
  `Plug-ins (\`@x/agent-ui/plugins/*\`): each measured as AgentChat with that plug-in (react, react-dom, antd external), minus AgentChat alone (${kb(chatAlone.firstChunkGzipKB)} KB first load, ${kb(chatAlone.totalGzipKB - chatAlone.firstChunkGzipKB)} KB on demand). A page without a plug-in pays none of it.`,
  '',
  '| plug-in | first load gz (KB) | on demand gz (KB) | AgentChat + plug-in, first load / total gz (KB) |',
  '|---|---|---|---|',
  ...pluginRows.map(({ plugin, first, onDemand, r }) => `| ${plugin} | ${signed(first)} | ${signed(onDemand)} | ${kb(r.firstChunkGzipKB)} / ${kb(r.totalGzipKB)} |`),
  '',
  `First-load gap, ours page − baseline page, by package (each package's first-load code gzipped on its own, so the rows add up only approximately: sum ${signed(gapSum)} KB vs measured ${signed(ours.firstChunkGzipKB - baseline.firstChunkGzipKB)} KB):`,
  '',
  '| package | ours min (KB) | baseline min (KB) | ours gz (KB) | baseline gz (KB) | difference gz (KB) |',
  '|---|---|---|---|---|---|',
  ...gap
    .filter((row) => Math.abs(row.dGz) >= 0.1)
    .map(({ p, a, b, dGz }) => `| ${p} | ${kb(a.minKB)} | ${kb(b.minKB)} | ${kb(a.gzKB)} | ${kb(b.gzKB)} | ${signed(dGz)} |`),
  '',
  `The ours page's first load is ${ours.firstLoadChunks} chunks (Vite's default splitting around the \`import()\`s): gzipped as one file it would be ${kb(ours.firstLoadAsOneFileGzipKB)} KB (ratio ${(ours.firstLoadAsOneFileGzipKB / baseline.firstChunkGzipKB).toFixed(2)}), so ${kb(ours.firstChunkGzipKB - ours.firstLoadAsOneFileGzipKB)} KB of the gap is compression lost at chunk boundaries.`,
  '',
  `Kit layer in the ours page's first load, by module (each minified and gzipped on its own; sum ${kb(ours.kitModules.reduce((t, m) => t + m.gzKB, 0))} KB):`,
  '',
  ours.kitModules.map((m) => `${m.id.replace('/dist/', '/')} ${m.gzKB.toFixed(2)}`).join(' · '),
  '',
  'Loaded on demand by the ours page (chunks behind `import()`; by package, gz on its own):',
  '',
  lazyRows.length ? lazyRows.slice(0, 15).map(([p, s]) => `${p} ${kb(s.gzKB)}`).join(' · ') : '(none)',
  '',
  'Largest modules (as rendered into the bundle, before minification; *lazy* = in a chunk loaded on demand):',
  '',
  ...reports.map((r) => `- ${r.name}: ${r.largestModules.map((m) => `${m.id} ${m.kB} KB${m.lazy ? ' *lazy*' : ''}`).join(' · ')}`),
  '',
].join('\n');

mkdirSync(outDir, { recursive: true });
writeFileSync(
  path.join(outDir, 'size.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      targets: {
        pageFirstLoadRatio: { value: firstRatio, target: TARGET_PAGE_RATIO, met: firstRatio <= TARGET_PAGE_RATIO, withStylesheets: true },
        pageTotalRatio: { value: totalRatio },
        kitLayerFirstLoadKB: { value: kitLayer.firstChunkGzipKB, target: TARGET_KIT_KB, met: kitLayer.firstChunkGzipKB <= TARGET_KIT_KB, inPageKB: kitInPage },
        hooksKB: { value: headless.firstChunkGzipKB, total: headless.totalGzipKB, wholeRoot: headlessAll.firstChunkGzipKB, withDependencies: headlessWithDeps.firstChunkGzipKB, target: TARGET_HOOKS_KB, met: headless.firstChunkGzipKB <= TARGET_HOOKS_KB },
        mermaidInFirstLoad: mermaidFailures.map((r) => r.name),
      },
      plugins: pluginRows.map(({ plugin, first, onDemand }) => ({ plugin, firstLoadGzipKB: first, onDemandGzipKB: onDemand })),
      firstLoadGap: gap.map(({ p, dGz, dMin }) => ({ package: p, gzKB: dGz, minKB: dMin })),
      reports,
    },
    null,
    1,
  ),
);
writeFileSync(path.join(outDir, 'size.md'), md);
console.log(`\n${md}`);
if (mermaidFailures.length) {
  console.error(`mermaid is in the first load of: ${mermaidFailures.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
