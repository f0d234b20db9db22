/**
 * Vite production builds of the contenders, one build per contender into dist/<name>/ (served by
 * the fixture server under /<name>/), plus dist/ours-aa: a byte-identical copy of ours under another
 * name, the A/A noise control. Same React (deduped) and the same `ai` for all, and the same build:
 * each app is built as the kit's README recommends for a Vite app (`compileHints()`: React DOM in a
 * chunk with V8's compile hint), the baseline and the peer too, so the ratios compare the libraries,
 * not their builds.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { compileHints } from '@x/agent-ui/vite';
import { build } from 'vite';

export const CONTENDERS = ['baseline', 'peer', 'ours'] as const;
const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * `diag`: unminified builds into dist/<name>-diag (component names survive, for the diagnostic
 * lane's renders-per-component table); never used for measured reps. `names`: only these (a run
 * with `--contenders=` builds what it runs).
 */
export async function buildContenders(
  log: (line: string) => void = console.log,
  diag = false,
  names: readonly (typeof CONTENDERS)[number][] = CONTENDERS,
): Promise<void> {
  const suffix = diag ? '-diag' : '';
  for (const name of names) {
    const started = Date.now();
    await build({
      root: path.join(here, 'apps', name),
      base: './',
      mode: 'production',
      logLevel: 'warn',
      configFile: false,
      plugins: [react(), compileHints()],
      resolve: { dedupe: ['react', 'react-dom', 'ai', '@ai-sdk/react'] },
      build: {
        outDir: path.join(here, 'dist', name + suffix),
        minify: !diag,
        emptyOutDir: true,
        reportCompressedSize: false,
        chunkSizeWarningLimit: 10_000,
      },
    });
    log(`built ${name}${suffix} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (diag || !names.includes('ours')) return;
  rmSync(path.join(here, 'dist', 'ours-aa'), { recursive: true, force: true });
  cpSync(path.join(here, 'dist', 'ours'), path.join(here, 'dist', 'ours-aa'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildContenders();
