import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every module specifier the built files (`.js`, `.d.ts`) of a package's `dist/` import. */
export async function distImports(distDir: string): Promise<{ file: string; specifier: string }[]> {
  const out: { file: string; specifier: string }[] = [];
  for (const file of await readdir(distDir, { recursive: true })) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const text = await readFile(path.join(distDir, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) out.push({ file, specifier: match[1]! });
  }
  return out;
}
