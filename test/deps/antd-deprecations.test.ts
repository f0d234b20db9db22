// antd 6 deprecates `List` (use `Listy`, or plain markup): it logs a deprecation warning on every
// page load in development. Neither the kit nor its examples render it (issue 35: the playground's
// write log did).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const sources = execFileSync('git', ['ls-files', 'packages/*/src/**', 'examples/**', 'stories/**'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

/** The names a file imports from `antd` (its root entry). */
function antdImports(text: string): string[] {
  return [...text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]antd['"]/g)].flatMap((match) =>
    match[1]!.split(',').map((name) => name.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!),
  );
}

describe("antd's deprecated components", () => {
  it('reads the imports it checks', () => {
    expect(antdImports("import { Button, List as L, type MenuProps } from 'antd';")).toEqual(['Button', 'List', 'MenuProps']);
  });

  it('no source renders antd List', () => {
    const users = sources.filter((file) => antdImports(readFileSync(join(root, file), 'utf8')).includes('List'));
    expect(users).toEqual([]);
  });
});
