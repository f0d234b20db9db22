/**
 * `pnpm bench:load [--levels=100,250,500,750,1000] [--required=100,500,1000] [--deltas=120]
 *   [--interval=50] [--stagger=1500] [--generators=2] [--idle=1000] [--idle-with=C] [--pool=10]
 *   [--profile=knee|none|C] [--redis-auto-pipelining] [--out=DIR] [--name=load]`
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
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres } from '../../packages/agent-server/src/test-utils/postgres-server.ts';
import { startRedis } from '../../packages/agent-server/src/test-utils/redis-server.ts';
import { percentile } from '../render/stats.ts';
import { findKnee, KNEE_GAP_MS, shouldRun, TARGET_RSS_KB, type LevelResult } from './analysis.ts';
import { deltas, enableStatementStats, machineTicks, pgCounters, psql, redisCounters } from './backends.ts';
import { killAll, onCleanup, startChild, type Child } from './processes.ts';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import { renderReport } from './report.ts';
import type { GeneratorPlan, InstanceOptions, InstanceStats, ReadBackResult, StreamedResult, SubscribeResult } from './types.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
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

interface Instance {
  child: Child;
  port: number;
  stats(reset?: boolean): Promise<InstanceStats>;
  post(pathname: string): Promise<unknown>;
}

async function startInstance(options: InstanceOptions): Promise<Instance> {
  const child = startChild('instance.ts', options);
  const { port } = await child.next<{ port: number }>(60_000);
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    stats: async (reset = false) => (await fetch(`${base}/__stats${reset ? '?reset=1' : ''}`, { signal: AbortSignal.timeout(10_000) })).json() as Promise<InstanceStats>,
    post: async (pathname) => (await fetch(`${base}${pathname}`, { method: 'POST', signal: AbortSignal.timeout(30_000) })).json(),
  };
}

/** Polls until no stream is open on the instances beyond `held` (idle subscribers), bounded. */
async function settle(instances: Instance[], maxMs = 15_000, held = 0): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const open = (await Promise.all(instances.map((i) => i.stats()))).reduce((sum, s) => sum + s.openStreams, 0);
    if (open <= held) return;
    await sleep(200);
  }
}

/** Samples every instance's RSS every 250 ms until stopped: the peaks. */
function samplePeaks(instances: Instance[]) {
  const peaks = instances.map(() => 0);
  let sampling = true;
  const loop = (async () => {
    while (sampling && Date.now() < RUN_DEADLINE) {
      const all = await Promise.all(instances.map((i) => i.stats().catch(() => undefined)));
      all.forEach((s, k) => (peaks[k] = Math.max(peaks[k]!, s?.rssMB ?? 0)));
      await sleep(250);
    }
  })();
  return {
    async stop() {
      sampling = false;
      await loop;
      return peaks;
    },
  };
}

interface Env {
  instances: Instance[];
  pgPort: number;
  redisPort: number;
}

