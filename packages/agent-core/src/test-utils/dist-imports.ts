import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The module specifiers a built package imports: those of its `ag-ui/` entry apart (an optional peer). */
export interface BuiltImports {
  /** Every specifier of the built files outside `dist/ag-ui/` (`.js` and `.d.ts`). */
  outsideAgUi: string[];
  /** Every specifier of the built files in `dist/ag-ui/`. */
  agUi: string[];
  /** The specifiers of the built JavaScript outside `dist/ag-ui/`: what a bundle loads (types are erased). */
  runtime: string[];
}

/** Bare specifiers only (packages, not the package's own files). */
export const bare = (specifiers: readonly string[]) => [...new Set(specifiers.filter((s) => !s.startsWith('.')))];

/**
 * What the built `dist/` beside a package's `src/` (`srcDir`) imports. Fails (never skips) without a
 * build: `pnpm test` builds first.
 */
export async function builtImports(srcDir: string): Promise<BuiltImports> {
  const distDir = path.join(path.resolve(srcDir, '..'), 'dist');
  if (!existsSync(path.join(distDir, 'index.js'))) throw new Error(`${distDir}/index.js is missing: run \`pnpm build\` before this test`);
  const out: BuiltImports = { outsideAgUi: [], agUi: [], runtime: [] };
  for (const file of await readdir(distDir, { recursive: true })) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const text = await readFile(path.join(distDir, file), 'utf8');
    const into = file.startsWith(`ag-ui${path.sep}`) ? out.agUi : out.outsideAgUi;
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      into.push(match[1]!);
      if (into === out.outsideAgUi && file.endsWith('.js')) out.runtime.push(match[1]!);
    }
  }
  if (out.outsideAgUi.length <= 10) throw new Error(`${distDir}: too few imports found — is the build complete?`);
  return out;
}
