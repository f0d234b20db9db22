import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distImports } from '../../agent-core/src/test-utils/dist-imports.js';

const distDir = path.join(path.resolve(import.meta.dirname, '..'), 'dist');

describe('the built package', () => {
  beforeAll(() => {
    // Fails (never skips) without a build: `pnpm test` builds first.
    if (!existsSync(path.join(distDir, 'index.js'))) throw new Error(`${distDir}/index.js is missing: run \`pnpm build\` before this test`);
  });

  it('imports no antd or @ant-design module (hooks-only apps install no UI kit), only React and the core', async () => {
    const imports = await distImports(distDir);
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter(({ specifier }) => /^(antd|@ant-design)(\/|$)/.test(specifier))).toEqual([]);
    // The hooks are a thin layer: React, `ai`'s types and the kit's own core and protocol.
    const bare = new Set(imports.map(({ specifier }) => specifier).filter((s) => !s.startsWith('.')));
    for (const specifier of bare) expect(specifier).toMatch(/^(react|ai|@x\/agent-core|@x\/agent-protocol)(\/|$)/);
    // The AG-UI transport (optional peer `@ag-ui/client`) is only behind the `@x/agent-react/ag-ui` entry.
    const outsideAgUi = imports.filter(({ file }) => !file.startsWith(`ag-ui${path.sep}`));
    expect(outsideAgUi.filter(({ specifier }) => /(^|\/)ag-ui(\/|$)/.test(specifier))).toEqual([]);
  });
  // Its size is budgeted in bench/budgets.json ("headless: @x/agent-react"), checked by
  // `pnpm test:budgets` in `pnpm test`.
});
