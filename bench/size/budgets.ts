/**
 * `pnpm bench:size --check` (run by `pnpm test`): measures the bundles that have a size budget in
 * bench/budgets.json (the same measurement as the report, measure.ts) and fails if one is over.
 * The file's `counters` (DOM nodes, commits per published frame, renders per keystroke) are checked by
 * packages/agent-ui/src/chat/render-budgets.test.tsx in `pnpm test:unit`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstLoadKey, kitModuleGraph, writeCachedGraphs, type FirstLoadGraph } from '../../packages/agent-ui/scripts/first-load-graph.ts';
import { BUNDLES, bundle } from './measure.ts';

/**
 * The budgeted bundles whose kit module graph packages/agent-ui/src/first-load.test.ts checks: the
 * check records them (first-load-graph.ts), so `pnpm test` builds each bundle once. Every third-party
 * package is external in the kit layer's bundle, as in the test's own build (scripts/first-load.ts);
 * in `useAgentChat alone` only the hooks' peers are, which leaves the kit's modules where they are.
 */
const GRAPHS: Record<string, string> = {
  'AgentChat entry, kit layer only': firstLoadKey('agent-ui/dist/index.js', 'AgentChat'),
  'headless: useAgentChat alone': firstLoadKey('agent-react/dist/index.js', 'useAgentChat'),
};

export interface SizeBudget {
  /** gzip KB of the entry chunks and their static imports. */
  firstLoadGzipKB: number;
  /** gzip KB of every chunk, those behind `import()` included. */
  totalGzipKB: number;
  /** gzip KB of the stylesheets the first load links (a page's imported `.css`), if budgeted. */
  firstLoadCssGzipKB?: number;
}

export interface Budgets {
  /** By bundle name (measure.ts BUNDLES). */
  size: Record<string, SizeBudget>;
  counters: Record<string, number>;
}

export const budgetsFile = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'budgets.json');

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(budgetsFile, 'utf8')) as Budgets;
}

/** Measures every budgeted bundle; prints one line each; returns the exit code (1 if one is over). */
export async function checkBudgets(): Promise<number> {
  const { size } = readBudgets();
  let failures = 0;
  const graphs: Record<string, FirstLoadGraph> = {};
  for (const [name, budget] of Object.entries(size)) {
    const options = BUNDLES.find((b) => b.name === name);
    if (!options) {
      console.error(`✗ ${name}: no such bundle in bench/size/measure.ts (${BUNDLES.map((b) => b.name).join(', ')})`);
      failures += 1;
      continue;
    }
    const graphKey = GRAPHS[name];
    const r = await bundle(options, graphKey ? (output) => (graphs[graphKey] = kitModuleGraph(output)) : undefined);
    const over = [
      ['first load', r.firstChunkGzipKB, budget.firstLoadGzipKB],
      ['total', r.totalGzipKB, budget.totalGzipKB],
      ...(budget.firstLoadCssGzipKB === undefined ? [] : [['first-load stylesheets', r.firstLoadCssGzipKB, budget.firstLoadCssGzipKB]]),
    ].filter(([, value, max]) => (value as number) > (max as number));
    const css = budget.firstLoadCssGzipKB === undefined ? '' : `, first-load stylesheets ${r.firstLoadCssGzipKB.toFixed(2)} / ${budget.firstLoadCssGzipKB} KB gz`;
    const line = `${name}: first load ${r.firstChunkGzipKB.toFixed(2)} / ${budget.firstLoadGzipKB} KB gz, total ${r.totalGzipKB.toFixed(2)} / ${budget.totalGzipKB} KB gz${css}`;
    if (over.length || r.mermaidInFirstChunk) {
      failures += 1;
      console.error(`✗ ${line}${over.length ? ` — over budget: ${over.map(([what]) => what).join(', ')}` : ''}${r.mermaidInFirstChunk ? ' — mermaid in the first load' : ''}`);
    } else console.log(`✓ ${line}`);
  }
  writeCachedGraphs(graphs);
  if (failures) console.error(`${failures} bundle(s) over their budget in bench/budgets.json. A deliberate increase: raise the budget in the same commit and say why.`);
  return failures ? 1 : 0;
}
