/**
 * `publint` and `@arethetypeswrong/cli` (profile esm-only: the packages are ESM only) for every
 * published package, after `pnpm build`. Exits non-zero when either finds a problem. attw checks the
 * JavaScript entries: a stylesheet entry (`@x/agent-ui/styles.css`) has no types to resolve.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SURFACE_PACKAGES } from './packages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
let failed = 0;

function run(label: string, command: string, args: string[], cwd: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', encoding: 'utf8' });
    console.log(`✓ ${label}`);
  } catch (error) {
    failed++;
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    console.error(`✗ ${label}\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

for (const name of SURFACE_PACKAGES) {
  const dir = path.join(root, 'packages', name);
  run(`publint @x/${name}`, bin('publint'), ['--strict', '.'], dir);
  const exports = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {};
  const stylesheets = Object.keys(exports).filter((entry) => entry.endsWith('.css'));
  const exclude = stylesheets.length > 0 ? ['--exclude-entrypoints', ...stylesheets] : [];
  run(`attw @x/${name}`, bin('attw'), ['--pack', '.', '--profile', 'esm-only', '--format', 'ascii', ...exclude], dir);
}
process.exitCode = failed ? 1 : 0;
