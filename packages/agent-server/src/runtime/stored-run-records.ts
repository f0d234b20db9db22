import { sumRunUsage, type AgentRunRecord, type RunRecordStatus, type RunUsage } from '@x/agent-protocol/routes';
import type { RunRecord, RunTimeline, SubRunInput } from '../store/types.js';

/** A record's steps and tool calls, as its row keeps them. */
export function toTimeline(record: AgentRunRecord): RunTimeline {
  return { steps: record.steps, toolCalls: record.toolCalls, ...(record.traceId !== undefined ? { traceId: record.traceId } : {}) };
}

/** Every sub-agent run under `record` (at any depth), flattened into rows that name their initiator. */
export function toStoredSubRuns(record: AgentRunRecord): SubRunInput[] {
  const rows: SubRunInput[] = [];
  const visit = (run: AgentRunRecord) => {
    for (const sub of run.subRuns) {
      rows.push({
        id: sub.id,
        agentId: sub.agentId ?? '',
        initiatorRunId: run.id,
        initiatorToolCallId: sub.initiatorToolCallId,
        status: sub.status === 'running' ? 'stopped' : sub.status,
        stopReason: sub.stopReason,
        steps: sub.steps.length,
        usage: sub.usage ? { ...sub.usage } : null,
        startedAt: sub.startedAt,
        finishedAt: sub.finishedAt,
        timeline: toTimeline(sub),
      });
      visit(sub);
    }
  };
  visit(record);
  return rows;
}

/**
 * The record of the stored run `root`, its sub-agent runs nested from `rows` (the conversation's
 * runs). A run's usage is the sum of its steps' (what the live record shows), else its row's.
 */
export function recordFromRows(root: RunRecord, rows: readonly RunRecord[]): AgentRunRecord {
  const children = new Map<string, RunRecord[]>();
  for (const row of rows) {
    if (row.initiatorToolCallId === null || row.initiatorRunId === null) continue;
    const list = children.get(row.initiatorRunId) ?? [];
    list.push(row);
    children.set(row.initiatorRunId, list);
  }
  const build = (row: RunRecord, seen: Set<string>): AgentRunRecord => {
    seen.add(row.id);
    const steps = row.timeline?.steps ?? [];
    return {
      id: row.id,
      agentId: row.agentId,
      conversationId: row.conversationId,
      initiatorRunId: row.initiatorRunId,
      initiatorToolCallId: row.initiatorToolCallId,
      status: row.status as RunRecordStatus,
      stopReason: row.stopReason,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      usage: usageOf(steps.map((s) => s.usage), row.usage),
      steps,
      toolCalls: row.timeline?.toolCalls ?? [],
      // `seen` guards against a cycle in hand-edited rows.
      subRuns: (children.get(row.id) ?? []).filter((c) => !seen.has(c.id)).map((c) => build(c, seen)),
      ...(typeof row.timeline?.traceId === 'string' ? { traceId: row.timeline.traceId } : {}),
    };
  };
  return build(root, new Set());
}

/** Whether a row is a chat turn (not a sub-agent run): what the conversation's list shows. */
export function isTurnRun(row: RunRecord): boolean {
  return row.initiatorToolCallId === null;
}

function usageOf(steps: readonly (RunUsage | null)[], stored: Record<string, unknown> | null): RunUsage | null {
  const summed = sumRunUsage(steps);
  if (summed) return summed;
  if (!stored) return null;
  const pick = (key: string) => (typeof stored[key] === 'number' ? (stored[key] as number) : undefined);
  const usage: RunUsage = {};
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
    const value = pick(key);
    if (value !== undefined) usage[key] = value;
  }
  return Object.keys(usage).length > 0 ? usage : null;
}
