/**
 * Diagnostic probe (not a check): measures the named bundles of measure.ts as `pnpm bench:size` does
 * and prints each one's first load, its chunks and what it loads on demand; `--modules` also lists
 * its kit modules in the first load, each minified and gzipped on its own, largest first (`--chunks`
 * prints every chunk with its largest packages).
 * `node bench/size/probe-bundle.ts 'headless: useAgentChat alone' --modules`
 */
import { BUNDLES, bundle } from './measure.ts';

const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
for (const name of names) {
  const options = BUNDLES.find((b) => b.name === name);
  if (!options) throw new Error(`no bundle "${name}": ${BUNDLES.map((b) => b.name).join(', ')}`);
  const r = await bundle(options);
  console.log(`${name}: first load ${r.firstChunkGzipKB.toFixed(2)} KB gz in ${r.firstLoadChunks} chunk(s), on demand ${(r.totalGzipKB - r.firstChunkGzipKB).toFixed(1)} KB gz`);
  if (!process.argv.includes('--modules')) continue;
  for (const m of r.kitModules) console.log(`  ${m.gzKB.toFixed(2).padStart(6)} KB gz  ${m.minKB.toFixed(2).padStart(6)} KB min  ${m.id}`);
  console.log(`  sum ${r.kitModules.reduce((s, m) => s + m.gzKB, 0).toFixed(1)} KB gz (each module on its own)`);
}
