/**
 * `pnpm bench:load --ab=auto-pipelining|pool=N --levels=C [--rounds=2]`: a candidate fix against
 * the default, at one level, in interleaved rounds (A B, then B A, …) on the same PostgreSQL and
 * Redis, the two instances restarted with each arm's options (and warmed up) before its level. The
 * paired ratios per round are what to read: the machine drifts between rounds.
 */
import { median } from '../render/stats.ts';
import type { LevelResult } from './analysis.ts';
import { fmt, summary, type Env } from './level.ts';
import type { InstanceOptions } from './types.ts';

export interface AbVariant {
  label: string;
  options: Partial<Pick<InstanceOptions, 'autoPipelining' | 'poolSize'>>;
}

export function parseVariant(text: string): AbVariant {
  if (text === 'auto-pipelining') return { label: 'run log on an ioredis client with enableAutoPipelining', options: { autoPipelining: true } };
  const pool = /^pool=(\d+)$/.exec(text);
  if (pool) return { label: `pg pool of ${pool[1]} connections per instance`, options: { poolSize: Number(pool[1]) } };
  throw new Error(`--ab=${text}: use auto-pipelining or pool=N`);
}

export interface AbRun {
  round: number;
  arm: 'default' | 'variant';
  level: LevelResult;
}

/** Runs the arms round by round; `withInstances` starts the two instances with the options, runs `fn`, stops them. */
export async function abRounds(p: {
  variant: AbVariant;
  concurrency: number;
  rounds: number;
  withInstances: <T>(options: AbVariant['options'], fn: (env: Env) => Promise<T>) => Promise<T>;
  runLevel: (env: Env, concurrency: number, tag: string) => Promise<LevelResult>;
  log: (line: string) => void;
}): Promise<AbRun[]> {
  const runs: AbRun[] = [];
  for (let round = 0; round < p.rounds; round++) {
    const arms: Array<AbRun['arm']> = round % 2 === 0 ? ['default', 'variant'] : ['variant', 'default'];
    for (const arm of arms) {
      const level = await p.withInstances(arm === 'variant' ? p.variant.options : {}, async (env) => {
        await p.runLevel(env, Math.min(50, p.concurrency), `ab-warmup-${round}-${arm}-${Date.now()}`);
        return p.runLevel(env, p.concurrency, `ab-${round}-${arm}-${Date.now()}`);
      });
      p.log(`A/B round ${round + 1} ${arm}: ${summary(level)}`);
      runs.push({ round, arm, level });
    }
  }
  return runs;
}

export function renderAb(meta: { date: string; machine: string; node: string; command: string; loadAverage: number[] }, variant: AbVariant, concurrency: number, runs: AbRun[]): string {
  const { ratios } = abSummary('', { variant, concurrency, runs });
  return [
    `# Load benchmark A/B — ${variant.label} (C = ${concurrency})`,
    '',
    `${meta.date} · ${meta.machine} · Node ${meta.node} · load average at start ${meta.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    '',
    `Command: \`${meta.command}\`. Arms interleaved per round (A B, then B A); each arm on two freshly started instances, warmed up with 50 replies.`,
    '',
    '| round | arm | gap p50 / p99 (ms) | TTFB p50 / p99 (ms) | CPU ms per chunk | server CPU A / B % | ELD p99 A / B (ms) | Redis ops per reply | pool waiters peak A / B | machine busy % (other work) | lost | 5xx |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      ({ round, arm, level: l }) =>
        `| ${round + 1} | ${arm} | ${fmt(l.gapP50Ms)} / ${fmt(l.gapP99Ms)} | ${fmt(l.ttfbP50Ms)} / ${fmt(l.ttfbP99Ms)} | ${fmt(l.cpuMsPerChunk, 3)} | ${l.instances.map((i) => fmt(i.cpuPct, 0)).join(' / ')} | ${l.instances
          .map((i) => fmt(i.eldP99Ms, 0))
          .join(' / ')} | ${fmt(l.redisOpsPerReply)} | ${l.instances.map((i) => i.poolWaitingPeak).join(' / ')} | ${fmt(l.machineBusyPct, 0)} (${fmt(l.othersPct, 0)}) | ${l.lost} | ${l.status5xx} |`,
    ),
    '',
    `Paired ratios variant ÷ default (median over rounds): p99 gap ${fmt(ratios.gapP99Ms, 2)}, TTFB p99 ${fmt(ratios.ttfbP99Ms, 2)}, CPU per chunk ${fmt(ratios.cpuMsPerChunk, 2)}, Redis ops per reply ${fmt(ratios.redisOpsPerReply, 2)}.`,
    '',
  ].join('\n');
}

/** The summary `report.ts` shows of an A/B run (`NAME.json` as `run.ts --ab` writes it). */
export function abSummary(file: string, saved: { variant: AbVariant; concurrency: number; runs: AbRun[] }) {
  const of = (arm: AbRun['arm']) => saved.runs.filter((r) => r.arm === arm);
  /** Variant ÷ default of the same round, median over rounds (the machine drifts between rounds). */
  const ratio = (key: 'gapP99Ms' | 'ttfbP99Ms' | 'cpuMsPerChunk' | 'redisOpsPerReply') =>
    median(of('variant').map((v) => v.level[key] / (of('default').find((d) => d.round === v.round)?.level[key] ?? Number.NaN)));
  return {
    file,
    label: saved.variant.label,
    concurrency: saved.concurrency,
    ratios: { gapP99Ms: ratio('gapP99Ms'), ttfbP99Ms: ratio('ttfbP99Ms'), cpuMsPerChunk: ratio('cpuMsPerChunk'), redisOpsPerReply: ratio('redisOpsPerReply') },
    status5xx: { default: of('default').map((r) => r.level.status5xx), variant: of('variant').map((r) => r.level.status5xx) },
  };
}
