/**
 * The table a package's README opens with: every public entry and every name it exports, values
 * apart from types, generated from the API reports between `<!-- surface:start -->` and
 * `<!-- surface:end -->`. `pnpm api:update` writes it; `pnpm test:surface` fails when it is stale.
 */
import fs from 'node:fs';
import path from 'node:path';

const START = '<!-- surface:start -->';
const END = '<!-- surface:end -->';

export interface ReportedEntry {
  name: string;
  /** `@x/<name>` or `@x/<name>/<subpath>`. */
  specifier: string;
  reportFileName: string;
}

/** Values (functions, components, constants, classes) and types a report's entry exports. */
function namesIn(report: string): { values: string[]; types: string[] } {
  const values = new Set<string>();
  const types = new Set<string>();
  for (const match of report.matchAll(/^export (?:declare )?(?:abstract )?(function|const|class|interface|type|enum|namespace) (\w+)/gm)) {
    (match[1] === 'interface' || match[1] === 'type' ? types : values).add(match[2]!);
  }
  // Re-exports of another package's names (`export { AgentUIMessage }`) are listed as types.
  for (const match of report.matchAll(/^export \{ (\w+) \}/gm)) types.add(match[1]!);
  for (const name of values) types.delete(name);
  return { values: [...values].sort(), types: [...types].sort() };
}

/** The generated table of one package's entries. */
export function surfaceTable(root: string, entries: readonly ReportedEntry[]): string {
  const rows = entries.map((entry) => {
    const report = fs.readFileSync(path.join(root, 'packages', entry.name, `${entry.reportFileName}.api.md`), 'utf8');
    const { values, types } = namesIn(report);
    const list = (names: string[]) => (names.length ? names.map((n) => `\`${n}\``).join(', ') : '—');
    return `| \`${entry.specifier}\` | ${list(values)} | ${list(types)} |`;
  });
  return [
    START,
    '<!-- generated from the API reports by `pnpm api:update`; do not edit by hand -->',
    '',
    '| Entry | Values | Types |',
    '| --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
}

/** Writes (update) or checks the README's table; returns a problem, or undefined when it is current. */
export function syncReadmeSurface(root: string, name: string, entries: readonly ReportedEntry[], update: boolean): string | undefined {
  const file = path.join(root, 'packages', name, 'README.md');
  const readme = fs.readFileSync(file, 'utf8');
  const table = surfaceTable(root, entries);
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return `packages/${name}/README.md has no ${START} … ${END} block (put it under the first paragraph)`;
  const next = readme.slice(0, start) + table + readme.slice(end + END.length);
  if (next === readme) return undefined;
  if (update) {
    fs.writeFileSync(file, next);
    return undefined;
  }
  return `packages/${name}/README.md: its surface table is stale — run \`pnpm api:update\``;
}
