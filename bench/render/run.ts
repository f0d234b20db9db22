/**
 * `pnpm bench:render [--quick] [--rounds=N] [--scenarios=S1,S3] [--no-build]`
 *
 * Builds the contenders (Vite production), starts the fixture server as a separate process, then for
 * each scenario runs R rounds; each round runs baseline, peer, ours and ours-aa (A/A copy) in a fresh
 * random order, each in a fresh BrowserContext of one Chromium. One discarded warm-up rep per
 * contender first. Writes bench/results/render-<mode>.json and .md. Prints numbers; gates nothing.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import { chromiumExecutable } from '../../scripts/chromium.ts';
import { buildContenders, CONTENDERS } from './build.ts';
import { BENCH_CHROMIUM_FLAGS } from './page.ts';
import { quietWaits } from './quiet.ts';
import { runRep, type FixtureInfo, type RepMetrics } from './measure.ts';
import { evaluate, markdownTable, type Contender, type Results } from './report.ts';
import { serverHistoryReport } from './report-server-history.ts';
import { ALL, FULL, QUICK, type Scenario } from './scenarios.ts';
import { shuffled } from './stats.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const resultsDir = path.join(here, '..', 'results');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

const quick = flag('quick');
const diag = flag('diag');
const mode = option('mode') ?? (diag ? 'diag' : quick ? 'quick' : 'full');
const rounds = diag ? 1 : Number(option('rounds') ?? (quick ? 3 : 7));
const only = option('scenarios')?.split(',');
const pool = quick || diag ? [...QUICK, ...ALL.filter((s) => !QUICK.some((q) => q.id === s.id))] : [...FULL, ...ALL.filter((s) => !FULL.some((f) => f.id === s.id))];
const defaults = diag ? ['S1', 'S4@1000', 'S5', 'S7'] : (quick ? QUICK : FULL).map((s) => s.id);
const scenarios = pool.filter((s) => (only ?? defaults).includes(s.id)).map((s) => (diag ? { ...s, diag: true } : s));
const contenders: Contender[] =
  (option('contenders')?.split(',') as Contender[] | undefined) ?? (diag ? ['baseline', 'peer', 'ours'] : ['baseline', 'peer', 'ours', 'ours-aa']);
/** The directory a contender is served from (the diagnostic lane uses unminified builds). */
const served = (c: Contender) => (diag ? `${c}-diag` : c);


const started = Date.now();
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' ');
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function fixtureInfo(name: string): FixtureInfo {
  const f = JSON.parse(readFileSync(path.join(here, 'fixtures', `${name}.json`), 'utf8')) as { tokens: number; lastSeq: number; frames: string[] };
  return { tokens: f.tokens, lastSeq: f.lastSeq, frames: f.frames.length };
}

