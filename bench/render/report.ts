/**
 * Paired ratios (ours/baseline, ours/peer per round, median + 95% bootstrap CI), the A/A control,
 * the §5.8 targets marked met / not met, and the markdown table.
 */
import type { RepMetrics } from './measure.ts';
import { bootstrapCI, fmt, median } from './stats.ts';

export type Contender = 'baseline' | 'peer' | 'ours' | 'ours-aa';
/** results[scenario][contender][round] */
export type Results = Record<string, Partial<Record<Contender, RepMetrics[]>>>;

interface Row {
  scenario: string;
  metric: keyof RepMetrics;
  label: string;
  /** Counter (exact) or wall-time metric: decides the A/A validity band. */
  kind: 'counter' | 'time';
  vsBaseline?: number;
  vsPeer?: number;
  /** Absolute gate on ours' median. */
  gate?: { max: number; text: string; metric?: keyof RepMetrics };
}

/** The rows of the table: §5.8's targets where the method states one, else reported only. */
export const ROWS: Row[] = [
  { scenario: 'S1', metric: 'commitsPerToken', label: 'commits per token', kind: 'counter', vsBaseline: 1.0, vsPeer: 0.5 },
  { scenario: 'S1', metric: 'commitsPerSec', label: 'commits per second', kind: 'counter', gate: { max: 60, text: '≤ 60/s' } },
  { scenario: 'S1', metric: 'lagP95', label: 'display lag p95 (ms)', kind: 'time', gate: { max: 33, text: '≤ 33 ms' } },
  { scenario: 'S1', metric: 'msPer100Tokens', label: 'main-thread ms per 100 tokens', kind: 'time' },
  { scenario: 'S2', metric: 'q4MsPer1k', label: 'main-thread ms per 1k tokens, last quarter', kind: 'time' },
  { scenario: 'S2', metric: 'q4OverQ1', label: 'last / first quarter cost', kind: 'time', gate: { max: 1.5, text: '≤ 1.5' } },
  { scenario: 'S2', metric: 'longestTaskMs', label: 'longest task while streaming (ms)', kind: 'time', gate: { max: 50, text: '≤ 50 ms' } },
  { scenario: 'S2', metric: 'finalLagMs', label: 'final text lag (ms)', kind: 'time', vsBaseline: 0.2, vsPeer: 0.5, gate: { max: 50, text: '≤ 50 ms' } },
  { scenario: 'S2', metric: 'commitsPerSec', label: 'commits per second', kind: 'counter', gate: { max: 60, text: '≤ 60/s' } },
  { scenario: 'S2@4x', metric: 'q4MsPer1k', label: 'main-thread ms per 1k tokens, last quarter, 4× CPU', kind: 'time', vsBaseline: 0.25, vsPeer: 0.5 },
  { scenario: 'S2@4x', metric: 'q4OverQ1', label: 'last / first quarter cost, 4× CPU', kind: 'time', gate: { max: 1.5, text: '≤ 1.5' } },
  { scenario: 'S2@4x', metric: 'longestTaskMs', label: 'longest task while streaming, 4× CPU (ms)', kind: 'time', gate: { max: 100, text: '≤ 100 ms' } },
  {
    scenario: 'S3',
    metric: 'commitsPerSec',
    label: 'commits per second, burst replay',
    kind: 'counter',
    vsBaseline: 0.1,
    vsPeer: 0.5,
    gate: { max: 1, text: '≤ 1 commit per frame (p99)', metric: 'commitsPerFrameP99' },
  },
  { scenario: 'S3', metric: 'commits', label: 'total commits, burst replay', kind: 'counter' },
  { scenario: 'S3', metric: 'finalLagMs', label: 'last byte → final text visible (ms)', kind: 'time', vsBaseline: 0.2, vsPeer: 0.5, gate: { max: 50, text: '≤ 50 ms' } },
  { scenario: 'S3', metric: 'longestTaskMs', label: 'longest task, burst replay (ms)', kind: 'time' },
  { scenario: 'S3', metric: 'errors', label: 'page errors (React #185 etc.)', kind: 'counter', gate: { max: 0, text: '0' } },
  { scenario: 'S4@1000', metric: 'mountIdleMs', label: 'mount of 1,000 messages, time to idle (ms)', kind: 'time', vsBaseline: 0.2, vsPeer: 0.5 },
  {
    scenario: 'S4@1000',
    metric: 'mountLongestTaskMs',
    label: 'mount of 1,000 messages, longest task (ms)',
    kind: 'time',
    gate: { max: 200, text: '≤ 200 ms' },
  },
  { scenario: 'S4@1000', metric: 'domElements', label: 'DOM elements with 1,000 messages', kind: 'counter', vsBaseline: 0.1, vsPeer: 0.2, gate: { max: 10_000, text: '≤ 10k' } },
  { scenario: 'S4@1000', metric: 'heapMB', label: 'JS heap after GC with 1,000 messages (MB)', kind: 'counter' },
  { scenario: 'S4@1000', metric: 'msPer100Tokens', label: 'main-thread ms per 100 tokens at M = 1000', kind: 'time' },
  { scenario: 'S4@1000', metric: 'commitsPerToken', label: 'commits per token at M = 1000', kind: 'counter' },
  { scenario: 'S5', metric: 'inpP98', label: 'INP p98 typing while streaming (ms)', kind: 'time', vsBaseline: 0.5, vsPeer: 0.8, gate: { max: 100, text: '≤ 100 ms' } },
  { scenario: 'S5', metric: 'inpMax', label: 'worst keystroke-to-paint (ms)', kind: 'time' },
  { scenario: 'S5', metric: 'typedChars', label: 'characters in the composer after 40 keystrokes (sanity)', kind: 'counter' },
  { scenario: 'S6', metric: 'scrollDriftPx', label: 'viewport drift while scrolled up during streaming (px)', kind: 'counter', gate: { max: 0, text: '0 px' } },
  { scenario: 'S6', metric: 'scrollDetachedGapPx', label: 'distance from the bottom while scrolled up (px; > 0 = detached)', kind: 'counter' },
  { scenario: 'S6', metric: 'scrollEndGapPx', label: 'distance from the bottom at stream end after scrolling back (px)', kind: 'counter', gate: { max: 1, text: '≤ 1 px (re-stuck)' } },
  { scenario: 'S6', metric: 'scrollLoafMs', label: 'long-animation-frame blocking while scrolled up (ms)', kind: 'time' },
  { scenario: 'S8', metric: 'retainedHeapPct', label: 'heap after unmount + GC vs before mount (% of pre-mount)', kind: 'time', gate: { max: 5, text: '≤ 5%' } },
  { scenario: 'S8', metric: 'secondCycleHeapPct', label: 'heap growth over a second identical cycle (% of pre-mount; ≈ 0 = no leak)', kind: 'time' },
  { scenario: 'S8', metric: 'retainedNodes', label: 'DOM nodes retained after unmount + GC', kind: 'counter', gate: { max: 0, text: '0' } },
  { scenario: 'S8', metric: 'retainedListeners', label: 'event listeners retained after unmount + GC', kind: 'counter' },
  { scenario: 'S8', metric: 'heapMountedMB', label: 'heap after GC with 5 turns mounted (MB)', kind: 'counter' },
  { scenario: 'S7', metric: 'toolRendersPerToken', label: 'tool-part renders per text token', kind: 'counter', gate: { max: 0, text: 'exactly 0' } },
  { scenario: 'S7', metric: 'commitsPerToken', label: 'commits per token, agentic turn', kind: 'counter' },
  { scenario: 'S7', metric: 'rendersPerToken', label: 'component renders per token, agentic turn', kind: 'counter' },
];

