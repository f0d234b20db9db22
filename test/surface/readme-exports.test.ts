// Every value a package exports at runtime is documented in its README (issue 13): a new export
// fails here until the README names it. Types are documented by TSDoc in the API reports.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';
import { documentedNames } from '../../scripts/surface/readme-names.ts';
import undocumented from './undocumented.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Values a package exported without documenting them when this test was written, per package. The
 * list may only shrink: document a name in the README, then remove it here (the test fails while a
 * listed name is documented or gone, so the list stays true).
 */
const known = undocumented as Record<string, string[]>;

describe.each(SURFACE_PACKAGES)('@x/%s', (name) => {
  it('documents every runtime export in its README', async () => {
    // The built entry, as an app imports it (`pnpm build` first).
    const entry = (await import(/* @vite-ignore */ path.join(root, 'packages', name, 'dist/index.js'))) as Record<string, unknown>;
    const readme = documentedNames(await readFile(path.join(root, 'packages', name, 'README.md'), 'utf8'));
    const missing = Object.keys(entry).filter((key) => !readme.has(key)).sort();
    expect(missing, `undocumented exports of @x/${name} (document them in its README, or list them in test/surface/undocumented.json)`).toEqual(
      [...(known[name] ?? [])].sort(),
    );
  });
});
