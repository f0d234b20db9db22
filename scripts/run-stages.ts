/**
 * `pnpm test`: the stages of the whole test command, in order, each timed. Stops at the first
 * failure and prints a table of every stage's time (so the next slow-down shows which stage grew) —
 * also when a stage fails, throws, or the run is interrupted (SIGINT/SIGTERM): the stages that ran
 * with their times, the failed or interrupted one with its time so far, the rest as `not run`.
 *
 *   pnpm test                      every stage
 *   pnpm test --only=unit,e2e      some stages (names below), in the same order
 *   pnpm test --from=unit          a stage and every one after it
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
 * The checks after the build (typecheck, lint, deps, surface, budgets) are each one Node process
 * that mostly uses one core: they run two at a time (`LANES`), each one's output printed whole
 * when it ends. The last stage fails if the run changed the working tree (`git status --porcelain`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';

export interface Stage {
  name: string;
  /** A shell command run from the repository root; or a check run in this process (returns the failure). */
  run: string | (() => string | undefined | Promise<string | undefined>);
  what: string;
  /** Runs beside the other `sideBySide` stages next to it, `LANES` at a time, its output held until it ends. */
  sideBySide?: boolean;
}

export interface StageRow {
  name: string;
  ms: number;
  result: 'ok' | 'FAILED' | 'not run';
  /** Ran beside other stages (their times overlap). */
  sideBySide?: boolean;
}

const root = path.resolve(import.meta.dirname, '..');
/** How many side-by-side stages run at once: 2 on a 2-core machine. */
export const LANES = Math.max(2, Math.floor(availableParallelism() / 2));

/** What `git status` and the diff of tracked files say now; equal before and after a run that changed nothing. */
export function treeState(cwd = root): { status: string; fingerprint: string } {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'buffer', maxBuffer: 1 << 30 });
  const status = git('status', '--porcelain').toString('utf8');
  const fingerprint = createHash('sha1').update(status).update(git('diff', 'HEAD', '--binary')).digest('hex');
  return { status, fingerprint };
}

/** The stages of this run (set by main): the e2e stage serves prebuilt apps only when the builds ran. */
let picked: Stage[] = [];
/** The tree when the run started (set by main). */
let before = { status: '', fingerprint: '' };

/**
 * Runs a shell command; resolves with the failure, if any. Its output goes to this terminal, or,
 * with `held`, into that array (printed by the caller when the command ends).
 */
function runCommand(command: string, cwd = root, held?: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(command, { cwd, shell: true, stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    child.stdout?.on('data', (data: Buffer) => held!.push(data.toString()));
    child.stderr?.on('data', (data: Buffer) => held!.push(data.toString()));
    child.on('error', (error) => resolve(`\`${command}\` did not start: ${error.message}`));
    child.on('close', (code, signal) => resolve(code === 0 ? undefined : `\`${command}\` exited with ${code ?? signal}`));
  });
}

