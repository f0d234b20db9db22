import { expect, it } from 'vitest';
import { bare, builtImports } from './test-utils/dist-imports.js';

// Its size is budgeted in bench/budgets.json ("core: @x/agent-core"), checked by `pnpm test:budgets`.
it('the built package imports no React, no UI kit and no package above it (framework-free)', async () => {
  const { outsideAgUi, agUi } = await builtImports(import.meta.dirname);
  // The kit decodes SSE itself (sse-data-decoder.ts); `@ai-sdk/provider-utils` (installed with `ai`) guards its JSON.
  for (const specifier of bare(outsideAgUi)) expect(specifier).toMatch(/^(ai|@ai-sdk\/provider-utils|@x\/agent-protocol)(\/|$)/);
  // `@ag-ui/client` is an optional peer, imported only by the `@x/agent-core/ag-ui` entry (dist/ag-ui/).
  expect(outsideAgUi.filter((specifier) => /(^|\/)ag-ui\//.test(specifier))).toEqual([]);
  for (const specifier of bare(agUi)) expect(specifier).toMatch(/^(ai|@ag-ui\/client|@x\/agent-protocol)(\/|$)/);
});