/** One level: C replies over both instances, the servers' counters around them, then the read-back. */
async function runLevel(env: Env, concurrency: number, tag: string, idleSubscribers = 0): Promise<LevelResult> {
  const { instances } = env;
  await settle(instances, 15_000, idleSubscribers);
  await sleep(500);
  const before = await Promise.all(instances.map((i) => i.stats(true)));
  const pg0 = pgCounters(env.pgPort);
  const redis0 = redisCounters(env.redisPort);
  const machine0 = machineTicks();
  const t0 = performance.now();
  const peaks = samplePeaks(instances);
  const per = Math.ceil(concurrency / config.generators);
  const generators = Array.from({ length: Math.min(config.generators, Math.ceil(concurrency / per)) }, (_, k) => {
    const plan: GeneratorPlan = {
      mode: 'replies',
      ports: instances.map((i) => i.port),
      first: k * per,
      count: Math.min(per, concurrency - k * per),
      total: concurrency,
      staggerMs: config.staggerMs,
      deadlineMs: streamDeadlineMs,
      readBackDeadlineMs: READ_BACK_DEADLINE_MS,
      tag,
      users: config.users,
    };
    return startChild('generator.ts', plan);
  });
  const streamed = await Promise.all(generators.map((g) => g.next<StreamedResult>(streamDeadlineMs + 30_000)));
  // The runs end (reply saved, run log closed) just after their last chunk: count the servers' work once they did.
  await settle(instances, 10_000, idleSubscribers);
  const wallS = (performance.now() - t0) / 1000;
  const peakRss = await peaks.stop();
  const after = await Promise.all(instances.map((i) => i.stats()));
  const pg1 = pgCounters(env.pgPort);
  const redis1 = redisCounters(env.redisPort);
  const machine1 = machineTicks();
  for (const g of generators) g.send('read back');
  const readBacks = await Promise.all(generators.map((g) => g.next<ReadBackResult>(READ_BACK_DEADLINE_MS + 30_000)));
  await Promise.all(generators.map((g) => g.stop()));
  const afterReadBack = await Promise.all(instances.map((i) => i.stats()));

  const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((s, x) => s + f(x), 0);
  const completed = sum(streamed, (s) => s.completed);
  const chunks = sum(streamed, (s) => s.chunks);
  const perReply = (n: number) => n / Math.max(1, completed);
  const gaps = streamed.flatMap((s) => s.gaps);
  const ttfb = streamed.flatMap((s) => s.ttfbMs);
  const firstDelta = streamed.flatMap((s) => s.firstDeltaMs);
  const cpuUs = after.reduce((s, a, k) => s + a.cpuUs - before[k]!.cpuUs, 0);
  const rssGrowth = peakRss.reduce((s, p, k) => s + Math.max(0, p - before[k]!.rssMB), 0);
  // Reply streams at the peak (the idle subscribers were open before and are in the RSS before).
  const openPeak = after.reduce((s, a) => s + a.peakOpenStreams, 0) - idleSubscribers;
  const redisByCommand = deltas(redis1.byCommand, redis0.byCommand);
  const pgByStatement = deltas(pg1.byStatement, pg0.byStatement);
  const errors: Record<string, number> = {};
  for (const s of streamed) for (const [key, n] of Object.entries(s.errors)) errors[key] = (errors[key] ?? 0) + n;
  const server5xx = afterReadBack.reduce((s, a, k) => s + a.status5xx - before[k]!.status5xx, 0);
  const machineBusyPct = ((machine1.busy - machine0.busy) / Math.max(1, machine1.total - machine0.total)) * 100;
  const mismatched = sum(readBacks, (r) => r.mismatched);
  const missing = sum(readBacks, (r) => r.missing);
  return {
    concurrency,
    idleSubscribers,
    started: sum(streamed, (s) => s.started),
    completed,
    wallS,
    gapP50Ms: percentile(gaps, 50),
    gapP99Ms: percentile(gaps, 99),
    ttfbP50Ms: percentile(ttfb, 50),
    ttfbP99Ms: percentile(ttfb, 99),
    firstDeltaP50Ms: percentile(firstDelta, 50),
    firstDeltaP99Ms: percentile(firstDelta, 99),
    chunks,
    cpuMsPerChunk: cpuUs / 1000 / Math.max(1, chunks),
    cpuMsPerReply: perReply(cpuUs / 1000),
    rssKBPerStream: (rssGrowth * 1024) / Math.max(1, openPeak),
    instances: instances.map((_, k) => ({
      cpuPct: ((after[k]!.cpuUs - before[k]!.cpuUs) / 1e6 / wallS) * 100,
      eldP99Ms: after[k]!.eldP99Ms,
      eldMaxMs: after[k]!.eldMaxMs,
      idleRssMB: before[k]!.rssMB,
      peakRssMB: peakRss[k]!,
      peakOpenStreams: after[k]!.peakOpenStreams,
      poolWaitingPeak: after[k]!.poolWaitingPeak,
      status5xx: afterReadBack[k]!.status5xx - before[k]!.status5xx,
    })),
    redisOpsPerReply: perReply(redis1.commands - redis0.commands),
    redisByCommandPerReply: Object.fromEntries(Object.entries(redisByCommand).map(([k, n]) => [k, perReply(n)])),
    redisCpuPct: ((redis1.cpuUs - redis0.cpuUs) / 1e6 / wallS) * 100,
    pgStatementsPerReply: perReply(pg1.statements - pg0.statements),
    pgXactPerReply: perReply(pg1.xactCommit - pg0.xactCommit),
    pgTuplesPerReply: perReply(pg1.tuples - pg0.tuples),
    pgExecMsPerReply: perReply(pg1.execMs - pg0.execMs),
    pgTopStatementsPerReply: Object.entries(pgByStatement)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([statement, n]) => ({ statement, perReply: perReply(n), meanMs: ((pg1.execMsByStatement[statement] ?? 0) - (pg0.execMsByStatement[statement] ?? 0)) / Math.max(1, n) })),
    pgCpuPct: (Math.max(0, pg1.cpuUs - pg0.cpuUs) / 1e6 / wallS) * 100,
    lost: mismatched + missing,
    lostDetail: { mismatched, missing, checked: sum(readBacks, (r) => r.checked), ...(readBacks.find((r) => r.firstMismatch) ? { firstMismatch: readBacks.find((r) => r.firstMismatch)!.firstMismatch! } : {}) },
    status5xx: Math.max(server5xx, sum(streamed, (s) => s.status5xx) + sum(readBacks, (r) => r.status5xx)),
    errors,
    ...(streamed.find((s) => s.firstError) ? { firstError: streamed.find((s) => s.firstError)!.firstError! } : {}),
    generatorCpuPct: (sum(streamed, (s) => s.cpuUs) / 1e6 / wallS) * 100,
    generatorEldP99Ms: Math.max(...streamed.map((s) => s.eldP99Ms)),
    machineBusyPct,
    othersPct: Math.max(0, machineBusyPct - (((cpuUs + sum(streamed, (s) => s.cpuUs) + Math.max(0, pg1.cpuUs - pg0.cpuUs) + (redis1.cpuUs - redis0.cpuUs)) / 1e6 / wallS) * 100) / os.cpus().length),
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
const summary = (l: LevelResult) =>
  `C=${l.concurrency}${l.idleSubscribers ? ` + ${l.idleSubscribers} idle` : ''}: ${l.completed}/${l.started} done, gap p50/p99 ${fmt(l.gapP50Ms)}/${fmt(l.gapP99Ms)} ms, TTFB p50/p99 ${fmt(
    l.ttfbP50Ms,
  )}/${fmt(l.ttfbP99Ms)} ms, CPU ${fmt(l.cpuMsPerChunk, 3)} ms/chunk (${l.instances.map((i) => fmt(i.cpuPct, 0)).join('/')} %), RSS ${fmt(l.rssKBPerStream)} KB/stream, ELD p99 ${l.instances
    .map((i) => fmt(i.eldP99Ms, 0))
    .join('/')} ms, Redis ${fmt(l.redisOpsPerReply)}/reply, PG ${fmt(l.pgStatementsPerReply)}/reply, lost ${l.lost}, 5xx ${l.status5xx}, machine ${fmt(l.machineBusyPct, 0)} %${
    l.firstError ? `, first error: ${l.firstError}` : ''
  }`;

interface IdleResult {
  subscribers: number;
  opened: number;
  statuses: Record<string, number>;
  /** (RSS with the streams open − RSS before) ÷ open streams, over both instances. */
  rssKBPerIdleStream: number;
  eventsReceived: number;
  level?: LevelResult;
  /** The same concurrency without subscribers (the level run before), for comparison. */
  baseline?: LevelResult;
  note?: string;
}

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

async function profileLevel(env: Env, concurrency: number): Promise<ProfileSummary & { concurrency: number; file: string }> {
  const file = path.join(os.tmpdir(), `bench-load-${process.pid}-c${concurrency}.cpuprofile`);
  await settle(env.instances);
  await env.instances[0]!.post('/__profile/start');
  const level = await runLevel(env, concurrency, `profile-c${concurrency}-${Date.now()}`);
  await env.instances[0]!.post(`/__profile/stop?out=${encodeURIComponent(file)}`);
  log(`profiled rerun: ${summary(level)}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  return { concurrency, file, ...summariseProfile(profile, 20) };
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
  // One after the other: the first runs the store's migrations.
  const instances: Instance[] = [];
  for (let k = 0; k < 2; k++) instances.push(await startInstance(options));
  log(`instances on ports ${instances.map((i) => `${i.port} (pid ${i.child.pid})`).join(', ')}`);
  const env: Env = { instances, pgPort: pg.port, redisPort: redis.port };

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
  const md = renderReport(result);
  writeFileSync(path.join(outDir, `${name}.md`), md);
  console.log(`\n${md}`);
  log(`wrote ${path.join(outDir, `${name}.json`)} and ${name}.md`);
}

try {
  await main();
} finally {
  killAll();
}
