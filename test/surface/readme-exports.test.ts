// Every value a package exports at runtime is documented in its README (issue 13): a new export
// fails here until the README names it. Types are documented by TSDoc in the API reports.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';
import { documentedNames } from '../../scripts/surface/readme-names.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe.each(SURFACE_PACKAGES)('@x/%s', (name) => {
  it('documents every runtime export in its README', async () => {
    // The built entry, as an app imports it (`pnpm build` first).
    const entry = (await import(/* @vite-ignore */ path.join(root, 'packages', name, 'dist/index.js'))) as Record<string, unknown>;
    const readme = documentedNames(await readFile(path.join(root, 'packages', name, 'README.md'), 'utf8'));
    const missing = Object.keys(entry).filter((key) => !readme.has(key)).sort();
    expect(missing, `undocumented exports of @x/${name}: document them in its README, or stop exporting them`).toEqual([]);
  });
});