export interface RatioStat {
  median: number;
  ci: [number, number];
  n: number;
}

export interface RowResult {
  scenario: string;
  metric: string;
  label: string;
  abs: Partial<Record<Contender, number>>;
  oursVsBaseline?: RatioStat;
  oursVsPeer?: RatioStat;
  aa?: RatioStat;
  aaValid?: boolean;
  targetVsBaseline?: { target: number; met: boolean };
  targetVsPeer?: { target: number; met: boolean };
  gate?: { text: string; value: number; met: boolean };
}

function ratio(results: Results, scenario: string, metric: keyof RepMetrics, num: Contender, den: Contender): RatioStat | undefined {
  const a = results[scenario]?.[num];
  const b = results[scenario]?.[den];
  if (!a || !b) return undefined;
  const ratios: number[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]?.[metric] as number;
    const y = b[i]?.[metric] as number;
    if (Number.isFinite(x) && Number.isFinite(y)) {
      // 0/0 (e.g. both had no long task) counts as parity.
      if (y === 0) ratios.push(x === 0 ? 1 : Number.POSITIVE_INFINITY);
      else ratios.push(x / y);
    }
  }
  if (ratios.length === 0) return undefined;
  return { median: median(ratios), ci: bootstrapCI(ratios), n: ratios.length };
}

