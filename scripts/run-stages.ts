/**
 * `pnpm test`: the stages of the whole test command, in order, each timed. Stops at the first
 * failure and prints a table of every stage's time (so the next slow-down shows which stage grew).
 *
 *   pnpm test                      every stage
 *   pnpm test -- --only=unit,e2e   some stages (names below), in the same order
 *   pnpm test -- --from=unit       a stage and every one after it
 *   pnpm test:quick                the inner loop (`--quick`): build, typecheck, lint (cached), and the
 *                                  node and jsdom tests of what changed since the last commit
 *                                  (`vitest --changed`; `--changed=main` for a branch's changes)
 *
 * `scripts/test.sh` times the toolchain and the install before this runs and passes them in
 * `TEST_STAGE_TIMES` (`bootstrap=3,install=41`): they lead the table.
 *
 * Each piece of work runs once: one `tsc -b` (build; the typecheck stage adds only the files outside
 * the packages' builds: tests, type tests, stories, e2e, scripts), one AgentChat bundle build (the
 * budgets stage hands the bundle's module graph to `first-load.test.ts`), one run of every story.
 * The last stage fails if the run changed the working tree (`git status --porcelain`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';

export interface Stage {
  name: string;
  /** A shell command run from the repository root; or a check run in this process. */
  run: string | (() => string | undefined);
  what: string;
}

const root = path.resolve(import.meta.dirname, '..');

/** What `git status` and the diff of tracked files say now; equal before and after a run that changed nothing. */
export function treeState(cwd = root): { status: string; fingerprint: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'buffer', maxBuffer: 1 << 30 });
  const status = git('status', '--porcelain').toString('utf8');
  const fingerprint = createHash('sha1').update(status).update(git('diff', 'HEAD', '--binary')).digest('hex');
  return { status, fingerprint };
}

/** The stages of this run (set by main): the e2e stage serves prebuilt apps only when the builds ran. */
let picked: Stage[] = [];

/** Runs a shell command from the repository root; the failure, if any. */
function runCommand(command: string, cwd = root): string | undefined {
  const result = spawnSync(command, { cwd, stdio: 'inherit', shell: true });
  return result.status === 0 ? undefined : `\`${command}\` exited with ${result.status ?? result.signal}`;
}

/** The tree when the run started (set by main). */
let before = { status: '', fingerprint: '' };

export const STAGES: Stage[] = [
  { name: 'build', run: 'pnpm build', what: 'tsc -b of the packages (their dist/)' },
  { name: 'typecheck', run: 'pnpm exec tsc -p tsconfig.json --noEmit', what: 'tests, type tests (*.test-d), stories, e2e, scripts, examples' },
  { name: 'lint', run: 'pnpm lint', what: 'eslint' },
  { name: 'deps', run: 'pnpm test:deps', what: 'dependency rules' },
  { name: 'surface', run: 'pnpm test:surface', what: 'API reports, publint, attw' },
  { name: 'budgets', run: 'pnpm test:budgets', what: 'bundle sizes (and the AgentChat module graph for first-load.test.ts)' },
  { name: 'unit', run: 'pnpm test:unit', what: 'Vitest: node and jsdom projects' },
  {
    name: 'app builds',
    run: 'pnpm build:e2e-apps',
    what: 'side by side: the static Storybook and the apps the e2e run serves (playground, ag-ui, Next.js)',
  },
  {
    name: 'e2e',
    // The apps are built: the e2e run's servers only serve them (E2E_PREBUILT, e2e/playwright.config.ts).
    run: () => runCommand(`${picked.some((stage) => stage.name === 'app builds') ? 'E2E_PREBUILT=1 ' : ''}pnpm test:e2e`),
    what: 'Playwright: every story of the static Storybook, the playground, the examples',
  },
  {
    name: 'clean tree',
    run: () => {
      const after = treeState();
      if (after.fingerprint === before.fingerprint) return undefined;
      return `the run changed the working tree (a test must not write a tracked file; an output belongs in .gitignore).\nbefore:\n${before.status || '(clean)\n'}after:\n${after.status}`;
    },
    what: 'git status --porcelain unchanged by the run',
  },
];

