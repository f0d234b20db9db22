/**
 * `pnpm bench:size` — bundle report (Vite production builds, minified, gzip level 9 per file):
 *
 * - headless: everything `@x/agent-react` exports; react, react-dom, ai, @ai-sdk/react, zod and
 *   zustand external (target ≤ 10 KB gz);
 * - AgentChat entry: `{ AgentChat } from '@x/agent-ui'` with react, react-dom and antd external
 *   (Ant Design X and the hooks' deps bundled), and its kit layer alone (every third-party dep external);
 * - pages, react + react-dom external: the render bench's ours / baseline / peer pages — all JS, and the
 *   first chunk (entry + its static imports). Target ours/baseline ≤ 1.05.
 *
 * Exits 1 if a mermaid module lands in a page's or the entry's first chunk (a bundle-content check).
 * Writes bench/results/size.json and size.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Rollup } from 'vite';

const here = path.dirname(new URL(import.meta.url).pathname);
const apps = path.join(here, '..', 'render', 'apps');

const pkgRegex = (names: string[]) => new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?$`);
const REACT = ['react', 'react-dom', 'react/jsx-runtime'];
const HEADLESS_EXTERNAL = [...REACT, 'ai', '@ai-sdk/react', 'zod', 'zustand'];
const ALL_THIRD_PARTY = /^(?!@x\/)(@[^/]+\/[^/]+|[^./][^/]*)(\/.*)?$/;

interface BundleReport {
  name: string;
  external: string;
  totalGzipKB: number;
  firstChunkGzipKB: number;
  chunks: number;
  mermaidInFirstChunk: boolean;
  mermaidAnywhere: boolean;
  largestModules: Array<{ id: string; kB: number }>;
  /** Minified bytes per package (before gzip), for diffs between pages. */
  packages: Record<string, number>;
}

/** The package a module id belongs to (`@scope/name`, `name`, or `@x/…` for workspace packages). */
function packageOf(id: string): string {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? id);
  }
  const ws = /\/(packages|bench)\/([^/]+)\//.exec(id);
  return ws ? `@x/${ws[2]}` : id;
}

