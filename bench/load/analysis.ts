/** The numbers of one level of `pnpm bench:load`, the knee and what saturates first (pure functions). */

/** p99 gap between chunks above which a level is past the knee (issue 34). */
export const KNEE_GAP_MS = 250;
/** RSS per open stream the issue targets. */
export const TARGET_RSS_KB = 64;

export interface InstanceLevel {
  cpuPct: number;
  eldP99Ms: number;
  eldMaxMs: number;
  idleRssMB: number;
  peakRssMB: number;
  peakOpenStreams: number;
  poolWaitingPeak: number;
  status5xx: number;
}

export interface LevelResult {
  concurrency: number;
  /** Idle live event streams held open during the level (0 in the plain levels). */
  idleSubscribers: number;
  started: number;
  /** Replies the servers accepted and ran (started − 5xx − refused − network failures): the divisor of the per-reply counts. */
  accepted: number;
  completed: number;
  /** Reply streams open at once at the peak, over both instances: the concurrency reached (a slow start leaves it below C). */
  peakOpenStreams: number;
  wallS: number;
  gapP50Ms: number;
  gapP99Ms: number;
  ttfbP50Ms: number;
  ttfbP99Ms: number;
  firstDeltaP50Ms: number;
  firstDeltaP99Ms: number;
  chunks: number;
  cpuMsPerChunk: number;
  /** Both instances' CPU per reply (the turn's setup, store and log writes included). */
  cpuMsPerReply: number;
  rssKBPerStream: number;
  instances: InstanceLevel[];
  redisOpsPerReply: number;
  redisByCommandPerReply: Record<string, number>;
  redisCpuPct: number;
  pgStatementsPerReply: number;
  pgXactPerReply: number;
  pgTuplesPerReply: number;
  /** Time spent executing statements inside PostgreSQL per reply (`total_exec_time`). */
  pgExecMsPerReply: number;
  pgTopStatementsPerReply: Array<{ statement: string; perReply: number; meanMs: number }>;
  pgCpuPct: number;
  lost: number;
  lostDetail: { mismatched: number; missing: number; checked: number; firstMismatch?: string };
  status5xx: number;
  errors: Record<string, number>;
  firstError?: string;
  generatorCpuPct: number;
  generatorEldP99Ms: number;
  machineBusyPct: number;
  /** Busy % of the machine not spent by the bench's processes (instances, generators, PostgreSQL, Redis): other work sharing the cores. */
  othersPct: number;
  loadAverage: number;
}

/** A resource's signal at one level, with the threshold it crossed. */
export interface Signal {
  resource: string;
  value: string;
  saturated: boolean;
}

/** What each resource shows at a level; `saturated` when it crossed its threshold. */
export function signals(level: LevelResult): Signal[] {
  const maxCpu = Math.max(...level.instances.map((i) => i.cpuPct));
  const maxEld = Math.max(...level.instances.map((i) => i.eldP99Ms));
  const maxWaiting = Math.max(...level.instances.map((i) => i.poolWaitingPeak));
  const fmt = (n: number) => n.toFixed(0);
  return [
    { resource: 'server CPU (one core per instance)', value: `${level.instances.map((i) => fmt(i.cpuPct)).join(' / ')} % of a core`, saturated: maxCpu >= 85 },
    { resource: 'server event loop', value: `delay p99 ${level.instances.map((i) => fmt(i.eldP99Ms)).join(' / ')} ms`, saturated: maxEld >= 100 },
    { resource: 'PostgreSQL pool', value: `peak ${level.instances.map((i) => i.poolWaitingPeak).join(' / ')} callers waiting for a connection`, saturated: maxWaiting >= 10 },
    { resource: 'PostgreSQL CPU', value: `${fmt(level.pgCpuPct)} % of a core`, saturated: level.pgCpuPct >= 80 },
    { resource: 'Redis CPU', value: `${fmt(level.redisCpuPct)} % of a core`, saturated: level.redisCpuPct >= 80 },
    {
      resource: "the machine's cores",
      value: `${fmt(level.machineBusyPct)} % busy, ${fmt(level.othersPct)} % of it other work than the bench (load average ${level.loadAverage.toFixed(1)})`,
      saturated: level.machineBusyPct >= 95,
    },
    { resource: 'load generator', value: `${fmt(level.generatorCpuPct)} % of a core, event-loop delay p99 ${fmt(level.generatorEldP99Ms)} ms`, saturated: level.generatorEldP99Ms >= 100 },
  ];
}

export interface Knee {
  /** Largest level whose p99 gap stays ≤ 250 ms (0: none). */
  lastGood: number;
  /** Smallest level whose p99 gap exceeds 250 ms (undefined: none of the levels). */
  firstBad: number | undefined;
  /** Resources saturated at the lowest level where any was, in `signals` order. */
  saturatesFirst: { concurrency: number; resources: string[] } | undefined;
}

export function findKnee(levels: LevelResult[]): Knee {
  const sorted = [...levels].sort((a, b) => a.concurrency - b.concurrency);
  const firstBad = sorted.find((l) => !(l.gapP99Ms <= KNEE_GAP_MS))?.concurrency;
  const lastGood = Math.max(0, ...sorted.filter((l) => l.gapP99Ms <= KNEE_GAP_MS && (firstBad === undefined || l.concurrency < firstBad)).map((l) => l.concurrency));
  let saturatesFirst: Knee['saturatesFirst'];
  for (const level of sorted) {
    const resources = signals(level)
      .filter((s) => s.saturated)
      .map((s) => s.resource);
    if (resources.length > 0) {
      saturatesFirst = { concurrency: level.concurrency, resources };
      break;
    }
  }
  return { lastGood, firstBad, saturatesFirst };
}

/** Whether the next level is still worth running: required ones always; optional ones only until the knee is passed. */
export function shouldRun(concurrency: number, required: readonly number[], done: LevelResult[]): boolean {
  if (required.includes(concurrency)) return true;
  return findKnee(done).firstBad === undefined;
}