/** `pnpm test:quick`: what a change needs checked before the whole command. */
export function quickStages(argv: string[]): Stage[] {
  const since = argv.find((arg) => arg.startsWith('--changed='))?.slice('--changed='.length);
  return [
    STAGES.find((stage) => stage.name === 'build')!,
    STAGES.find((stage) => stage.name === 'typecheck')!,
    { name: 'lint', run: 'pnpm exec eslint --max-warnings=0 --cache --cache-location node_modules/.cache/eslint/ .', what: 'eslint, files changed since its last run' },
    {
      name: 'unit',
      run: `pnpm exec vitest run --project unit --project react --changed${since ? `=${since}` : ''} --passWithNoTests`,
      what: `Vitest: node and jsdom tests of the files changed since ${since ?? 'the last commit'}`,
    },
  ];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** Rows of `TEST_STAGE_TIMES` (`name=seconds,…`), timed before this process started. */
export function earlierStages(value = process.env.TEST_STAGE_TIMES ?? ''): Array<{ name: string; ms: number }> {
  return value
    .split(',')
    .map((pair) => pair.split('='))
    .filter(([name, time]) => name && time && Number.isFinite(Number(time)))
    .map(([name, time]) => ({ name: name!.trim(), ms: Number(time) * 1000 }));
}

/** The stages `--only=a,b` or `--from=a` pick (all by default); throws on an unknown name. */
export function pickStages(argv: string[], stages = STAGES): Stage[] {
  const value = (flag: string) => argv.find((arg) => arg.startsWith(`--${flag}=`))?.slice(flag.length + 3);
  const names = stages.map((stage) => stage.name);
  const check = (name: string) => {
    if (!names.includes(name)) throw new Error(`no stage "${name}" (stages: ${names.join(', ')})`);
    return name;
  };
  const only = value('only')?.split(',').map((name) => check(name.trim()));
  const from = value('from');
  if (only) return stages.filter((stage) => only.includes(stage.name));
  if (from) return stages.slice(names.indexOf(check(from)));
  return stages;
}

export interface StageRow {
  name: string;
  ms: number;
  result: 'ok' | 'FAILED';
}

/** Runs `stages` in order (shell commands from `cwd`), stops at the first failure; the rows of the table. */
export function runStages(stages: Stage[], cwd = root): { rows: StageRow[]; failed?: string } {
  const rows: StageRow[] = [];
  for (const stage of stages) {
    console.log(`\n[stage] ${stage.name}: ${stage.what}`);
    const start = performance.now();
    const error = typeof stage.run === 'string' ? runCommand(stage.run, cwd) : stage.run();
    const ms = performance.now() - start;
    rows.push({ name: stage.name, ms, result: error ? 'FAILED' : 'ok' });
    console.log(`[stage] ${stage.name}: ${error ? 'FAILED' : 'ok'} in ${seconds(ms)}`);
    if (error) {
      console.error(error);
      return { rows, failed: stage.name };
    }
  }
  return { rows };
}

/** The table printed at the end: each stage's time (m:ss) and result, and the total. */
export function stageTable(rows: StageRow[], failed: string | undefined): string {
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  const width = Math.max(...rows.map((row) => row.name.length), 5);
  return [
    `[stages] ${failed ? `FAILED at ${failed}` : 'all green'}`,
    ...rows.map((row) => `  ${row.name.padEnd(width)}  ${clock(row.ms).padStart(6)}  ${row.result}`),
    `  ${'total'.padEnd(width)}  ${clock(total).padStart(6)}`,
  ].join('\n');
}

function main() {
  before = treeState();
  const argv = process.argv.slice(2);
  picked = argv.includes('--quick') ? quickStages(argv) : pickStages(argv);
  const { rows, failed } = runStages(picked);
  console.log(`\n${stageTable([...earlierStages().map((row): StageRow => ({ ...row, result: 'ok' })), ...rows], failed)}`);
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.main) main();
