import type { AgentRequestBody } from '@x/agent-protocol';
import type { OnDisconnect } from '@x/agent-protocol/routes';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import type { RunLog } from '../runs/run-log.js';
import type { ConversationStore } from '../store/types.js';

/** One request's turn, after the route resolved the agent and parsed the body. */
export interface TurnInput {
  agentId: string;
  agent: AgentConfig;
  body: AgentRequestBody;
  conversationId: string | undefined;
  /** The server's conversation store (guarded), when it has one: the server then owns history. */
  store?: ConversationStore | undefined;
  /** The run log (with a store): the turn's stream is written to it and a Stop reaches it through it. */
  runLog?: RunLog | undefined;
  /** What the turn does when its client goes away (default `'abort'`). */
  onDisconnect?: OnDisconnect | undefined;
  /** An SSE comment after this much silence on the turn's stream (0 or absent: none). */
  keepAliveMs?: number | undefined;
  user: AgentUser | undefined;
  /** The run's id (its record and, with a store, its row); a new `run-…` id when absent (the A2A route names it after its task). */
  runId?: string | undefined;
  /** The request's signal: aborted when the client goes away. */
  signal: AbortSignal;
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
}
