import type { TurnRequestContext } from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentServerConfig, Logger } from '../config/types.js';
import type { TurnCompaction } from './compaction-history.js';
import type { LiveRuns } from './live-runs.js';

/** Where an agent runs: the chat's agent (depth 0) or a sub-agent `depth` levels below it. */
export interface AgentRunPlace {
  agentId: string;
  depth: number;
  /** The run's id in its run record (sub-agent tools name it as their runs' initiator). */
  runId?: string | undefined;
  /** A sub-agent run's parent run and the tool call that started it. */
  initiator?: { runId: string | undefined; toolCallId: string | undefined } | undefined;
}

/**
 * Runs a sub-agent to the end on `prompt` and returns its final text. Passed in through the scope
 * (the turn supplies `runSubAgent`) so the tools never import the runtime that builds them.
 */
export type SubAgentRunner = (agentId: string, prompt: string, place: AgentRunPlace, scope: TurnScope, signal: AbortSignal) => Promise<string>;

/** Everything one request's turn shares: the root agent's and every sub-agent's tools. */
export interface TurnScope {
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
  request: TurnRequestContext;
  user: AgentUser | undefined;
  /** Aborted when the client stops or disconnects. */
  signal: AbortSignal;
  /** Context compaction of the chat's agent (when its config has `compaction`). */
  compaction?: TurnCompaction | undefined;
  /** Resources to release when the turn ends (MCP clients), also after an abort or error. */
  cleanups: (() => Promise<void>)[];
  /** The server's live runs: the turn's run and its sub-agent runs are recorded there. */
  runs?: LiveRuns | undefined;
  /** The tools are built for an MCP App's call (`POST …/mcp-apps/call`): app-only MCP tools are included. */
  appCaller?: boolean | undefined;
  /** Runs a sub-agent's tool call (`runSubAgent` of `runtime/run-sub-agent`). */
  runSubAgent: SubAgentRunner;
}

/** Runs every cleanup once, in parallel; failures are logged, never thrown. */
export async function releaseScope(scope: TurnScope): Promise<void> {
  const cleanups = scope.cleanups.splice(0);
  const results = await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  for (const result of results) {
    if (result.status === 'rejected') scope.logger.warn('failed to release a turn resource', { error: String(result.reason) });
  }
}
