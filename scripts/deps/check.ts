// `pnpm test:deps`: dependency-cruiser over every package with the rules of .dependency-cruiser.mjs.
// The `err` reporter is the one that sets a non-zero exit code on a violation (the graph reporters
// exit 0), so it is the one CI runs; `--graph` prints the folder-level Mermaid picture instead.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CRUISED } from './cruised.ts';

const root = path.resolve(import.meta.dirname, '../..');
const graph = process.argv.includes('--graph');
const args = graph
  ? ['--output-type', 'mermaid', '--collapse', '^(packages/[^/]+/src/[^/]+|mock-server/src/[^/]+)', '--exclude', '\\.test(-d)?\\.tsx?$|/test-utils/|/testing/|(^|/)node_modules/|(^|/)dist/', ...CRUISED]
  : ['--output-type', 'err', '--ignore-known', '.dependency-cruiser-known-violations.json', ...CRUISED];
const run = spawnSync('depcruise', args, { cwd: root, stdio: 'inherit', shell: false, env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}` } });
process.exit(run.status ?? 1);
