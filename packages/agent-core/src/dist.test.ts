import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distImports } from './test-utils/dist-imports.js';

const distDir = path.join(path.resolve(import.meta.dirname, '..'), 'dist');

describe('the built package', () => {
  beforeAll(() => {
    // Fails (never skips) without a build: `pnpm test` builds first.
    if (!existsSync(path.join(distDir, 'index.js'))) throw new Error(`${distDir}/index.js is missing: run \`pnpm build\` before this test`);
  });

  it('imports no React, no UI kit and no package above it (framework-free)', async () => {
    const imports = await distImports(distDir);
    expect(imports.length).toBeGreaterThan(10);
    // `@ag-ui/client` is an optional peer, imported only by the `@x/agent-core/ag-ui` entry (dist/ag-ui/).
    const outsideAgUi = imports.filter(({ file }) => !file.startsWith(`ag-ui${path.sep}`));
    const bare = new Set(outsideAgUi.map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    // `eventsource-parser` decodes the stream; `@ai-sdk/provider-utils` (installed with `ai`) guards its JSON.
    for (const specifier of bare) expect(specifier).toMatch(/^(ai|@ai-sdk\/provider-utils|eventsource-parser|@x\/agent-protocol)(\/|$)/);
    expect(outsideAgUi.filter(({ specifier }) => /(^|\/)ag-ui\//.test(specifier))).toEqual([]);
    const agUiBare = new Set(imports.filter(({ file }) => file.startsWith(`ag-ui${path.sep}`)).map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    for (const specifier of agUiBare) expect(specifier).toMatch(/^(ai|@ag-ui\/client|@x\/agent-protocol)(\/|$)/);
  });
  // Its size is budgeted in bench/budgets.json ("core: @x/agent-core"), checked by
  // `pnpm test:budgets` in `pnpm test`.
});
