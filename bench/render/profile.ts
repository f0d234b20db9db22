/**
 * CPU profile summary for the diagnostic lane: CDP `Profiler` samples aggregated into the top
 * functions by self time and by inclusive time (unminified builds keep the names meaningful).
 */
import type { CDPSession } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  totalMs: number;
  self: Array<{ fn: string; ms: number }>;
  inclusive: Array<{ fn: string; ms: number }>;
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
}

/** React / scheduler internals: left out of the inclusive list, which should name the app's and libraries' work. */
const REACT_INTERNALS =
  /^(performWork\w*|renderRoot\w*|workLoop\w*|performUnitOfWork|beginWork|completeWork|completeUnitOfWork|renderWithHooks|update\w*(Component|ForwardRef|Memo\w*)|mount\w*Component|commit\w*|flush\w*|processRoot\w*|completeRoot\w*|recursivelyTraverse\w*|reconcile\w*|performSyncWorkOnRoot|exports\.use\w+|use(Memo|State|Effect|Callback|Ref|LayoutEffect|SyncExternalStore|Reducer)|runWithFiberInDEV|scheduleUpdateOnFiber|dispatch\w*|\(program\)|\(garbage collector\)|\(anonymous in (performWork|processRoot|flush)\w*\)) /;

let parentOf: (id: number) => ProfileNode | undefined = () => undefined;
const label = (n: ProfileNode): string => {
  const file = n.callFrame.url.split('/').pop() ?? '';
  let name = n.callFrame.functionName;
  if (!name) {
    // An anonymous function: name it after the nearest named caller.
    let p = parentOf(n.id);
    while (p && !p.callFrame.functionName) p = parentOf(p.id);
    name = `(anonymous in ${p?.callFrame.functionName ?? '?'})`;
  }
  return `${name} ${file ? `${file.replace(/-[\w-]{8}\.js$/, '.js')}:${n.callFrame.lineNumber + 1}` : ''}`.trim() + ' ';
};

/**
 * Stops the profiler and sums its samples; with `within` (trace-clock µs, the clock of
 * `Tracing` events), only the samples taken in that window.
 */
export async function stopProfile(cdp: CDPSession, top = 14, within?: { fromUs: number; toUs: number }): Promise<ProfileSummary> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  if (within) {
    let at = profile.startTime;
    const samples: number[] = [];
    const deltas: number[] = [];
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (at < within.fromUs || at > within.toUs) return;
      samples.push(id);
      deltas.push(profile.timeDeltas[i] ?? 0);
    });
    profile.samples = samples;
    profile.timeDeltas = deltas;
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  parentOf = (id) => byId.get(parent.get(id) ?? -1);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const name = label(node);
    if (name.startsWith('(idle)')) continue;
    total += us;
    self.set(name, (self.get(name) ?? 0) + us);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n) break;
      const l = label(n);
      if (seen.has(l) || l.startsWith('(root)') || REACT_INTERNALS.test(l)) continue;
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + us);
    }
  }
  const topOf = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, us]) => ({ fn: fn.trim(), ms: Math.round(us / 100) / 10 }));
  return { totalMs: Math.round(total / 1000), self: topOf(self), inclusive: topOf(inclusive) };
}
