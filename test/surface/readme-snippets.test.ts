// Every ```ts / ```tsx snippet of the READMEs compiles (issue 23), against the built packages
// (`pnpm build` first). A fragment opts out with a first line `// @readme: skip …`; what snippets use
// from the app is declared in test/readme/readme-globals.d.ts and readme-modules.d.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSnippets } from '../readme/snippets.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('README snippets', () => {
  it('typecheck, each as a module of its own', () => {
    const { count, errors } = compileSnippets(root);
    expect(count).toBeGreaterThan(15);
    expect(errors).toEqual([]);
  }, 120_000);
});
