import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { earlierStages, pickStages, runStages, STAGES, stageTable, treeState, type Stage } from '../../scripts/run-stages.ts';

const stage = (name: string, run: Stage['run']): Stage => ({ name, run, what: name });

describe('the stage runner of pnpm test', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'run-stages-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs the stages in order and stops at the first failure, which the table names', async () => {
    const ran: string[] = [];
    const { rows, failed } = await runStages([
      stage('first', () => void ran.push('first')),
      stage('second', 'exit 3'),
      stage('third', () => void ran.push('third')),
    ], scratch);
    expect(ran).toEqual(['first']);
    expect(failed).toBe('second');
    expect(rows.map((row) => [row.name, row.result])).toEqual([
      ['first', 'ok'],
      ['second', 'FAILED'],
      ['third', 'not run'],
    ]);
    const table = stageTable([{ name: 'install', ms: 61_000, result: 'ok' }, ...rows], failed);
    expect(table).toMatch(/^\[stages\] FAILED at second\n {2}install +1:01 +ok\n {2}first +0:00 +ok\n {2}second +0:00 +FAILED\n {2}third +- +not run\n {2}total +1:01$/);
  });

  it('times a stage whose check throws as FAILED, and the run goes on to print its table', async () => {
    const { rows, failed } = await runStages([
      stage('throws', () => {
        throw new Error('boom');
      }),
      stage('after', () => undefined),
    ], scratch);
    expect(failed).toBe('throws');
    expect(rows.map((row) => [row.name, row.result])).toEqual([
      ['throws', 'FAILED'],
      ['after', 'not run'],
    ]);
    expect(rows[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it('runs side-by-side stages at the same time, and stops after them when one fails', async () => {
    // Each waits (up to 10 s) for the other's file: both pass only if they run at once.
    const waitFor = (mine: string, theirs: string) => `touch ${mine}; for i in $(seq 100); do [ -f ${theirs} ] && exit 0; sleep 0.1; done; exit 1`;
    const ran: string[] = [];
    const { rows, failed } = await runStages(
      [
        { ...stage('left', waitFor('left.mark', 'right.mark')), sideBySide: true },
        { ...stage('right', waitFor('right.mark', 'left.mark')), sideBySide: true },
        { ...stage('broken', 'exit 1'), sideBySide: true },
        stage('after', () => void ran.push('after')),
      ],
      scratch,
      2,
    );
    expect(rows.map((row) => [row.name, row.result, row.sideBySide])).toEqual([
      ['left', 'ok', true],
      ['right', 'ok', true],
      ['broken', 'FAILED', true],
      ['after', 'not run', undefined],
    ]);
    expect(failed).toBe('broken');
    expect(ran).toEqual([]);
  });

  it('picks stages by --only or --from, in their order, and refuses an unknown name', () => {
    const names = (argv: string[]) => pickStages(argv).map((s) => s.name);
    expect(names([])).toEqual(STAGES.map((s) => s.name));
    expect(names(['--only=e2e,unit'])).toEqual(['unit', 'e2e']);
    expect(names(['--from=app builds'])).toEqual(['app builds', 'e2e', 'clean tree']);
    expect(() => pickStages(['--only=units'])).toThrow('no stage "units"');
  });

  it('reads the times scripts/test.sh measured before it (bootstrap, install)', () => {
    expect(earlierStages('bootstrap=2,install=41')).toEqual([
      { name: 'bootstrap', ms: 2_000 },
      { name: 'install', ms: 41_000 },
    ]);
    expect(earlierStages('')).toEqual([]);
  });
});

describe('the clean-tree check', () => {
  const repo = mkdtempSync(path.join(tmpdir(), 'run-stages-tree-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('sees a changed tracked file and a new untracked one, and not an ignored one', () => {
    git('init', '-q');
    writeFileSync(path.join(repo, '.gitignore'), 'out/\n');
    writeFileSync(path.join(repo, 'tracked.txt'), 'one\n');
    git('add', '.');
    git('commit', '-qm', 'start');
    const clean = treeState(repo);
    expect(clean.status).toBe('');

    execFileSync('mkdir', ['-p', path.join(repo, 'out')]);
    writeFileSync(path.join(repo, 'out', 'build.js'), 'ignored');
    expect(treeState(repo)).toEqual(clean);

    writeFileSync(path.join(repo, 'tracked.txt'), 'two\n');
    const changed = treeState(repo);
    expect(changed.fingerprint).not.toBe(clean.fingerprint);
    // A second change to a file already changed still shows (the diff, not only the status).
    writeFileSync(path.join(repo, 'tracked.txt'), 'three\n');
    expect(treeState(repo).fingerprint).not.toBe(changed.fingerprint);

    writeFileSync(path.join(repo, 'tracked.txt'), 'one\n');
    writeFileSync(path.join(repo, 'new.txt'), 'new');
    expect(treeState(repo).status).toBe('?? new.txt\n');
  });
});
