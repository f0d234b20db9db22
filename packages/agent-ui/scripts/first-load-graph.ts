/**
 * The kit's module graph of a first load (which of the kit's modules load before the first paint,
 * which behind `import()`), from a Vite build's output; and a cache of it, so one run of `pnpm test`
 * builds the AgentChat bundle once: the budgets stage (`pnpm bench:size --check`) writes the graphs
 * of the bundles it builds, and `src/first-load.test.ts` reads them when they were built from the
 * `dist/` that is there now (else it builds with scripts/first-load.ts).
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Rollup } from 'vite';
import { firstLoadChunks } from './first-load-chunks.ts';

/** The packages folder: module ids are given relative to it, without `/dist/` (`agent-ui/chat/agent-chat.js`). */
const packages = path.resolve(import.meta.dirname, '../..');
const cacheFile = path.resolve(packages, '..', 'node_modules/.cache/x-agent-kit/first-load.json');

export interface FirstLoadGraph {
  /** The kit's modules in the chunks loaded before the first paint (`agent-ui/chat/agent-chat.js`…). */
  firstLoad: string[];
  /** The kit's modules in the chunks behind `import()`. */
  onDemand: string[];
}

/** The graphs measured: an app's import of `names` from the built `module`, e.g. `agent-ui/dist/index.js AgentChat`. */
export const firstLoadKey = (module: string, names: string) => `${module} ${names}`;

export function kitModuleGraph(output: Rollup.RollupOutput | Rollup.RollupOutput[]): FirstLoadGraph {
  const { first, lazy } = firstLoadChunks(output);
  const kitModules = (list: Iterable<Rollup.OutputChunk>) =>
    [...list]
      .flatMap((c) => Object.keys(c.modules))
      .filter((id) => id.startsWith(packages + path.sep))
      .map((id) => path.relative(packages, id).replace('/dist/', '/'))
      .sort();
  return { firstLoad: kitModules(first), onDemand: kitModules(lazy) };
}

/** The newest modification time of the kit's built files (agent-ui, agent-react, agent-core): a graph from an older build is stale. */
export function distFingerprint(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else newest = Math.max(newest, statSync(file).mtimeMs);
    }
  };
  for (const name of ['agent-ui', 'agent-react', 'agent-core', 'agent-protocol']) walk(path.join(packages, name, 'dist'));
  return newest;
}

interface Cache {
  dist: number;
  graphs: Record<string, FirstLoadGraph>;
}

/** Records graphs built from the `dist/` there now (merged with those already recorded for it). */
export function writeCachedGraphs(graphs: Record<string, FirstLoadGraph>): void {
  const dist = distFingerprint();
  const earlier = readCache();
  const cache: Cache = { dist, graphs: { ...(earlier?.dist === dist ? earlier.graphs : {}), ...graphs } };
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(cache));
}

/** The graph recorded for `key` from the `dist/` there now; undefined if none or from another build. */
export function readCachedGraph(key: string): FirstLoadGraph | undefined {
  const cache = readCache();
  return cache?.dist === distFingerprint() ? cache.graphs[key] : undefined;
}

function readCache(): Cache | undefined {
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as Cache;
  } catch {
    return undefined;
  }
}