export function evaluate(results: Results): RowResult[] {
  const out: RowResult[] = [];
  for (const row of ROWS) {
    if (!results[row.scenario]) continue;
    const abs: RowResult['abs'] = {};
    for (const c of ['baseline', 'peer', 'ours', 'ours-aa'] as Contender[]) {
      const reps = results[row.scenario]?.[c];
      if (reps) abs[c] = median(reps.map((r) => r[row.metric] as number));
    }
    const r: RowResult = { scenario: row.scenario, metric: row.metric, label: row.label, abs };
    r.oursVsBaseline = ratio(results, row.scenario, row.metric, 'ours', 'baseline');
    r.oursVsPeer = ratio(results, row.scenario, row.metric, 'ours', 'peer');
    r.aa = ratio(results, row.scenario, row.metric, 'ours-aa', 'ours');
    if (r.aa) r.aaValid = row.kind === 'time' ? r.aa.median >= 0.9 && r.aa.median <= 1.1 : r.aa.median === 1;
    if (row.vsBaseline !== undefined && r.oursVsBaseline)
      r.targetVsBaseline = { target: row.vsBaseline, met: r.oursVsBaseline.median <= row.vsBaseline };
    if (row.vsPeer !== undefined && r.oursVsPeer) r.targetVsPeer = { target: row.vsPeer, met: r.oursVsPeer.median <= row.vsPeer };
    if (row.gate) {
      const reps = results[row.scenario]?.ours;
      const value = reps ? median(reps.map((x) => x[row.gate?.metric ?? row.metric] as number)) : Number.NaN;
      r.gate = { text: row.gate.text, value, met: value <= row.gate.max };
    }
    out.push(r);
  }
  // O(1) in thread length: per-token main-thread cost at M = 1000 ÷ at M = 10 (S1, M = 0, when S4@10 was not run).
  const small = results['S4@10'] ? 'S4@10' : results.S1 ? 'S1' : undefined;
  if (results['S4@1000'] && small) {
    const abs: RowResult['abs'] = {};
    for (const c of ['baseline', 'peer', 'ours', 'ours-aa'] as Contender[]) {
      const big = results['S4@1000']?.[c];
      const ref = results[small]?.[c];
      if (big && ref) abs[c] = median(big.map((x) => x.msPer100Tokens)) / median(ref.map((x) => x.msPer100Tokens));
    }
    const value = abs.ours ?? Number.NaN;
    out.push({
      scenario: `S4@1000 ÷ ${small}`,
      metric: 'msPer100Tokens',
      label: `per-token main-thread cost, M = 1000 vs ${small === 'S1' ? 'empty thread (S1)' : 'M = 10'} (ratio of medians)`,
      abs,
      gate: { text: '≤ 1.2 (baseline/peer expected ≥ 2)', value, met: value <= 1.2 },
    });
  }
  return out;
}

const mark = (met: boolean | undefined) => (met === undefined ? '' : met ? ' ✅ met' : ' ❌ not met');
const ratioCell = (s: RatioStat | undefined, t?: { target: number; met: boolean }) =>
  s ? `${fmt(s.median)} [${fmt(s.ci[0])}–${fmt(s.ci[1])}]${t ? ` (≤ ${t.target}${mark(t.met)})` : ''}` : '—';

export function markdownTable(rows: RowResult[]): string {
  const lines = [
    '| scenario | metric | ours/baseline [95% CI] (target) | ours/peer [95% CI] (target) | A/A | baseline | peer | ours | ours-aa | absolute gate (ours) |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.scenario} | ${r.label} | ${ratioCell(r.oursVsBaseline, r.targetVsBaseline)} | ${ratioCell(r.oursVsPeer, r.targetVsPeer)} | ${
        r.aa ? `${fmt(r.aa.median)}${r.aaValid ? '' : ' ⚠'}` : '—'
      } | ${fmt(r.abs.baseline ?? Number.NaN)} | ${fmt(r.abs.peer ?? Number.NaN)} | ${fmt(r.abs.ours ?? Number.NaN)} | ${fmt(
        r.abs['ours-aa'] ?? Number.NaN,
      )} | ${r.gate ? `${r.gate.text}: ${fmt(r.gate.value)}${mark(r.gate.met)}` : '—'} |`,
    );
  }
  return lines.join('\n');
}
