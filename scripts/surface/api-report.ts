/**
 * API reports (API Extractor) of every published package: `packages/<name>/api-report.api.md`.
 *
 *   node scripts/surface/api-report.ts          compare (fails when the surface changed: run api:update)
 *   node scripts/surface/api-report.ts --update regenerate the checked-in reports (`pnpm api:update`)
 *
 * Needs `pnpm build` first (reads `dist/*.d.ts`). The root entry of each package is reported, and
 * the public secondary entries in REPORTED_SUBPATHS (`packages/<name>/api-report-<subpath>.api.md`);
 * other secondary entries (`/node`, `/next`, `/internal`) are listed by their own d.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type IConfigFile } from '@microsoft/api-extractor';
import { SURFACE_PACKAGES } from './packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const update = process.argv.includes('--update');
let failed = 0;

/** Secondary entries with an API report of their own: package, subpath, its d.ts under dist/. */
const REPORTED_SUBPATHS = [
  { name: 'agent-react', subpath: 'core', dts: 'core/index.d.ts' },
  { name: 'agent-protocol', subpath: 'routes', dts: 'routes-entry.d.ts' },
  { name: 'agent-protocol', subpath: 'a2ui', dts: 'a2ui-entry.d.ts' },
  { name: 'agent-protocol', subpath: 'mcp-apps', dts: 'mcp-apps-entry.d.ts' },
  // The optional-peer entries of the server (issue 23): each one's surface is reviewed like the root's.
  { name: 'agent-server', subpath: 'postgres', dts: 'postgres.d.ts' },
  { name: 'agent-server', subpath: 'pglite', dts: 'pglite.d.ts' },
  { name: 'agent-server', subpath: 'redis', dts: 'redis.d.ts' },
] as const;

const entries = [
  ...SURFACE_PACKAGES.map((name) => ({ name, label: name, dts: 'index.d.ts', reportFileName: 'api-report' })),
  ...REPORTED_SUBPATHS.map(({ name, subpath, dts }) => ({ name, label: `${name}/${subpath}`, dts, reportFileName: `api-report-${subpath}` })),
];

/** The names a package's root entry exports, read from its API report (the root entries run first). */
const rootExportCache = new Map<string, Set<string>>();
function rootExports(name: string): Set<string> {
  let names = rootExportCache.get(name);
  if (!names) {
    const report = fs.readFileSync(path.join(root, 'packages', name, 'api-report.api.md'), 'utf8');
    names = new Set(Array.from(report.matchAll(/^export (?:declare )?(?:abstract )?(?:function|const|class|interface|type|enum|namespace) (\w+)/gm), (match) => match[1]!));
    rootExportCache.set(name, names);
  }
  return names;
}

for (const { name, label, dts, reportFileName } of entries) {
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
    // A secondary entry's signature may name a type its package's root entry exports (the
    // `/postgres` store is a root `ConversationStore`): that type is documented there, not forgotten.
    if (m.messageId === 'ae-forgotten-export' && reportFileName !== 'api-report') {
      const symbol = /The symbol "([^"]+)"/.exec(m.text)?.[1];
      if (symbol && rootExports(name).has(symbol)) m.logLevel = ExtractorLogLevel.None;
    }
  } });
  if (result.apiReportChanged && !update) {
    failed++;
    console.error(`✗ ${label}: the public API changed — review it and run \`pnpm api:update\` (packages/${name}/${reportFileName}.api.md)`);
  } else if (!result.succeeded) {
    failed++;
    console.error(`✗ ${label}: API Extractor failed (${result.errorCount} errors)`);
  } else {
    console.log(`✓ ${label}${update && result.apiReportChanged ? ' (report updated)' : ''}`);
  }
}
process.exitCode = failed ? 1 : 0;
