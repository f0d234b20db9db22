// `pnpm test:deps`: dependency-cruiser over every package with the rules of .dependency-cruiser.mjs.
// The `err` reporter is the one that sets a non-zero exit code on a violation (the graph reporters
// exit 0), so it is the one CI runs. Violations recorded in .dependency-cruiser-known-violations.json
// (a layer rule the code does not meet yet) are reported as known; any other one fails.
//
// `pnpm deps:graph` prints the pictures of docs/ARCHITECTURE.md instead: Mermaid graphs of what the
// packages import from each other, and of each package's folders, generated from the same cruise.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CRUISED } from './cruised.ts';

const root = path.resolve(import.meta.dirname, '../..');
const env = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}` };
const depcruise = (args: string[], capture: boolean) =>
  spawnSync('depcruise', args, { cwd: root, env, encoding: 'utf8', stdio: capture ? 'pipe' : 'inherit', maxBuffer: 64 * 1024 * 1024 });

/** Production code only in the pictures (tests reach across the layers on purpose). */
const NOT_TESTS = '\\.test(-d)?\\.tsx?$|\\.node\\.test\\.ts$|/test-utils/|/testing/';

function mermaid(title: string, args: string[]): string {
  const run = depcruise(['--output-type', 'mermaid', '--exclude', NOT_TESTS, ...args], true);
  if (run.status !== 0) throw new Error(run.stderr);
  return `### ${title}\n\n\`\`\`mermaid\n${run.stdout.trim()}\n\`\`\`\n`;
}

if (process.argv.includes('--graph')) {
  const sections = [
    mermaid('Packages', ['--include-only', '^(packages/[^/]+|mock-server)/(src|dist)/', '--collapse', '^(packages/[^/]+|mock-server)', ...CRUISED]),
    ...['agent-server', 'agent-core', 'agent-react', 'agent-ui'].map((name) =>
      mermaid(`@x/${name}, by folder`, ['--include-only', `^packages/${name}/src/`, '--collapse', `^packages/${name}/src/[^/]+`, `packages/${name}/src`]),
    ),
  ];
  console.log(sections.join('\n'));
} else {
  const run = depcruise(['--output-type', 'err', '--ignore-known', '.dependency-cruiser-known-violations.json', ...CRUISED], false);
  process.exit(run.status ?? 1);
}
