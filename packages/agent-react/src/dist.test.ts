import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const packageDir = path.resolve(import.meta.dirname, '..');
const distDir = path.join(packageDir, 'dist');

/** Every module specifier the built files import. */
async function distImports(): Promise<{ file: string; specifier: string }[]> {
  const out: { file: string; specifier: string }[] = [];
  for (const file of await readdir(distDir, { recursive: true })) {
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const text = await readFile(path.join(distDir, file), 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) out.push({ file, specifier: match[1]! });
  }
  return out;
}

describe('the built package', () => {
  beforeAll(() => {
    // Fails (never skips) without a build: `pnpm test` builds first.
    if (!existsSync(path.join(distDir, 'index.js'))) throw new Error(`${distDir}/index.js is missing: run \`pnpm build\` before this test`);
  });

  it('imports no antd or @ant-design module (hooks-only apps install no UI kit)', async () => {
    const imports = await distImports();
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter(({ specifier }) => /^(antd|@ant-design)(\/|$)/.test(specifier))).toEqual([]);
    // `@ag-ui/client` is an optional peer, imported only by the `@x/agent-react/ag-ui` entry (dist/ag-ui/).
    const outsideAgUi = imports.filter(({ file }) => !file.startsWith(`ag-ui${path.sep}`));
    const bare = new Set(outsideAgUi.map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    // `eventsource-parser` decodes the stream; `@ai-sdk/provider-utils` (installed with `ai`) guards its JSON.
    for (const specifier of bare) expect(specifier).toMatch(/^(react|ai|@ai-sdk\/provider-utils|eventsource-parser|zustand|@x\/agent-protocol)(\/|$)/);
    expect(outsideAgUi.filter(({ specifier }) => /(^|\/)ag-ui\//.test(specifier))).toEqual([]);
    const agUiBare = new Set(imports.filter(({ file }) => file.startsWith(`ag-ui${path.sep}`)).map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    for (const specifier of agUiBare) expect(specifier).toMatch(/^(ai|@ag-ui\/client|@x\/agent-protocol)(\/|$)/);
  });
  // Its size is budgeted in bench/budgets.json ("headless: @x/agent-react"), checked by
  // `pnpm bench:size --check` in `pnpm test`.
});
