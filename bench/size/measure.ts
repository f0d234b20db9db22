/**
 * The bundle measurement shared by `pnpm bench:size` (the report, run.ts) and `pnpm bench:size --check`
 * (the budgets in bench/budgets.json, checked in `pnpm test`): Vite production builds, minified, gzip
 * level 9 per chunk, split into the first load and the chunks loaded on demand.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { minifySync } from 'rolldown/utils';
import { build, type PluginOption, type Rollup } from 'vite';
import { firstLoadChunks } from '../../packages/agent-ui/scripts/first-load-chunks.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const apps = path.join(here, '..', 'render', 'apps');

export const pkgRegex = (names: string[]) => new RegExp(`^(${names.map((n) => n.replace(/[/.]/g, '\\$&')).join('|')})(/.*)?$`);
export const REACT = ['react', 'react-dom', 'react/jsx-runtime'];
// `@ai-sdk/provider-utils` comes with `ai` (its own dependency): an app has it already.
export const HEADLESS_EXTERNAL = [...REACT, 'ai', '@ai-sdk/provider-utils', '@ai-sdk/react', 'zod', 'zustand'];
export const ALL_THIRD_PARTY = /^(?!@x\/)(@[^/]+\/[^/]+|[^./][^/]*)(\/.*)?$/;
export const KIT_PACKAGES = ['@x/agent-ui', '@x/agent-react', '@x/agent-core'];

/**
 * Minified KB and gzip KB of one package's code in one load, on its own: the package's modules as
 * rendered in the bundle, minified together (oxc, as Vite does) and gzipped together.
 */
export interface PackageSize {
  minKB: number;
  gzKB: number;
}

export interface BundleReport {
  name: string;
  external: string;
  totalGzipKB: number;
  /** Entry chunks and their static imports: what loads before the first paint. */
  firstChunkGzipKB: number;
  /**
   * gzip KB of the stylesheets the first-load chunks bring (a page's imported `.css`, which Vite
   * links in its HTML: it loads before the first paint too). Not in `firstChunkGzipKB`.
   */
  firstLoadCssGzipKB: number;
  /** gzip KB of every stylesheet of the build. Not in `totalGzipKB`. */
  totalCssGzipKB: number;
  /** The same code gzipped as one file: the difference is what the chunk boundaries cost in compression. */
  firstLoadAsOneFileGzipKB: number;
  chunks: number;
  firstLoadChunks: number;
  mermaidInFirstChunk: boolean;
  mermaidAnywhere: boolean;
  largestModules: Array<{ id: string; kB: number; lazy: boolean }>;
  /** Per package in the first load. */
  firstLoadPackages: Record<string, PackageSize>;
  /** Per package in the chunks loaded on demand. */
  lazyPackages: Record<string, PackageSize>;
  /** Per module of the kit's packages in the first load (each minified and gzipped on its own). */
  kitModules: Array<{ id: string } & PackageSize>;
}

/** The package a module id belongs to (`@scope/name`, `name`, or `@x/…` for workspace packages). */
export function packageOf(id: string): string {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? id);
  }
  const ws = /\/(packages|bench)\/([^/]+)\//.exec(id);
  if (ws) return `@x/${ws[2]}`;
  return id.replace(/^\0/, '').split('/')[0] ?? id;
}

export const gz = (code: string) => gzipSync(code, { level: 9 }).length / 1024;

export function sizesByPackage(chunks: Iterable<Rollup.OutputChunk>): Record<string, PackageSize> {
  const code = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const pkg = packageOf(id);
      const list = code.get(pkg) ?? [];
      list.push(module.code ?? '');
      code.set(pkg, list);
    }
  }
  const out: Record<string, PackageSize> = {};
  for (const [pkg, parts] of code) {
    const text = minifySync(`${pkg.replace(/\W/g, '_')}.js`, parts.join('\n'), { compress: {}, mangle: { toplevel: true } }).code;
    out[pkg] = { minKB: text.length / 1024, gzKB: gz(text) };
  }
  return out;
}

export interface BundleOptions {
  name: string;
  external: string;
  lib?: string;
  root?: string;
  externalIds: RegExp;
  /** More Vite plugins (diagnostic probes: probe-without.ts stands modules in with stubs). */
  plugins?: PluginOption[];
}

