import { expect, it } from 'vitest';
import { bare, builtImports } from './test-utils/dist-imports.js';

// Its size is budgeted in bench/budgets.json ("core: @x/agent-core"), checked by `pnpm test:budgets`.
it('the built package imports no React, no UI kit, no package above it and nothing of `ai` at runtime', async () => {
  const { outsideAgUi, agUi, runtime } = await builtImports(import.meta.dirname);
  // Its declarations take types from `ai`; its JavaScript loads only the protocol: the chat engine,
  // the stream applier and the chunk checks are the kit's own (no `ai`, no zod in a page's bundle).
  for (const specifier of bare(outsideAgUi)) expect(specifier).toMatch(/^(ai|@x\/agent-protocol)(\/|$)/);
  expect(bare(runtime).filter((specifier) => !specifier.startsWith('@x/agent-protocol'))).toEqual([]);
  // `@ag-ui/client` is an optional peer, imported only by the `@x/agent-core/ag-ui` entry (dist/ag-ui/).
  expect(outsideAgUi.filter((specifier) => /(^|\/)ag-ui\//.test(specifier))).toEqual([]);
  for (const specifier of bare(agUi)) expect(specifier).toMatch(/^(ai|@ag-ui\/client|@x\/agent-protocol)(\/|$)/);
});
