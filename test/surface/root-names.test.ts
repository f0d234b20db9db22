// The four root entries together export at most 220 names (issue 23): what most apps need is at the
// root, the rest is in subpath entries (`@x/agent-server/store`, `@x/agent-react/conversations`, …).
// Counted in the API reports, re-exports included.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const MAX_ROOT_NAMES = 220;

it(`the root entries of the four packages export at most ${MAX_ROOT_NAMES} names`, async () => {
  const counts: Record<string, number> = {};
  for (const name of SURFACE_PACKAGES) {
    const report = await readFile(path.join(root, 'packages', name, 'api-report.api.md'), 'utf8');
    counts[name] = report.match(/^export /gm)?.length ?? 0;
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  expect(Object.values(counts).every((n) => n > 0), JSON.stringify(counts)).toBe(true);
  expect(total, `root names per package: ${JSON.stringify(counts)}`).toBeLessThanOrEqual(MAX_ROOT_NAMES);
});