/** Builds and measures one bundle; `onOutput` also gets the build's output (the budget check reads the kit's module graph from it). */
export async function bundle(options: BundleOptions, onOutput?: (output: Rollup.RollupOutput | Rollup.RollupOutput[]) => void): Promise<BundleReport> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    root: options.root ?? here,
    base: './',
    plugins: [react(), ...(options.plugins ?? [])],
    resolve: { dedupe: ['react', 'react-dom'] },
    build: {
      write: false,
      minify: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      // A library entry is built as an app whose entry keeps its exports (not in lib mode: Vite does
      // not minify whitespace in lib mode's ES output), so every bundle is minified the same way. Its
      // entry chunk may export more than the entry (`allow-extension`), as an app's entry chunk does:
      // with `strict`, the modules it shares with its `import()` chunks became first-load chunks of
      // their own (six for the AgentChat entry, where the app page has two), costing gzip context.
      rollupOptions: {
        external: (id: string) => options.externalIds.test(id),
        ...(options.lib ? { input: options.lib, preserveEntrySignatures: 'allow-extension' as const } : {}),
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  onOutput?.(output);
  // First load: the entries and everything they import statically (what loads before first paint).
  const { chunks, first, lazy } = firstLoadChunks(output);
  if (process.argv.includes('--chunks')) {
    console.log(`\n${options.name}:`);
    for (const c of chunks) {
      const top = Object.entries(sizesByPackage([c])).sort((a, b) => b[1].gzKB - a[1].gzKB).slice(0, 4);
      console.log(`  ${first.has(c) ? 'first' : 'lazy '} ${gz(c.code).toFixed(1).padStart(6)} KB  ${c.fileName}  ${top.map(([p, s]) => `${p} ${s.gzKB.toFixed(1)}`).join(' · ')}`);
    }
  }
  // The stylesheets: Vite records the CSS a chunk imports on the chunk (`viteMetadata.importedCss`).
  const assets = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o): o is Rollup.OutputAsset => o.type === 'asset');
  const cssKB = (fileName: string) => {
    const source = assets.find((a) => a.fileName === fileName)?.source;
    return source === undefined ? 0 : gz(typeof source === 'string' ? source : Buffer.from(source).toString('utf8'));
  };
  const cssOf = (list: Iterable<Rollup.OutputChunk>) => new Set([...list].flatMap((c) => [...((c as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]));
  const hasMermaid = (c: Rollup.OutputChunk) => Object.keys(c.modules).some((id) => /[\\/]mermaid[\\/]/.test(id));
  const modules = chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => ({ id, bytes: m.renderedLength, lazy: !first.has(c) })));
  modules.sort((a, b) => b.bytes - a.bytes);
  return {
    name: options.name,
    external: options.external,
    totalGzipKB: chunks.reduce((s, c) => s + gz(c.code), 0),
    firstChunkGzipKB: [...first].reduce((s, c) => s + gz(c.code), 0),
    firstLoadCssGzipKB: [...cssOf(first)].reduce((sum, name) => sum + cssKB(name), 0),
    totalCssGzipKB: assets.filter((a) => a.fileName.endsWith('.css')).reduce((sum, a) => sum + cssKB(a.fileName), 0),
    firstLoadAsOneFileGzipKB: gz([...first].map((c) => c.code).join('\n')),
    chunks: chunks.length,
    firstLoadChunks: first.size,
    mermaidInFirstChunk: [...first].some(hasMermaid),
    mermaidAnywhere: chunks.some(hasMermaid),
    largestModules: modules
      .slice(0, 10)
      .map((m) => ({ id: m.id.replace(/^.*node_modules\//, '').replace(/^.*\/work\/main\//, '').slice(0, 90), kB: Math.round(m.bytes / 102.4) / 10, lazy: m.lazy })),
    firstLoadPackages: sizesByPackage(first),
    kitModules: [...first]
      .flatMap((c) => Object.entries(c.modules))
      .filter(([id]) => KIT_PACKAGES.includes(packageOf(id)))
      .map(([id, m]) => {
        const text = minifySync('module.js', m.code ?? '', { compress: {}, mangle: { toplevel: true } }).code;
        return { id: id.replace(/^.*\/packages\//, ''), minKB: text.length / 1024, gzKB: gz(text) };
      })
      .sort((a, b) => b.gzKB - a.gzKB),
    lazyPackages: sizesByPackage(lazy),
  };
}


/** The plug-ins of `@x/agent-ui/plugins/*`, each measured on top of AgentChat. */
export const PLUGINS = ['queue', 'attachments', 'dictation', 'branches', 'resume', 'live', 'a2ui', 'mcp-apps'] as const;

/** The measured bundles, by name: the report measures them all, the budget check those it has a budget for. */
export const BUNDLES: BundleOptions[] = [
  {
    name: 'core: @x/agent-core',
    external: HEADLESS_EXTERNAL.join(', '),
    lib: path.join(here, 'entries', 'core.ts'),
    externalIds: pkgRegex(HEADLESS_EXTERNAL),
  },
  {
    name: 'headless: @x/agent-react',
    external: HEADLESS_EXTERNAL.join(', '),
    lib: path.join(here, 'entries', 'headless.ts'),
    externalIds: pkgRegex(HEADLESS_EXTERNAL),
  },
  {
    name: 'headless: useAgentChat alone',
    external: HEADLESS_EXTERNAL.join(', '),
    lib: path.join(here, 'entries', 'use-agent-chat.ts'),
    externalIds: pkgRegex(HEADLESS_EXTERNAL),
  },
  {
    // The same hook with everything it loads bundled (React apart): what an app that has no `ai` of
    // its own pays for it (the kit's engine stands where `ai` and zod stood until session 27).
    name: 'headless: useAgentChat alone, with its dependencies',
    external: REACT.join(', '),
    lib: path.join(here, 'entries', 'use-agent-chat.ts'),
    externalIds: pkgRegex(REACT),
  },
  {
    name: 'AgentChat entry',
    external: 'react, react-dom, antd',
    lib: path.join(here, 'entries', 'agent-chat.ts'),
    externalIds: pkgRegex([...REACT, 'antd']),
  },
  {
    name: 'AgentChat entry, kit layer only',
    external: 'every non-@x package',
    lib: path.join(here, 'entries', 'agent-chat.ts'),
    externalIds: ALL_THIRD_PARTY,
  },
  // AgentChat with one plug-in each (react, react-dom and antd external, as 'AgentChat entry'): a
  // plug-in's cost is its bundle minus AgentChat's (run.ts), its budget is on the bundle.
  ...PLUGINS.map((plugin) => ({
    name: `plug-in: ${plugin}`,
    external: 'react, react-dom, antd',
    lib: path.join(here, 'entries', `plugin-${plugin}.ts`),
    externalIds: pkgRegex([...REACT, 'antd']),
  })),
  ...['ours', 'baseline', 'peer'].map((page) => ({ name: `page: ${page}`, external: 'react, react-dom', root: path.join(apps, page), externalIds: pkgRegex(REACT) })),
];