export const STAGES: Stage[] = [
  { name: 'build', run: 'pnpm build', what: 'tsc -b of the packages (their dist/)' },
  { name: 'typecheck', run: 'pnpm exec tsc -p tsconfig.json --noEmit', what: 'tests, type tests (*.test-d), stories, e2e, scripts, examples', sideBySide: true },
  { name: 'lint', run: 'pnpm lint', what: 'eslint', sideBySide: true },
  { name: 'deps', run: 'pnpm test:deps', what: 'dependency rules', sideBySide: true },
  { name: 'surface', run: 'pnpm test:surface', what: 'API reports, publint, attw', sideBySide: true },
  { name: 'budgets', run: 'pnpm test:budgets', what: 'bundle sizes (and the AgentChat module graph for first-load.test.ts)', sideBySide: true },
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
  const stage = (name: string) => STAGES.find((s) => s.name === name)!;
  return [
    stage('build'),
    stage('typecheck'),
    { name: 'lint', run: 'pnpm exec eslint --max-warnings=0 --cache --cache-location node_modules/.cache/eslint/ .', what: 'eslint, files changed since its last run', sideBySide: true },
    {
      name: 'unit',
      run: `pnpm exec vitest run --project unit --project react --project react-isolated --changed${since ? `=${since}` : ''} --passWithNoTests`,
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

/** The stages running now, with their start (`performance.now()`): what an interrupted run was doing. */
const running = new Map<string, number>();

/** One stage, timed: its output to the terminal, or held and printed whole when it ends (`held`). */
async function runStage(stage: Stage, cwd: string, held: boolean): Promise<StageRow & { error?: string }> {
  const output: string[] = [];
  if (!held) console.log(`\n[stage] ${stage.name}: ${stage.what}`);
  const start = performance.now();
  running.set(stage.name, start);
  let error: string | undefined;
  try {
    error = typeof stage.run === 'string' ? await runCommand(stage.run, cwd, held ? output : undefined) : await stage.run();
  } catch (thrown) {
    // A check that throws fails its stage (timed) instead of ending the run without a table.
    error = `the stage threw: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`;
  }
  const ms = performance.now() - start;
  running.delete(stage.name);
  if (held) console.log(`\n[stage] ${stage.name}: ${stage.what} (beside others)\n${output.join('').trimEnd()}`);
  console.log(`[stage] ${stage.name}: ${error ? 'FAILED' : 'ok'} in ${seconds(ms)}`);
  if (error) console.error(error);
  return { name: stage.name, ms, result: error ? 'FAILED' : 'ok', ...(held ? { sideBySide: true } : {}), ...(error ? { error } : {}) };
}

/** Rows of the stages a failure left out: in the table as `not run`. */
const notRun = (stages: Stage[]): StageRow[] => stages.map((stage) => ({ name: stage.name, ms: 0, result: 'not run' }));

/**
 * Runs `stages` in order (shell commands from `cwd`), `sideBySide` neighbours `lanes` at a time;
 * stops at the first failure (side-by-side stages already running finish; none starts after it, and
 * every stage left out is a `not run` row). Each row is pushed to `rows` as its stage ends (the
 * caller's array: what a run interrupted meanwhile has to print).
 */
export async function runStages(stages: Stage[], cwd = root, lanes = LANES, rows: StageRow[] = []): Promise<{ rows: StageRow[]; failed?: string }> {
  for (let i = 0; i < stages.length; ) {
    const stage = stages[i]!;
    if (!stage.sideBySide) {
      const { error, ...row } = await runStage(stage, cwd, false);
      rows.push(row);
      if (error) {
        rows.push(...notRun(stages.slice(i + 1)));
        return { rows, failed: stage.name };
      }
      i += 1;
      continue;
    }
    let end = i;
    while (stages[end]?.sideBySide) end += 1;
    const batch = stages.slice(i, end);
    const results: Array<StageRow & { error?: string }> = [];
    let next = 0;
    let failing = false;
    const lane = async () => {
      while (next < batch.length && !failing) {
        const index = next++;
        const result = await runStage(batch[index]!, cwd, true);
        results[index] = result;
        if (result.error) failing = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(lanes, batch.length) }, lane));
    for (const { error: _error, ...row } of results.filter(Boolean)) rows.push(row);
    const failedStage = results.find((result) => result?.error);
    if (failedStage) {
      rows.push(...notRun([...batch.filter((_, index) => !results[index]), ...stages.slice(end)]));
      return { rows, failed: failedStage.name };
    }
    i = end;
  }
  return { rows };
}

/** The table printed at the end: each stage's time (m:ss) and result, and the wall time of the run. */
export function stageTable(rows: StageRow[], failed: string | undefined, wallMs = rows.reduce((sum, row) => sum + row.ms, 0)): string {
  const width = Math.max(...rows.map((row) => row.name.length), 5);
  return [
    `[stages] ${failed ? `FAILED at ${failed}` : 'all green'}`,
    ...rows.map((row) => `  ${row.name.padEnd(width)}  ${(row.result === 'not run' ? '-' : clock(row.ms)).padStart(6)}  ${row.result}${row.sideBySide ? '  (side by side)' : ''}`),
    `  ${'total'.padEnd(width)}  ${clock(wallMs).padStart(6)}`,
  ].join('\n');
}

async function main() {
  before = treeState();
  const argv = process.argv.slice(2);
  picked = argv.includes('--quick') ? quickStages(argv) : pickStages(argv);
  const earlier = earlierStages().map((row): StageRow => ({ ...row, result: 'ok' }));
  const start = performance.now();
  const wall = () => earlier.reduce((sum, row) => sum + row.ms, 0) + performance.now() - start;
  const rows: StageRow[] = [];
  // Interrupted (Ctrl-C, a CI time limit): the table of what ran, the running stage with its time so far.
  const interrupted = (signal: NodeJS.Signals) => {
    const now = performance.now();
    const cut: StageRow[] = [...running].map(([name, since]) => ({ name, ms: now - since, result: 'FAILED' }));
    const done = new Set([...rows, ...cut].map((row) => row.name));
    const table = stageTable([...earlier, ...rows, ...cut, ...notRun(picked.filter((stage) => !done.has(stage.name)))], `${cut.map((row) => row.name).join(', ') || 'the end'} (${signal})`, wall());
    console.log(`\n${table}`);
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let failed: string | undefined;
  try {
    ({ failed } = await runStages(picked, root, LANES, rows));
  } catch (error) {
    failed = 'the stage runner';
    console.error(error);
  } finally {
    console.log(`\n${stageTable([...earlier, ...rows], failed, wall())}`);
  }
  process.exitCode = failed ? 1 : 0;
}

if (import.meta.main) await main();
