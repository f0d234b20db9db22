import type { AgentUIMessagePart } from '@x/agent-protocol';

/** A run of consecutive tool parts: indexes into the message's parts, in order. */
export interface ToolRun {
  /** Indexes of the run's tool parts (step-start markers between them are skipped). */
  indexes: number[];
}

/**
 * Runs of two or more consecutive tool parts that `groupable` accepts, keyed by the index of their
 * first part. Only `step-start` markers (invisible) may sit between the calls of a run; anything
 * else — text, reasoning, a call that is not groupable — ends it.
 */
export function toolRuns(parts: readonly AgentUIMessagePart[], groupable: (part: AgentUIMessagePart) => boolean): Map<number, ToolRun> {
  const runs = new Map<number, ToolRun>();
  let current: number[] = [];
  const close = () => {
    if (current.length >= 2) runs.set(current[0]!, { indexes: current });
    current = [];
  };
  parts.forEach((part, index) => {
    if (part && part.type === 'step-start') return;
    if (part && typeof part.type === 'string' && groupable(part)) current.push(index);
    else close();
  });
  close();
  return runs;
}
