/**
 * Chromium trace for the diagnostic probes: what the renderer's main thread did, task by task, in a
 * window of `performance.now()` time (scripts, style, layout, paint, React commits marked by the
 * page). Start before the moment, stop after it, then `summarizeTasks` with the page's clock offset.
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string; message?: string } };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'v8.execute', '__metadata'];

/** Starts tracing: the categories above and `TRACE_CATEGORIES` (read now: a probe sets it in its body, which runs after this module's). */
export async function startTrace(cdp: CDPSession): Promise<void> {
  const includedCategories = [...CATEGORIES, ...(process.env.TRACE_CATEGORIES ?? '').split(',').filter(Boolean)];
  await cdp.send('Tracing.start', { traceConfig: { includedCategories, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
}

/** Stops tracing and returns its events (the page should have made a `performance.mark(SYNC_MARK)` first). */
export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const onData = (payload: { value: object[] }) => {
    events.push(...(payload.value as unknown as TraceEvent[]));
  };
  cdp.on('Tracing.dataCollected', onData);
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return events;
}

export const SYNC_MARK = 'bench-trace-sync';

/** Kinds of work inside a task, by trace event name. */
const KIND: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'timer',
  FireAnimationFrame: 'rAF',
  EventDispatch: 'event',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'prepaint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  ParseHTML: 'parseHTML',
  HitTest: 'hittest',
  'IntersectionObserverController::computeIntersections': 'io',
};

export interface TaskSummary {
  /** Start, ms in the page's `performance.now()` clock. */
  start: number;
  dur: number;
  /** ms per kind of work directly inside the task (nested kinds are not double counted). */
  parts: Record<string, number>;
  /** Whether a frame was produced in this task (a BeginMainThreadFrame / paint). */
  frame: boolean;
  /** The first script's function or URL (what started the task). */
  what: string;
}

/** The trace clock (µs) for a page clock time (ms), from the `SYNC_MARK` mark made at `syncAt`. */
export function traceClock(events: TraceEvent[], syncAt: number): (pageMs: number) => number {
  const mark = events.find((e) => e.name === SYNC_MARK && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('trace: no sync mark');
  return (pageMs) => mark.ts + (pageMs - syncAt) * 1000;
}

/**
 * Main-thread tasks of the page's renderer between `from` and `to` (page clock, ms), longer than
 * `minMs`. `syncAt` is the page clock time of the `SYNC_MARK` mark.
 */
export function summarizeTasks(events: TraceEvent[], syncAt: number, from: number, to: number, minMs = 4): TaskSummary[] {
  const mark = events.find((e) => e.name === SYNC_MARK && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('trace: no sync mark');
  const offset = mark.ts / 1000 - syncAt; // trace ms = page ms + offset
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === mark.pid);
  const tid = main?.tid ?? mark.tid;
  const mine = events.filter((e) => e.pid === mark.pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts);
  const tasks = mine.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const out: TaskSummary[] = [];
  for (const task of tasks) {
    const start = task.ts / 1000 - offset;
    const dur = (task.dur ?? 0) / 1000;
    if (start < from || start > to || dur < minMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const parts: Record<string, number> = {};
    let frame = false;
    let what = '';
    let coveredUntil = 0;
    for (const e of mine) {
      if (e.ts < task.ts || e.ts >= end || e === task) continue;
      if (e.name === 'BeginMainThreadFrame' || e.name === 'Paint') frame = true;
      const kind = KIND[e.name];
      if (!kind) continue;
      if (!what && (kind === 'script' || kind === 'timer' || kind === 'rAF' || kind === 'event')) {
        const data = e.args?.data;
        what = `${e.name}${data?.functionName ? ` ${data.functionName}` : ''}${data?.type ? ` ${data.type}` : ''}${data?.url ? ` ${data.url.split('/').pop()}` : ''}`;
      }
      // Count only outermost kinds (a FunctionCall inside a TimerFire is the timer's).
      if (e.ts < coveredUntil) continue;
      coveredUntil = e.ts + (e.dur ?? 0);
      parts[kind] = (parts[kind] ?? 0) + (e.dur ?? 0) / 1000;
    }
    out.push({ start, dur, parts, frame, what });
  }
  return out;
}

/** One line per task: start relative to `zero`, duration, and its parts. */
export function formatTasks(tasks: TaskSummary[], zero: number): string {
  return tasks
    .map((t) => {
      const parts = Object.entries(t.parts)
        .filter(([, ms]) => ms >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([k, ms]) => `${k} ${ms.toFixed(1)}`)
        .join(', ');
      return `    ${(t.start - zero).toFixed(1).padStart(8)} +${t.dur.toFixed(1).padStart(6)} ms ${t.frame ? 'F' : ' '} ${t.what.slice(0, 60).padEnd(60)} ${parts}`;
    })
    .join('\n');
}
