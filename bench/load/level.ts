/**
 * One level of `pnpm bench:load`: the server instances as the orchestrator sees them, and a level —
 * C replies over both instances with the servers', PostgreSQL's and Redis' counters around them,
 * then the read-back of every conversation.
 */
import os from 'node:os';
import { percentile } from '../render/stats.ts';
import type { LevelResult } from './analysis.ts';
import { deltas, machineTicks, pgCounters, redisCounters } from './backends.ts';
import { startChild, type Child } from './processes.ts';
import type { GeneratorPlan, InstanceOptions, InstanceStats, ReadBackResult, StreamedResult } from './types.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How levels run: generators, start window, deadlines (from the command line). */
export interface LevelConfig {
  generators: number;
  staggerMs: number;
  streamDeadlineMs: number;
  readBackDeadlineMs: number;
  users: number;
  /** Nothing samples past this (epoch ms). */
  runDeadline: number;
}

export interface Instance {
  child: Child;
  port: number;
  stats(reset?: boolean): Promise<InstanceStats>;
  post(pathname: string): Promise<unknown>;
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const child = startChild('instance.ts', options);
  const { port } = await child.next<{ port: number }>(60_000);
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    // A starved machine can hold an answer for seconds: three tries of 20 s each.
    stats: async (reset = false) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return (await (await fetch(`${base}/__stats${reset ? '?reset=1' : ''}`, { signal: AbortSignal.timeout(20_000) })).json()) as InstanceStats;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    },
    post: async (pathname) => (await fetch(`${base}${pathname}`, { method: 'POST', signal: AbortSignal.timeout(30_000) })).json(),
  };
}

/** Polls until no stream is open on the instances beyond `held` (idle subscribers), bounded. */
export async function settle(instances: Instance[], maxMs = 15_000, held = 0): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const open = (await Promise.all(instances.map((i) => i.stats()))).reduce((sum, s) => sum + s.openStreams, 0);
    if (open <= held) return;
    await sleep(200);
  }
}

/** Samples every instance's RSS every 250 ms until stopped: the peaks. */
function samplePeaks(instances: Instance[], runDeadline: number) {
  const peaks = instances.map(() => 0);
  let sampling = true;
  const loop = (async () => {
    while (sampling && Date.now() < runDeadline) {
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

export interface Env {
  instances: Instance[];
  pgPort: number;
  redisPort: number;
  config: LevelConfig;
}

/** One level: C replies over both instances, the servers' counters around them, then the read-back. */
export async function runLevel(env: Env, concurrency: number, tag: string, idleSubscribers = 0): Promise<LevelResult> {
  const { instances, config } = env;
  await settle(instances, 15_000, idleSubscribers);
  await sleep(500);
  const before = await Promise.all(instances.map((i) => i.stats(true)));
  const pg0 = pgCounters(env.pgPort);
  const redis0 = redisCounters(env.redisPort);
  const machine0 = machineTicks();
  const t0 = performance.now();
  const peaks = samplePeaks(instances, config.runDeadline);
  const per = Math.ceil(concurrency / config.generators);
  const generators = Array.from({ length: Math.min(config.generators, Math.ceil(concurrency / per)) }, (_, k) => {
    const plan: GeneratorPlan = {
      mode: 'replies',
      ports: instances.map((i) => i.port),
      first: k * per,
      count: Math.min(per, concurrency - k * per),
      total: concurrency,
      staggerMs: config.staggerMs,
      deadlineMs: config.streamDeadlineMs,
      readBackDeadlineMs: config.readBackDeadlineMs,
      tag,
      users: config.users,
    };
    return startChild('generator.ts', plan);
  });
  const streamed = await Promise.all(generators.map((g) => g.next<StreamedResult>(config.streamDeadlineMs + 30_000)));
  // The runs end (reply saved, run log closed) just after their last chunk: count the servers' work once they did.
  await settle(instances, 10_000, idleSubscribers);
  const wallS = (performance.now() - t0) / 1000;
  const peakRss = await peaks.stop();
  const after = await Promise.all(instances.map((i) => i.stats()));
  const pg1 = pgCounters(env.pgPort);
  const redis1 = redisCounters(env.redisPort);
  const machine1 = machineTicks();
  for (const g of generators) g.send('read back');
  const readBacks = await Promise.all(generators.map((g) => g.next<ReadBackResult>(config.readBackDeadlineMs + 30_000)));
  await Promise.all(generators.map((g) => g.stop()));
  const afterReadBack = await Promise.all(instances.map((i) => i.stats()));

  const sum = <T>(list: T[], f: (x: T) => number) => list.reduce((s, x) => s + f(x), 0);
  const completed = sum(streamed, (s) => s.completed);
  const chunks = sum(streamed, (s) => s.chunks);
  // Per reply the servers ran: every start they accepted (a stream the client cut at its deadline still runs to its end, `onDisconnect: 'continue'`).
  const accepted = sum(streamed, (s) => s.started - s.status5xx - s.errors.status4xx - s.errors.network);
  const perReply = (n: number) => n / Math.max(1, accepted);
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
    accepted,
    completed,
    peakOpenStreams: openPeak,
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

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
/** One line per level for the log. */
export const summary = (l: LevelResult) =>
  `C=${l.concurrency}${l.idleSubscribers ? ` + ${l.idleSubscribers} idle` : ''}: ${l.completed}/${l.started} done, gap p50/p99 ${fmt(l.gapP50Ms)}/${fmt(l.gapP99Ms)} ms, TTFB p50/p99 ${fmt(
    l.ttfbP50Ms,
  )}/${fmt(l.ttfbP99Ms)} ms, CPU ${fmt(l.cpuMsPerChunk, 3)} ms/chunk (${l.instances.map((i) => fmt(i.cpuPct, 0)).join('/')} %), RSS ${fmt(l.rssKBPerStream)} KB/stream, ELD p99 ${l.instances
    .map((i) => fmt(i.eldP99Ms, 0))
    .join('/')} ms, Redis ${fmt(l.redisOpsPerReply)}/reply, PG ${fmt(l.pgStatementsPerReply)}/reply, lost ${l.lost}, 5xx ${l.status5xx}, machine ${fmt(l.machineBusyPct, 0)} %${
    l.firstError ? `, first error: ${l.firstError}` : ''
  }`;

