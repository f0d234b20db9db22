// Every value a package exports at runtime is documented in its README (issue 13): a new export
// fails here until the README names it. Types are documented by TSDoc in the API reports. The
// root entry and every public subpath entry are checked (`/internal` is for the kit's own packages).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SURFACE_PACKAGES } from '../../scripts/surface/packages.ts';
import { documentedNames } from '../../scripts/surface/readme-names.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The package's entries with a runtime module: `.` and its subpaths, without `/internal`. */
async function entriesOf(name: string): Promise<[string, string][]> {
  const manifest = JSON.parse(await readFile(path.join(root, 'packages', name, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { default?: string }>;
  };
  return Object.entries(manifest.exports)
    .filter(([subpath]) => subpath !== './package.json' && !subpath.endsWith('/internal'))
    .map(([subpath, target]) => [subpath, typeof target === 'string' ? target : (target.default ?? '')]);
}

describe.each(SURFACE_PACKAGES)('@x/%s', (name) => {
  it('documents every runtime export of every public entry in its README', { timeout: 60_000 }, async () => {
    const readme = documentedNames(await readFile(path.join(root, 'packages', name, 'README.md'), 'utf8'));
    const missing: string[] = [];
    for (const [subpath, file] of await entriesOf(name)) {
      // The built entry, as an app imports it (`pnpm build` first).
      const entry = (await import(/* @vite-ignore */ path.join(root, 'packages', name, file))) as Record<string, unknown>;
      missing.push(...Object.keys(entry).filter((key) => !readme.has(key)).map((key) => `${subpath}: ${key}`));
    }
    expect(missing.sort(), `undocumented exports of @x/${name}: document them in its README, or stop exporting them`).toEqual([]);
  });
});
