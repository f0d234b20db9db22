/**
 * Diagnostic probe (not a benchmark): an S4 load's main-thread timeline from navigation until quiet —
 * every task of ≥ MIN_MS (default 3) with its start (ms after navigation), duration and its two largest
 * inner events, and each script/stylesheet request's start and finish, so the gaps (waiting on the
 * network, on a lazy chunk) show beside the work. `node bench/render/probe-timeline.ts [contender] [N=1000]`.
 */
import type { BenchPageState } from './instrument.ts';
import { traceS4Load, withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours';
const history = Number(process.argv[3] ?? 1000);
const minMs = Number(process.env.MIN_MS ?? 3);
process.env.TRACE_CATEGORIES ??= 'v8,loading,blink,devtools.timeline,disabled-by-default-devtools.timeline';

await withProbeBrowser(async ({ port, browser }) => {
  const { events, read: commits } = await traceS4Load(browser, port, contender, history, (page) =>
    page.evaluate(() => (window as unknown as { __bench: BenchPageState }).__bench.commits.slice()),
  );
  const nav = events.find((e) => e.name === 'navigationStart' || (e.name === 'ResourceSendRequest' && String((e.args as { data?: { url?: string } }).data?.url).includes('index.html')));
  const t0 = nav?.ts ?? 0;
  const at = (ts: number) => ((ts - t0) / 1000).toFixed(0).padStart(5);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const longest = [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  const main = tasks.filter((t) => t.tid === longest?.tid && t.pid === longest.pid && t.ts >= t0);
  const lines: [number, string][] = [];
  for (const task of main.filter((t) => (t.dur ?? 0) >= minMs * 1000)) {
    const inner = events
      .filter((e) => e.ph === 'X' && e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e !== task && e.name !== 'ThreadControllerImpl::RunTask')
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 3)
      .map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}${(e.args as { data?: { url?: string } })?.data?.url ? ` ${String((e.args as { data?: { url?: string } }).data?.url).split('/').pop()}` : ''}`);
    lines.push([task.ts, `${at(task.ts)} task ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms  ${inner.join(' · ')}`]);
  }
  const requests = new Map<string, { url: string; start: number; end?: number }>();
  for (const e of events) {
    const d = (e.args as { data?: { requestId?: string; url?: string } })?.data;
    if (e.name === 'ResourceSendRequest' && d?.requestId) requests.set(d.requestId, { url: String(d.url).split('/').pop() ?? '', start: e.ts });
    if (e.name === 'ResourceFinish' && d?.requestId && requests.has(d.requestId)) requests.get(d.requestId)!.end = e.ts;
  }
  for (const r of requests.values()) lines.push([r.start, `${at(r.start)} fetch ${r.url} → ${r.end ? at(r.end) : '?'}`]);
  for (const c of commits) lines.push([t0 + c * 1000, `${String(Math.round(c)).padStart(5)} COMMIT (performance.now)`]);
  for (const [, line] of lines.sort((a, b) => a[0] - b[0])) console.log(line);
});
