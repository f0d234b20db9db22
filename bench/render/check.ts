/**
 * `pnpm bench:check [--run=FILE] [--against=FILE] [--scenarios=S5,…]` — did a change make a ratio worse?
 * Not in CI (timings on a shared 2-core machine are too noisy for a gate); run it before resolving an
 * issue that touches rendering.
 *
 * Compares the paired ratios (ours/baseline, ours/peer: median over rounds) of a fresh render run with
 * the committed one (default `bench/results/render-quick.json`). Without `--run`, runs
 * `pnpm bench:render --quick` first (written as `render-check.*`, beside the committed results, so
 * the committed files stay as they are) with the same scenarios. The tolerance of a row is the A/A
 * noise of the two runs: the largest distance of either run's A/A 95% CI from 1, and never less than
 * the method's validity band (±10% for timings; ±1% for counters, whose rounds see slightly different token counts). A row is worse when its new
 * median exceeds the committed one by more than that. Exits 1 if a row got worse.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROWS, type RatioStat, type RowResult } from './report.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const resultsDir = path.join(here, '..', 'results');
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

interface RunFile {
  meta: { date: string; mode: string; rounds: number; loadAverage?: string };
  scenarios: Array<{ id: string }>;
  rows: RowResult[];
}

const against = path.resolve(option('against') ?? path.join(resultsDir, 'render-quick.json'));
const committed = JSON.parse(readFileSync(against, 'utf8')) as RunFile;
let runPath = option('run');
if (!runPath) {
  const scenarios = option('scenarios') ?? committed.scenarios.map((s) => s.id).join(',');
  execFileSync(process.execPath, [path.join(here, 'run.ts'), '--quick', '--mode=check', `--scenarios=${scenarios}`], { stdio: 'inherit' });
  runPath = path.join(resultsDir, 'render-check.json');
}
const fresh = JSON.parse(readFileSync(path.resolve(runPath), 'utf8')) as RunFile;

/** How far the A/A control's CI strays from 1 (0 when the run has no A/A). */
const aaNoise = (row: RowResult | undefined) => (row?.aa ? Math.max(Math.abs(1 - row.aa.ci[0]), Math.abs(row.aa.ci[1] - 1)) : 0);

interface Verdict {
  scenario: string;
  label: string;
  versus: string;
  before: number;
  after: number;
  tolerance: number;
  worse: boolean;
}

const verdicts: Verdict[] = [];
for (const row of fresh.rows) {
  const old = committed.rows.find((r) => r.scenario === row.scenario && r.metric === row.metric);
  if (!old) continue;
  const kind = ROWS.find((r) => r.scenario === row.scenario && r.metric === row.metric)?.kind ?? 'time';
  const tolerance = Math.max(kind === 'time' ? 0.1 : 0.01, aaNoise(row), aaNoise(old));
  // A sanity row (characters typed) must stay equal; every other metric is better lower.
  const sanity = /sanity/.test(row.label);
  for (const [versus, a, b] of [
    ['baseline', old.oursVsBaseline, row.oursVsBaseline],
    ['peer', old.oursVsPeer, row.oursVsPeer],
  ] as Array<[string, RatioStat | undefined, RatioStat | undefined]>) {
    if (!a || !b || !Number.isFinite(a.median) || !Number.isFinite(b.median)) continue;
    const worse = sanity ? Math.abs(b.median - a.median) > tolerance * a.median : b.median > a.median * (1 + tolerance);
    verdicts.push({ scenario: row.scenario, label: row.label, versus, before: a.median, after: b.median, tolerance, worse });
  }
}

const f = (n: number) => n.toFixed(2);
console.log(`\nbench:check — ${path.relative(process.cwd(), path.resolve(runPath))} (${fresh.meta.date}, ${fresh.meta.rounds} rounds, load ${fresh.meta.loadAverage ?? '?'}) against ${path.relative(process.cwd(), against)} (${committed.meta.date})\n`);
console.log('| scenario | metric | ours vs | committed | now | tolerance (A/A) | |');
console.log('|---|---|---|---|---|---|---|');
for (const v of verdicts) console.log(`| ${v.scenario} | ${v.label} | ${v.versus} | ${f(v.before)} | ${f(v.after)} | ±${(v.tolerance * 100).toFixed(0)}% | ${v.worse ? '❌ worse' : v.after < v.before * (1 - v.tolerance) ? '✅ better' : 'same'} |`);
const worse = verdicts.filter((v) => v.worse);
if (!verdicts.length) {
  console.error('No row of the run matches the committed results (other scenarios?).');
  process.exit(1);
}
if (worse.length) {
  console.error(`\n${worse.length} ratio(s) worse beyond the A/A noise: ${worse.map((v) => `${v.scenario} ${v.label} vs ${v.versus}`).join('; ')}`);
  process.exit(1);
}
console.log(`\nNo ratio worse beyond the A/A noise (${verdicts.length} compared).`);
