import { expect, it } from 'vitest';
import { bare, builtImports } from '../../agent-core/src/test-utils/dist-imports.js';

// Its size is budgeted in bench/budgets.json ("headless: @x/agent-react"), checked by `pnpm test:budgets`.
it('the built hooks import only React, `ai` and the kit\'s core and protocol (no UI kit: hooks-only apps install none)', async () => {
  const { outsideAgUi, agUi } = await builtImports(import.meta.dirname);
  for (const specifier of bare([...outsideAgUi, ...agUi])) expect(specifier).toMatch(/^(react|ai|@x\/agent-core|@x\/agent-protocol)(\/|$)/);
  // The AG-UI transport (optional peer `@ag-ui/client`) is only behind the `@x/agent-react/ag-ui` entry.
  expect(outsideAgUi.filter((specifier) => /(^|\/)ag-ui(\/|$)/.test(specifier))).toEqual([]);
});
