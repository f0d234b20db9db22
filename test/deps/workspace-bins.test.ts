// Every `bin` of a workspace package points at a committed file, not at a build output: pnpm links a
// workspace package's bins at install time, before anything is built, and a bin into `dist/` warned
// "Failed to create bin" once per dependent on every fresh install (issue 35: 7× for x-agent).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n'));
const manifests = [...tracked].filter((file) => /^(?:packages\/[^/]+|mock-server|examples\/[^/]+)\/package\.json$/.test(file));

function binsOf(manifest: string): [string, string][] {
  const pkg = JSON.parse(readFileSync(join(root, manifest), 'utf8')) as { name: string; bin?: string | Record<string, string> };
  if (!pkg.bin) return [];
  return typeof pkg.bin === 'string' ? [[pkg.name, pkg.bin]] : Object.entries(pkg.bin);
}

describe('workspace bins', () => {
  const bins = manifests.flatMap((manifest) => binsOf(manifest).map(([name, target]) => ({ manifest, name, file: relative(root, join(root, dirname(manifest), target)) })));

  it('x-agent is among them', () => {
    expect(bins.map((bin) => bin.name)).toContain('x-agent');
  });

  it.each(bins)('$name ($manifest) is a committed, executable file outside dist/', ({ file }) => {
    expect(file).not.toMatch(/(?:^|\/)dist\//);
    expect(tracked.has(file), `${file} is committed`).toBe(true);
    expect(statSync(join(root, file)).mode & 0o111, `${file} is executable`).not.toBe(0);
  });

  it('x-agent runs through its shim (usage with --help)', () => {
    const shim = bins.find((bin) => bin.name === 'x-agent')!;
    const run = spawnSync(process.execPath, [join(root, shim.file), '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/^Usage: x-agent record/);
  });
});