async function bundle(options: {
  name: string;
  external: string;
  lib?: string;
  root?: string;
  externalIds: RegExp;
}): Promise<BundleReport> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: options.root ?? here,
    base: './',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: {
      write: false,
      minify: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      ...(options.lib ? { lib: { entry: options.lib, formats: ['es'] as const, fileName: 'entry' } } : {}),
      rollupOptions: { external: (id: string) => options.externalIds.test(id) },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const chunks = outputs.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const gz = (code: string) => gzipSync(code, { level: 9 }).length / 1024;
  // First chunk: the entry and everything it imports statically (what loads before first paint).
  const first = new Set<Rollup.OutputChunk>();
  const visit = (c: Rollup.OutputChunk | undefined) => {
    if (!c || first.has(c)) return;
    first.add(c);
    c.imports.forEach((f) => visit(byName.get(f)));
  };
  chunks.filter((c) => c.isEntry).forEach(visit);
  const hasMermaid = (c: Rollup.OutputChunk) => Object.keys(c.modules).some((id) => /[\\/]mermaid[\\/]/.test(id));
  const modules = chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => ({ id, bytes: m.renderedLength })));
  modules.sort((a, b) => b.bytes - a.bytes);
  const packages: Record<string, number> = {};
  for (const m of modules) packages[packageOf(m.id)] = (packages[packageOf(m.id)] ?? 0) + m.bytes;
  return {
    packages,
    name: options.name,
    external: options.external,
    totalGzipKB: chunks.reduce((s, c) => s + gz(c.code), 0),
    firstChunkGzipKB: [...first].reduce((s, c) => s + gz(c.code), 0),
    chunks: chunks.length,
    mermaidInFirstChunk: [...first].some(hasMermaid),
    mermaidAnywhere: chunks.some(hasMermaid),
    largestModules: modules.slice(0, 8).map((m) => ({ id: m.id.replace(/^.*node_modules\//, '').slice(0, 90), kB: Math.round(m.bytes / 102.4) / 10 })),
  };
}

const reports: BundleReport[] = [];
const add = async (options: Parameters<typeof bundle>[0]) => {
  const r = await bundle(options);
  reports.push(r);
  console.log(`${r.name}: ${r.totalGzipKB.toFixed(1)} KB gz total, first chunk ${r.firstChunkGzipKB.toFixed(1)} KB gz${r.mermaidInFirstChunk ? ' — MERMAID IN FIRST CHUNK' : ''}`);
};

await add({
  name: 'headless: @x/agent-react',
  external: HEADLESS_EXTERNAL.join(', '),
  lib: path.join(here, 'entries', 'headless.ts'),
  externalIds: pkgRegex(HEADLESS_EXTERNAL),
});
await add({
  name: 'AgentChat entry',
  external: 'react, react-dom, antd',
  lib: path.join(here, 'entries', 'agent-chat.ts'),
  externalIds: pkgRegex([...REACT, 'antd']),
});
await add({
  name: 'AgentChat entry, kit layer only',
  external: 'every non-@x package',
  lib: path.join(here, 'entries', 'agent-chat.ts'),
  externalIds: ALL_THIRD_PARTY,
});
for (const page of ['ours', 'baseline', 'peer']) {
  await add({ name: `page: ${page}`, external: 'react, react-dom', root: path.join(apps, page), externalIds: pkgRegex(REACT) });
}

const get = (name: string) => reports.find((r) => r.name === name) as BundleReport;
const ours = get('page: ours');
const baseline = get('page: baseline');
const headless = get('headless: @x/agent-react');
const kitLayer = get('AgentChat entry, kit layer only');
const ok = (met: boolean) => (met ? '✅ met' : '❌ not met');
const mermaidFailures = reports.filter((r) => r.mermaidInFirstChunk);

const md = [
  '# Bundle report',
  '',
  `${new Date().toISOString()} · Vite 8 production builds, minified, gzip -9 per chunk`,
  '',
  '| bundle | external | total gz (KB) | first chunk gz (KB) | chunks | mermaid in first chunk |',
  '|---|---|---|---|---|---|',
  ...reports.map(
    (r) =>
      `| ${r.name} | ${r.external} | ${r.totalGzipKB.toFixed(1)} | ${r.firstChunkGzipKB.toFixed(1)} | ${r.chunks} | ${r.mermaidInFirstChunk ? '❌ yes' : r.mermaidAnywhere ? 'no (lazy chunk)' : 'no'} |`,
  ),
  '',
  '| target (§5.8) | value | |',
  '|---|---|---|',
  `| full chat page, react external: ours / baseline ≤ 1.05 | ${(ours.totalGzipKB / baseline.totalGzipKB).toFixed(2)} (first chunk ${(ours.firstChunkGzipKB / baseline.firstChunkGzipKB).toFixed(2)}) | ${ok(ours.totalGzipKB / baseline.totalGzipKB <= 1.05)} |`,
  `| kit layer of the page ≤ 15 KB gz | ${kitLayer.totalGzipKB.toFixed(1)} KB | ${ok(kitLayer.totalGzipKB <= 15)} |`,
  `| kit hooks ≤ 10 KB gz excl. ai/zod | ${headless.totalGzipKB.toFixed(1)} KB | ${ok(headless.totalGzipKB <= 10)} |`,
  `| no mermaid in a first chunk | ${mermaidFailures.length ? mermaidFailures.map((r) => r.name).join(', ') : 'none'} | ${ok(mermaidFailures.length === 0)} |`,
  '',
  'What the ours page has over the baseline page (minified KB before gzip, by package; top 12 differences):',
  '',
  '| package | ours | baseline | difference |',
  '|---|---|---|---|',
  ...Object.keys({ ...ours.packages, ...baseline.packages })
    .map((p) => ({ p, a: (ours.packages[p] ?? 0) / 1024, b: (baseline.packages[p] ?? 0) / 1024 }))
    .sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b))
    .slice(0, 12)
    .map(({ p, a, b }) => `| ${p} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a - b >= 0 ? '+' : '') + (a - b).toFixed(1)} |`),
  '',
  'Largest modules (minified, before gzip):',
  '',
  ...reports.map((r) => `- ${r.name}: ${r.largestModules.map((m) => `${m.id} ${m.kB} KB`).join(' · ')}`),
  '',
].join('\n');

const resultsDir = path.join(here, '..', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'size.json'), JSON.stringify({ date: new Date().toISOString(), reports }, null, 1));
writeFileSync(path.join(resultsDir, 'size.md'), md);
console.log(`\n${md}`);
if (mermaidFailures.length) {
  console.error(`mermaid is in the first chunk of: ${mermaidFailures.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
