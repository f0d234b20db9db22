/**
 * Diagnostic probe (not a check): what a bundle of measure.ts would weigh without some of the kit's
 * modules — each named module of `@x/agent-core` replaced by a stub that exports the same names as
 * empty functions (the bundle still builds; the code that calls them is measured as it is). An
 * upper bound on what moving those features out of the bundle (an opt-in entry, as `resume`) could
 * save: `node bench/size/probe-without.ts 'headless: useAgentChat alone' queue,queue-edits,queue-hold`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { BUNDLES, bundle } from './measure.ts';

const [name, list = ''] = process.argv.slice(2);
const options = BUNDLES.find((b) => b.name === name);
if (!options) throw new Error(`no bundle "${name}": ${BUNDLES.map((b) => b.name).join(', ')}`);
const stubbed = new Set(list.split(',').filter(Boolean));
const dist = path.resolve(import.meta.dirname, '../../packages/agent-core/dist');

/** The stub of a dist module: its exported names as empty functions. */
function stubOf(file: string): string {
  const code = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of code.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)) names.add(m[1]!);
  for (const m of code.matchAll(/^export \{([^}]*)\}/gm)) for (const item of m[1]!.split(',')) names.add(item.trim().split(/\s+as\s+/).pop()!);
  return [...names].filter(Boolean).map((n) => `export function ${n}() {}`).join('\n');
}

const stubs: Plugin = {
  name: 'stub-kit-modules',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0]!;
    if (path.dirname(file) !== dist) return null;
    return stubbed.has(path.basename(file, '.js')) ? stubOf(file) : null;
  },
};

const before = await bundle(options);
const after = await bundle({ ...options, plugins: [stubs] });
console.log(`${name}: first load ${before.firstChunkGzipKB.toFixed(2)} KB gz; without ${[...stubbed].join(', ')}: ${after.firstChunkGzipKB.toFixed(2)} KB gz (−${(before.firstChunkGzipKB - after.firstChunkGzipKB).toFixed(2)})`);