async function startFixtureServer() {
  const child = spawn(process.execPath, [path.join(here, 'fixture-server.ts'), '--port=0'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`fixture server exited (${code})`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  return {
    port,
    stop: () => {
      child.stdin.end();
      setTimeout(() => child.kill(), 2000).unref();
    },
  };
}

const NAN_REP = new Proxy({} as RepMetrics, { get: (_t, key) => (key === 'errors' || key === 'timedOut' ? 1 : Number.NaN) });

/** The waits for a quiet machine before each rep's load (method §5.3): median and longest, and how many ran out. */
function quietWaitSummary(): string {
  const sorted = [...quietWaits.waitedMs].sort((a, b) => a - b);
  if (!sorted.length) return 'none';
  return `median ${sorted[Math.floor(sorted.length / 2)]} ms, longest ${sorted.at(-1)} ms over ${sorted.length} loads, ${quietWaits.timedOut} ran out (4 s)`;
}

async function main() {
  if (!flag('no-build')) await buildContenders(log, diag, CONTENDERS.filter((name) => contenders.some((c) => c === name || (name === 'ours' && c === 'ours-aa'))));
  const server = await startFixtureServer();
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: BENCH_CHROMIUM_FLAGS, headless: true });
  const results: Results = {};
  const failures: string[] = [];
  try {
    log(`Chromium ${browser.version()}, fixture server on 127.0.0.1:${server.port}, ${mode} mode, ${rounds} rounds`);
    const s1 = QUICK[0] as Scenario;
    for (const c of contenders) {
      await runRep(browser, server.port, served(c), s1, fixtureInfo(s1.fixture)).catch((e: unknown) => log(`warm-up ${c} failed: ${String(e)}`));
    }
    log('warm-up done');
    for (const scenario of scenarios) {
      const info = fixtureInfo(scenario.fixture);
      const bucket: Partial<Record<Contender, RepMetrics[]>> = {};
      results[scenario.id] = bucket;
      for (let round = 0; round < rounds; round++) {
        for (const c of shuffled(contenders)) {
          let rep: RepMetrics;
          try {
            rep = await runRep(browser, server.port, served(c), scenario, info);
          } catch (e) {
            failures.push(`${scenario.id} round ${round + 1} ${c}: ${String(e).split('\n')[0]}`);
            rep = NAN_REP;
          }
          (bucket[c] ??= [])[round] = rep;
          log(
            `${scenario.id} r${round + 1} ${c.padEnd(8)} commits/tok ${rep.commitsPerToken.toFixed(2)}, main ${rep.mainThreadMs.toFixed(0)} ms, ` +
              `longest ${rep.longestTaskMs.toFixed(0)} ms, final lag ${rep.finalLagMs.toFixed(0)} ms${rep.timedOut ? ' TIMED OUT' : ''}`,
          );
        }
      }
    }
    if (diag) {
      writeDiag(results);
      return;
    }
    const rows = evaluate(results);
    const serverHistory = serverHistoryReport(scenarios, results);
    const meta = {
      date: new Date().toISOString(),
      mode,
      rounds,
      machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
      node: process.version,
      chromium: browser.version(),
      chromiumFlags: BENCH_CHROMIUM_FLAGS,
      viewport: '1280×800 @1x',
      cpuThrottle: [...new Set(scenarios.map((s) => s.throttle))].map((r) => `${r}×`).join(', '),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      loadAverage: `${loadAtStart} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end`,
      quietWait: quietWaitSummary(),
    };
    mkdirSync(resultsDir, { recursive: true });
    const base = path.join(resultsDir, `render-${mode}`);
    writeFileSync(`${base}.json`, JSON.stringify({ meta, scenarios, rows, ...(serverHistory ? { serverHistory: serverHistory.rows } : {}), failures, results }, null, 1));
    const md = [
      `# Render benchmark (${mode})`,
      '',
      `${meta.date} · ${meta.machine} · Node ${meta.node} · Chromium ${meta.chromium} · CPU throttle ${meta.cpuThrottle} · ${rounds} rounds × ${contenders.length} contenders, fresh random order per round, one warm-up rep each · run took ${meta.durationSeconds} s · load average (1/5/15 min) ${meta.loadAverage} · waited for a quiet machine before each load ${meta.quietWait}`,
      '',
      'Ratios are medians of per-round paired ratios (ours ÷ other, lower is better) with a 95% bootstrap CI; absolute values are medians over rounds. A/A = ours-aa ÷ ours (the noise control; ⚠ = outside [0.9, 1.1] for time metrics, ≠ 1 for counters).',
      '',
      'Scenarios:',
      ...scenarios.map((s) => `- **${s.id}**: ${s.label}${s.throttle > 1 ? ` (${s.throttle}× CPU)` : ''}`),
      '',
      ...(rows.length ? [markdownTable(rows), ''] : []),
      ...(serverHistory?.md ?? []),
      failures.length ? `Failed reps (counted as missing):\n${failures.map((f) => `- ${f}`).join('\n')}` : 'No failed reps.',
      '',
    ].join('\n');
    writeFileSync(`${base}.md`, md);
    console.log(`\n${md}`);
    log(`wrote ${path.relative(process.cwd(), base)}.json and .md`);
  } finally {
    await browser.close();
    server.stop();
  }
}

/** The diagnostic lane's report: where the renders go, per contender (one rep, unminified builds). */
function writeDiag(results: Results) {
  const md = [
    '# Render diagnostics (one rep per contender, unminified builds, fiber walk on: timings not comparable)',
    '',
    `${new Date().toISOString()} · renders = component fibers that rendered while the stream window was open, per text token`,
    '',
  ];
  for (const [id, byContender] of Object.entries(results)) {
    md.push(`## ${id}`, '');
    for (const [c, reps] of Object.entries(byContender)) {
      const rep = reps?.[0];
      if (!rep?.detail) continue;
      const tokens = rep.commits / rep.commitsPerToken;
      const top = Object.entries(rep.detail.byName)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, n]) => `${name} ${(n / tokens).toFixed(2)}`);
      md.push(
        `- **${c}**: ${rep.commitsPerToken.toFixed(2)} commits/token over ${rep.rootsCommitting} root(s) (commits per root: ${rep.detail.commitsByRoot.join(', ')}), ` +
          `${rep.rendersPerToken.toFixed(1)} component renders/token, tool-part renders/token ${rep.toolRendersPerToken.toFixed(2)}`,
        `  - top renders/token: ${top.join(' · ')}`,
        `  - commits by what rendered first: ${Object.entries(rep.detail.commitSignatures)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([sig, n]) => `${(n / tokens).toFixed(2)}/token: ${sig}`)
          .join(' · ')}`,
        ...(['mountProfile', 'streamProfile'] as const).flatMap((k) => {
          const prof = rep.detail?.[k];
          if (!prof) return [];
          return [
            `  - ${k === 'mountProfile' ? 'mount' : 'stream window'} CPU profile (${prof.totalMs} ms sampled), top self: ${prof.self
              .slice(0, 8)
              .map((f) => `${f.fn} ${f.ms} ms`)
              .join(' · ')}`,
            `  - top inclusive: ${prof.inclusive
              .slice(0, 14)
              .map((f) => `${f.fn} ${f.ms} ms`)
              .join(' · ')}`,
          ];
        }),
      );
    }
    md.push('');
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, 'render-diag.md'), md.join('\n'));
  writeFileSync(path.join(resultsDir, 'render-diag.json'), JSON.stringify(results, null, 1));
  console.log(md.join('\n'));
}

await main();
