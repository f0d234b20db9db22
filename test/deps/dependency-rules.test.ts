// The dependency rules (.dependency-cruiser.mjs, `pnpm test:deps`) can fail: a cycle through a
// dynamic import() is reported with a non-zero exit, and the real run cruises the whole kit (a
// dependency-cruiser that finds no TypeScript compiler silently cruises 0 modules and passes).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRUISED } from '../../scripts/deps/cruised.ts';

const root = path.resolve(import.meta.dirname, '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');

interface CruiseResult {
  summary: { totalCruised: number; error: number; violations: { rule: { name: string }; from: string; to: string }[] };
}

function cruise(args: string[]): { status: number | null; stdout: string } {
  const run = spawnSync(depcruise, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: run.status, stdout: run.stdout };
}

describe('dependency rules', () => {
  it('fail on a cycle closed by a dynamic import()', () => {
    const run = cruise(['--output-type', 'err', 'test/deps/fixtures/cycle']);
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain('no-circular: test/deps/fixtures/cycle/a.ts');
    expect(run.stdout).not.toContain('cycle/c.ts →');
  });

  it('find the cycle, and only it, in the fixture', () => {
    const result = JSON.parse(cruise(['--output-type', 'json', 'test/deps/fixtures/cycle']).stdout) as CruiseResult;
    expect(result.summary.totalCruised).toBe(3);
    const cycles = result.summary.violations.filter((v) => v.rule.name === 'no-circular').map((v) => `${v.from} → ${v.to}`);
    expect(cycles).toEqual(['test/deps/fixtures/cycle/a.ts → test/deps/fixtures/cycle/b.ts']);
  });

  it('cruise every package of the kit and pass (pnpm build first)', () => {
    const result = JSON.parse(cruise(['--output-type', 'json', '--ignore-known', '.dependency-cruiser-known-violations.json', ...CRUISED]).stdout) as CruiseResult;
    expect(result.summary.totalCruised).toBeGreaterThan(500);
    expect(result.summary.error).toBe(0);
  }, 60_000);
});
