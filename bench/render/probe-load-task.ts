/**
 * Diagnostic probe (not a benchmark): what the page's longest task during an S4 load is made of —
 * every trace event of ≥ 1 ms nested in it (compile, module evaluation, parse, style, …) with its
 * depth. `node bench/render/probe-load-task.ts [contender] [N=1000]`.
 */
import { traceS4Load, withProbeBrowser } from './probe-page.ts';

const contender = process.argv[2] ?? 'ours';
const history = Number(process.argv[3] ?? 1000);
process.env.TRACE_CATEGORIES ??= 'v8,disabled-by-default-v8.compile,loading,blink';

await withProbeBrowser(async ({ port, browser }) => {
  const { events } = await traceS4Load(browser, port, contender, history, async () => undefined);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 30_000);
  const mainTid = tasks.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  for (const task of tasks.filter((t) => t.tid === mainTid?.tid && t.pid === mainTid.pid).slice(0, 3)) {
    console.log(`task ${(task.dur! / 1000).toFixed(1)} ms`);
    const inner = events
      .filter((e) => e.ph === 'X' && e.tid === task.tid && e.pid === task.pid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && (e.dur ?? 0) >= Number(process.env.MIN_MS ?? 1) * 1000 && e !== task)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: number[] = [];
    for (const e of inner) {
      while (stack.length && stack.at(-1)! <= e.ts) stack.pop();
      const a = e.args as { data?: { url?: string; functionName?: string } } | undefined;
      console.log(`${'  '.repeat(stack.length + 1)}${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)} ${(a?.data?.url ?? '').split('/').pop() ?? ''} ${a?.data?.functionName ?? ''}`);
      stack.push(e.ts + (e.dur ?? 0));
    }
  }
});
