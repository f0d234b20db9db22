/**
 * `pnpm bench:load [--levels=100,250,500,750,1000] [--required=100,500,1000] [--deltas=120]
 *   [--interval=50] [--stagger=1500] [--generators=2] [--idle=1000] [--idle-with=C] [--pool=10]
 *   [--profile=knee|none|C] [--redis-auto-pipelining] [--out=DIR] [--name=load]`
 * `pnpm bench:load --ab=auto-pipelining|pool=N --levels=C [--rounds=2] --name=load-ab-…` (`ab.ts`)
 * `pnpm bench:load --render-only [--name=load]`: NAME.md again from NAME.json and the A/B files beside it
 *
 * Issue 34's load benchmark, on loopback only: a PostgreSQL and a Redis on free ports
 * (`test-utils`), TWO server instances (`instance.ts`, each its own process: `postgresStore` +
 * `redisRunLog`, a scripted model paced at 20 chunks/s), and load generators (`generator.ts`, their
 * own processes) that start C replies split evenly over both instances, read every stream to the
 * end and read every conversation back from the other instance. Per level: gaps between chunks,
 * TTFB, server CPU per chunk, RSS per open stream, event-loop delay, Redis commands and PostgreSQL
 * statements per reply, lost messages, 5xx. Optional levels stop once past the knee (p99 gap >
 * 250 ms); then 1,000 idle live event-stream subscribers (`GET /events`) held open during one more
 * level; then (if a level missed the targets) a CPU profile of one instance during a rerun of the
 * knee level. Writes `DIR/NAME.json` and `DIR/NAME.md` (default bench/results/load.*).
 *
 * Every phase has a count and a deadline; every child is killed at the end, on SIGINT and on an
 * exception (`processes.ts`).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../packages/agent-server/src/test-utils/postgres-server.ts';
import { startRedis } from '../../packages/agent-server/src/test-utils/redis-server.ts';
import { abRounds, abSummary, parseVariant, renderAb } from './ab.ts';
import { findKnee, KNEE_GAP_MS, shouldRun, TARGET_RSS_KB, type LevelResult } from './analysis.ts';
import { enableStatementStats, psql } from './backends.ts';
import { fmt, runLevel, settle, startInstance, summary, type Env, type Instance, type LevelConfig } from './level.ts';
import { killAll, onCleanup, startChild } from './processes.ts';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import { renderReport, type IdleResult, type LoadReport } from './report.ts';
import type { GeneratorPlan, InstanceOptions, SubscribeResult } from './types.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const numbers = (value: string) => value.split(',').filter(Boolean).map(Number);
const config = {
  levels: numbers(option('levels') ?? '100,250,500,750,1000'),
  required: numbers(option('required') ?? '100,500,1000'),
  deltas: Number(option('deltas') ?? 120),
  intervalMs: Number(option('interval') ?? 50),
  staggerMs: Number(option('stagger') ?? 1500),
  generators: Number(option('generators') ?? 2),
  idle: Number(option('idle') ?? 1000),
  idleWith: option('idle-with') === undefined ? undefined : Number(option('idle-with')),
  poolSize: Number(option('pool') ?? 10),
  autoPipelining: argv.includes('--redis-auto-pipelining'),
  ab: option('ab'),
  rounds: Number(option('rounds') ?? 2),
  profile: option('profile') ?? 'knee',
  users: 100,
};
const outDir = path.resolve(option('out') ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'results'));
const name = option('name') ?? 'load';
const nominalMs = config.deltas * config.intervalMs;
// A stream not done by 3 × its nominal length (after the last start) counts as cut; the run stays bounded.
const streamDeadlineMs = config.staggerMs + 3 * nominalMs + 10_000;
const READ_BACK_DEADLINE_MS = 30_000;
const RUN_DEADLINE = Date.now() + 10 * 60_000 + 60_000;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const levelConfig: LevelConfig = {
  generators: config.generators,
  staggerMs: config.staggerMs,
  streamDeadlineMs,
  readBackDeadlineMs: READ_BACK_DEADLINE_MS,
  users: config.users,
  runDeadline: RUN_DEADLINE,
};

async function idleSubscribers(env: Env, concurrency: number, baseline: LevelResult | undefined): Promise<IdleResult> {
  const { instances } = env;
  await settle(instances);
  await sleep(1000);
  const before = await Promise.all(instances.map((i) => i.stats()));
  const per = Math.ceil(config.idle / config.generators);
  const subscribers = Array.from({ length: Math.ceil(config.idle / per) }, (_, k) =>
    startChild('generator.ts', { mode: 'subscribe', ports: instances.map((i) => i.port), first: k * per, count: Math.min(per, config.idle - k * per), tag: `idle-${Date.now()}`, deadlineMs: 5 * 60_000 } satisfies GeneratorPlan),
  );
  try {
    const ready = await Promise.all(subscribers.map((s) => s.next<SubscribeResult>(60_000)));
    const opened = ready.reduce((s, r) => s + r.opened, 0);
    const statuses: Record<string, number> = {};
    for (const r of ready) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
    log(`idle subscribers: ${opened}/${config.idle} open (${JSON.stringify(statuses)})`);
    if (opened === 0) {
      return { subscribers: config.idle, opened, statuses, rssKBPerIdleStream: Number.NaN, eventsReceived: 0, note: `GET /events answered ${JSON.stringify(statuses)}: the live event route is not there yet` };
    }
    await sleep(2000);
    const held = await Promise.all(instances.map((i) => i.stats()));
    const rssKBPerIdleStream = (held.reduce((s, h, k) => s + h.rssMB - before[k]!.rssMB, 0) * 1024) / opened;
    log(`idle subscribers: ${fmt(rssKBPerIdleStream)} KB RSS per open idle stream; now C=${concurrency} replies alongside`);
    const level = await runLevel(env, concurrency, `idle-c${concurrency}-${Date.now()}`, opened);
    log(summary(level));
    for (const s of subscribers) s.send('close');
    const closed = await Promise.all(subscribers.map((s) => s.next<SubscribeResult>(30_000)));
    return { subscribers: config.idle, opened, statuses, rssKBPerIdleStream, eventsReceived: closed.reduce((s, c) => s + c.events, 0), level, ...(baseline ? { baseline } : {}) };
  } finally {
    await Promise.all(subscribers.map((s) => s.stop()));
  }
}

async function profileLevel(env: Env, concurrency: number): Promise<ProfileSummary & { concurrency: number; file: string; rerun: string }> {
  const file = path.join(os.tmpdir(), `bench-load-${process.pid}-c${concurrency}.cpuprofile`);
  await settle(env.instances);
  await env.instances[0]!.post('/__profile/start');
  const level = await runLevel(env, concurrency, `profile-c${concurrency}-${Date.now()}`);
  await env.instances[0]!.post(`/__profile/stop?out=${encodeURIComponent(file)}`);
  log(`profiled rerun: ${summary(level)}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  return { concurrency, file, rerun: summary(level), ...summariseProfile(profile, 20) };
}

async function main() {
  const meta = {
    date: new Date().toISOString(),
    machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    node: process.version,
    loadAverageAtStart: os.loadavg(),
    command: `pnpm bench:load${argv.length ? ` ${argv.join(' ')}` : ''}`,
    config: { ...config, streamDeadlineMs, nominalReplyMs: nominalMs },
  };
  log(`PostgreSQL and Redis on loopback (${meta.machine}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);
  const [pg, redis] = await Promise.all([startPostgres({ settings: { shared_preload_libraries: 'pg_stat_statements', max_connections: '100' } }), startRedis()]);
  onCleanup(() => pg.destroy());
  onCleanup(() => redis.destroy());
  enableStatementStats(pg.port);
  const pgVersion = psql(pg.port, 'show server_version');
  const options: InstanceOptions = { postgres: pg.connectionString, redis: redis.url, deltas: config.deltas, intervalMs: config.intervalMs, poolSize: config.poolSize, autoPipelining: config.autoPipelining };
  const startPair = async (arm: InstanceOptions): Promise<Env> => {
    // One after the other: the first runs the store's migrations.
    const instances: Instance[] = [];
    for (let k = 0; k < 2; k++) instances.push(await startInstance(arm));
    log(`instances on ports ${instances.map((i) => `${i.port} (pid ${i.child.pid})`).join(', ')}`);
    return { instances, pgPort: pg.port, redisPort: redis.port, config: levelConfig };
  };
  if (config.ab !== undefined) {
    const variant = parseVariant(config.ab);
    const concurrency = config.levels[0] ?? 500;
    const runs = await abRounds({
      variant,
      concurrency,
      rounds: config.rounds,
      runLevel,
      log,
      withInstances: async (arm, fn) => {
        const env = await startPair({ ...options, ...arm });
        try {
          return await fn(env);
        } finally {
          await Promise.all(env.instances.map((i) => i.child.stop()));
        }
      },
    });
    const md = renderAb({ ...meta, loadAverage: meta.loadAverageAtStart }, variant, concurrency, runs);
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify({ meta, variant, concurrency, runs }, null, 1));
    writeFileSync(path.join(outDir, `${name}.md`), md);
    console.log(`\n${md}`);
    return;
  }
  const env = await startPair(options);
  const { instances } = env;

  // Warm-up (JIT, pools, migrations, Redis connections): not recorded.
  log(summary(await runLevel(env, Math.min(50, config.levels[0] ?? 50), `warmup-${Date.now()}`)).replace(/^/, 'warm-up '));

  const levels: LevelResult[] = [];
  for (const c of config.levels) {
    if (Date.now() > RUN_DEADLINE - 90_000) {
      log(`C=${c}: skipped, the run's deadline is near`);
      continue;
    }
    if (!shouldRun(c, config.required, levels)) {
      log(`C=${c}: skipped (past the knee, not a required level)`);
      continue;
    }
    const level = await runLevel(env, c, `c${c}-${Date.now()}`);
    levels.push(level);
    log(summary(level));
  }
  const knee = findKnee(levels);

  let idle: IdleResult | undefined;
  if (config.idle > 0) {
    // Alongside the largest level that held the targets (≤ 500), so a slowdown shows against its row.
    const withC = config.idleWith ?? Math.min(500, Math.max(knee.lastGood, config.levels[0] ?? 100));
    const baseline = levels.find((l) => l.concurrency === withC);
    idle = await idleSubscribers(env, withC, baseline);
  }

  let profile: Awaited<ReturnType<typeof profileLevel>> | undefined;
  const missed = levels.some((l) => !(l.gapP99Ms <= KNEE_GAP_MS) || !(l.rssKBPerStream <= TARGET_RSS_KB));
  const profileC = config.profile === 'none' ? undefined : config.profile === 'knee' ? (missed ? (knee.firstBad ?? Math.max(...levels.map((l) => l.concurrency))) : undefined) : Number(config.profile);
  if (profileC !== undefined && Date.now() < RUN_DEADLINE - 60_000) {
    log(`CPU profile of instance A during a rerun of C=${profileC}`);
    profile = await profileLevel(env, profileC);
    rmSync(profile.file, { force: true });
  }

  await Promise.all(instances.map((i) => i.child.stop()));
  const result = { meta: { ...meta, postgres: pgVersion, loadAverageAtEnd: os.loadavg(), wallS: (Date.now() - started) / 1000 }, levels, knee, idle, profile };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(result, null, 1));
  writeMarkdown(result);
}

/** `NAME.md` from a run's result and the candidate fixes measured with `--ab` beside it (`NAME-ab-*.json`). */
function writeMarkdown(result: Omit<LoadReport, 'candidates'>): void {
  const candidates = readdirSync(outDir)
    .filter((f) => f.startsWith(`${name}-ab-`) && f.endsWith('.json'))
    .map((f) => abSummary(f.replace(/\.json$/, '.md'), JSON.parse(readFileSync(path.join(outDir, f), 'utf8')) as Parameters<typeof abSummary>[1]));
  const md = renderReport({ ...result, candidates });
  writeFileSync(path.join(outDir, `${name}.md`), md);
  console.log(`\n${md}`);
  log(`wrote ${path.join(outDir, `${name}.md`)}`);
}

try {
  // --render-only: NAME.md again from NAME.json (e.g. after an --ab run), nothing started.
  if (argv.includes('--render-only')) writeMarkdown(JSON.parse(readFileSync(path.join(outDir, `${name}.json`), 'utf8')) as LoadReport);
  else await main();
} finally {
  killAll();
}
