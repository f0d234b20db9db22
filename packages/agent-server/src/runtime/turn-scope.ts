import type { ToolScope } from '../tools/tool-scope.js';
import type { TurnCompaction } from './compaction-history.js';
import type { LiveRuns } from './live-runs.js';

export type { AgentRunPlace, SubAgentRunner } from '../tools/tool-scope.js';

/** Everything one request's turn shares: the tools' scope, and what only the runtime uses. */
export interface TurnScope extends ToolScope {
  /** Context compaction of the chat's agent (when its config has `compaction`). */
  compaction?: TurnCompaction | undefined;
  /** The server's live runs: the turn's run and its sub-agent runs are recorded there. */
  runs?: LiveRuns | undefined;
}

/** Runs every cleanup once, in parallel; failures are logged, never thrown. */
export async function releaseScope(scope: TurnScope): Promise<void> {
  const cleanups = scope.cleanups.splice(0);
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  for (const result of results) {
    if (result.status === 'rejected') scope.logger.warn('failed to release a turn resource', { error: String(result.reason) });
  }
}
