/**
 * The S4@M/server lane (issue 34): ours opens an M-message conversation from server history, at
 * M = 1,000 and M = 10,000. What must stay flat from one to the other: the DOM elements and the JS
 * heap after GC once mounted (target: M = 10,000 within 1.1× of M = 1,000). Medians over rounds, for
 * ours and its A/A copy.
 */
import type { Contender, Results } from './report.ts';
import type { Scenario } from './scenarios.ts';
import { median } from './stats.ts';

export interface ServerHistoryRow {
  contender: Contender;
  /** Median DOM elements and heap (MB) by M. */
  dom: Record<number, number>;
  heapMB: Record<number, number>;
  /** The largest M's value ÷ the smallest M's. */
  domRatio: number;
  heapRatio: number;
}

/** The rows and the markdown section, or nothing when no S4@M/server scenario ran for two M. */
export function serverHistoryReport(scenarios: Scenario[], results: Results): { rows: ServerHistoryRow[]; md: string[] } | undefined {
  const lanes = scenarios.filter((s) => s.serverHistory && s.history !== undefined).sort((a, b) => a.history! - b.history!);
  if (lanes.length < 2) return undefined;
  const small = lanes[0]!;
  const big = lanes.at(-1)!;
  const rows: ServerHistoryRow[] = [];
  for (const contender of ['ours', 'ours-aa'] as const) {
    const dom: Record<number, number> = {};
    const heapMB: Record<number, number> = {};
    for (const lane of lanes) {
      const reps = (results[lane.id]?.[contender] ?? []).filter((r) => Number.isFinite(r.domElements));
      if (reps.length === 0) continue;
      dom[lane.history!] = median(reps.map((r) => r.domElements));
      heapMB[lane.history!] = median(reps.map((r) => r.heapMB));
    }
    const ratio = (values: Record<number, number>) => (values[big.history!] ?? Number.NaN) / (values[small.history!] ?? Number.NaN);
    if (Object.keys(dom).length === lanes.length) rows.push({ contender, dom, heapMB, domRatio: ratio(dom), heapRatio: ratio(heapMB) });
  }
  const m = (n: number) => n.toLocaleString('en');
  const within = (r: number) => (r <= 1.1 ? '✅' : '❌');
  const md = [
    `## Ours opening a long conversation from server history: M = ${m(small.history!)} vs M = ${m(big.history!)}`,
    '',
    'Mounted, before the answer streams: DOM elements and JS heap after GC (medians over rounds). Target: M = 10,000 within 1.1× of M = 1,000.',
    'Ours gets the conversation the way a real app with a store does: `conversationId` + `api`, the fixture server answering `GET …/conversations/{id}` in pages of 50 from the same fixture (older pages only as the user scrolls up). Baseline and peer have no paging: in these lanes they would get the whole array as `messages` (at M = 10,000, ten thousand mounted bubbles); a run with `--contenders=ours,ours-aa` leaves them out.',
    '',
    `| contender | DOM elements, ${lanes.map((l) => `M = ${m(l.history!)}`).join(' / ')} | ratio | heap MB, ${lanes.map((l) => `M = ${m(l.history!)}`).join(' / ')} | ratio |`,
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.contender} | ${lanes.map((l) => m(r.dom[l.history!]!)).join(' / ')} | ${r.domRatio.toFixed(3)}× ${within(r.domRatio)} | ${lanes.map((l) => r.heapMB[l.history!]!.toFixed(2)).join(' / ')} | ${r.heapRatio.toFixed(3)}× ${within(r.heapRatio)} |`,
    ),
    '',
  ];
  return { rows, md };
}
