import type { TurnRequestContext } from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentServerConfig, Logger } from '../config/types.js';

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
 * Runs a sub-agent to the end on `prompt` and returns its final text. The turn supplies it (bound
 * to its own scope), so the tools never import the runtime that builds them.
 */
export type SubAgentRunner = (agentId: string, prompt: string, place: AgentRunPlace, signal: AbortSignal) => Promise<string>;

/** What the tools of one request's turn share (the runtime's `ToolScope` adds what only it uses). */
export interface ToolScope {
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
  request: TurnRequestContext;
  user: AgentUser | undefined;
  /** Aborted when the client stops or disconnects. */
  signal: AbortSignal;
  /** Resources to release when the turn ends (MCP clients), also after an abort or error. */
  cleanups: (() => Promise<void>)[];
  /** The tools are built for an MCP App's call (`POST …/mcp-apps/call`): app-only MCP tools are included. */
  appCaller?: boolean | undefined;
  /** Runs a sub-agent's tool call (`runSubAgent` of `runtime/run-sub-agent`, bound to the turn). */
  runSubAgent: SubAgentRunner;
}
