import { formatNumber } from '../tools/format.js';
import type { AgentRunRecord, RunUsage } from '@x/agent-protocol/routes';

/** A duration as people read it: `350 ms`, `1.2 s`, `2 min 5 s` (`1,2 s` in `de-DE`: numbers in the locale, units as symbols). */
export function formatDuration(ms: number, locale?: string): string {
  if (ms < 1000) return `${formatNumber(Math.max(0, Math.round(ms)), locale)} ms`;
  if (ms < 60_000) return `${formatNumber(ms / 1000, locale, ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${formatNumber(minutes, locale)} min ${formatNumber(seconds, locale)} s` : `${formatNumber(minutes, locale)} min`;
}

export function stepTokens(usage: RunUsage | null): number | undefined {
  if (!usage) return undefined;
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

/** The time axis of a run (and every sub-agent run under it): its start and its end, or `now` while it runs. */
export interface TimeAxis {
  start: number;
  end: number;
}

export function axisOf(record: AgentRunRecord, now: number): TimeAxis {
  const start = Date.parse(record.startedAt);
  let end = record.finishedAt ? Date.parse(record.finishedAt) : now;
  // A clock skew between server and browser never makes the axis empty or negative.
  const visit = (run: AgentRunRecord) => {
    for (const item of [...run.steps, ...run.toolCalls]) {
      const at = Date.parse(item.startedAt) + (item.durationMs ?? 0);
      if (at > end) end = at;
    }
    run.subRuns.forEach(visit);
  };
  visit(record);
  return { start, end: Math.max(end, start + 1) };
}

/** Where a bar sits on the axis, in percent: its offset and its width (at least a sliver, so it shows). */
export function barOf(axis: TimeAxis, startedAt: string, durationMs: number | null, now: number): { left: number; width: number; offsetMs: number } {
  const span = axis.end - axis.start;
  const begin = Date.parse(startedAt);
  const length = durationMs ?? Math.max(0, now - begin);
  const left = Math.min(100, Math.max(0, ((begin - axis.start) / span) * 100));
  const width = Math.max(0.5, Math.min(100 - left, (length / span) * 100));
  return { left, width, offsetMs: begin - axis.start };
}
