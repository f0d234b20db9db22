/**
 * API reports (API Extractor) of every published package: `packages/<name>/api-report.api.md`.
 *
 *   node scripts/surface/api-report.ts          compare (fails when the surface changed: run api:update)
 *   node scripts/surface/api-report.ts --update regenerate the checked-in reports (`pnpm api:update`)
 *
 * Needs `pnpm build` first (reads `dist/*.d.ts`). Every public entry of the package's exports map is
 * reported: the root in `api-report.api.md`, a subpath in `api-report-<subpath>.api.md`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor';
import { SURFACE_PACKAGES } from './packages.ts';
import { syncReadmeSurface } from './readme-surface.ts';

const root = path.resolve(import.meta.dirname, '../..');
const update = process.argv.includes('--update');

/**
 * Every public entry of every package gets a report: `.` → `api-report.api.md`, a subpath `./x/y` →
 * `api-report-x-y.api.md`. `/internal` entries are for the kit's own packages and are not reported.
 */
function entriesOf(name: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.entries(manifest.exports)
    .filter(([subpath, target]) => subpath !== './package.json' && !subpath.endsWith('/internal') && typeof target === 'object' && target.types)
    .map(([subpath, target]) => {
      const dts = (target as { types: string }).types.replace(/^\.\/dist\//, '');
      const sub = subpath.replace(/^\.\/?/, '');
      return sub
        ? { name, label: `${name}/${sub}`, specifier: `@x/${name}/${sub}`, dts, reportFileName: `api-report-${sub.replaceAll('/', '-')}` }
        : { name, label: name, specifier: `@x/${name}`, dts, reportFileName: 'api-report' };
    });
}

const entries = SURFACE_PACKAGES.flatMap(entriesOf);

/** The names each report of a package exports (read from the checked-in reports). */
function exportedNames(reportPath: string): Set<string> {
  if (!fs.existsSync(reportPath)) return new Set();
  const report = fs.readFileSync(reportPath, 'utf8');
  return new Set(Array.from(report.matchAll(/^export (?:declare )?(?:abstract )?(?:function|const|class|interface|type|enum|namespace) (\w+)/gm), (match) => match[1]!));
}
/** Whether another public entry of the package exports `symbol` (so its report documents it). */
function exportedElsewhere(name: string, reportFileName: string, symbol: string): boolean {
  return entries.some((entry) => entry.name === name && entry.reportFileName !== reportFileName
    && exportedNames(path.join(root, 'packages', name, `${entry.reportFileName}.api.md`)).has(symbol));
}

/** Runs API Extractor on one entry; true when its report matches (or was updated). */
function report({ name, label, dts, reportFileName }: (typeof entries)[number], pass: 1 | 2): boolean {
  const projectFolder = path.join(root, 'packages', name);
  const configObject: IConfigFile = {
    projectFolder,
    mainEntryPointFilePath: `<projectFolder>/dist/${dts}`,
    bundledPackages: [],
    compiler: { tsconfigFilePath: '<projectFolder>/tsconfig.json' },
    apiReport: { enabled: true, reportFolder: '<projectFolder>/', reportTempFolder: path.join(root, 'node_modules/.cache/api-extractor', label), reportFileName },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.None },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
        'ae-forgotten-export': { logLevel: ExtractorLogLevel.Error, addToApiReportFile: false },
      },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
    },
  };
  const config = ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: path.join(projectFolder, 'api-extractor.json'),
    packageJsonFullPath: path.join(projectFolder, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false, messageCallback: (m) => {
    if (m.logLevel === ExtractorLogLevel.Warning && m.category === 'Compiler') m.logLevel = ExtractorLogLevel.None;
    // An entry's signature may name a type another entry of the package exports (the root's
    // `AgentServerConfig.store` is a `ConversationStore` of `/store`): that type is documented in
    // that entry's report, not forgotten. On the first --update pass every name is let through.
    if (m.messageId === 'ae-forgotten-export') {
      const symbol = /The symbol "([^"]+)"/.exec(m.text)?.[1];
      if (pass === 1 || (symbol && exportedElsewhere(name, reportFileName, symbol))) m.logLevel = ExtractorLogLevel.None;
    }
  } });
  if (result.apiReportChanged && !update) {
    console.error(`✗ ${label}: the public API changed — review it and run \`pnpm api:update\` (packages/${name}/${reportFileName}.api.md)`);
    return false;
  }
  if (!result.succeeded) {
    if (pass === 2) console.error(`✗ ${label}: API Extractor failed (${result.errorCount} errors)`);
    return false;
  }
  if (pass === 2) console.log(`✓ ${label}${update && result.apiReportChanged ? ' (report updated)' : ''}`);
  return true;
}

// In --update mode the reports are written twice: the second pass sees every entry's new names.
if (update) for (const entry of entries) report(entry, 1);
let failed = entries.filter((entry) => !report(entry, 2)).length;
// Each README opens with its package's whole surface, generated from the reports just checked.
for (const name of SURFACE_PACKAGES) {
  const problem = syncReadmeSurface(root, name, entries.filter((entry) => entry.name === name), update);
  if (problem) {
    failed++;
    console.error(`✗ ${problem}`);
  } else console.log(`✓ @x/${name} README surface table`);
}
process.exitCode = failed ? 1 : 0;
