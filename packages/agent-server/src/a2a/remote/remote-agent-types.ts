import type { AgentUser } from '../../config/tool-types.js';

/** What a remote agent's `headers` function receives: who is calling, from which conversation. */
export interface RemoteAgentHeadersContext {
  /** The agent whose tool call this is. */
  agentId: string;
  /** The remote agent's name in `remoteAgents`. */
  remoteAgent: string;
  user: AgentUser | undefined;
  userId: string | undefined;
  conversationId: string | undefined;
}

/** An agent card given inline: the A2A 1.0 card's JSON (checked like a fetched one). */
export interface RemoteAgentCardInput {
  name: string;
  description: string;
  supportedInterfaces: { url: string; protocolBinding: string; protocolVersion?: string; tenant?: string }[];
  capabilities?: { streaming?: boolean; [key: string]: unknown };
  skills?: { id?: string; name: string; description?: string; examples?: string[]; [key: string]: unknown }[];
  [key: string]: unknown;
}

/**
 * An agent on another server that speaks the Agent2Agent protocol (A2A 1.0), used as a sub-agent:
 * `remoteAgents.billing`, named in an agent's `agents` list like a local agent (README "Remote agents (A2A)").
 */
export interface RemoteAgentConfig {
  /**
   * The agent card: its URL (`https://billing.example/.well-known/agent-card.json`, or the agent's base
   * URL, to which the well-known path is added), or the card itself. A fetched card is cached (`cardTtlMs`).
   */
  card: string | RemoteAgentCardInput;
  /** Headers sent with every request to the agent (card and calls): fixed, or made per call (a user's token, a secret). */
  headers?: Record<string, string> | ((ctx: RemoteAgentHeadersContext) => Record<string, string> | Promise<Record<string, string>>);
  /** Longest a call may run, in ms, not counting the time a question waits for the user (default: the server's `toolTimeoutMs`). */
  timeoutMs?: number;
  /** Largest response in bytes: the card, each reply, a whole stream (default 1 MiB, as HTTP tools). */
  maxResponseBytes?: number;
  /** How long a fetched card is reused, in ms (default 5 minutes). */
  cardTtlMs?: number;
  /** How long a question of the agent (`input-required`) waits for the user's answer, in ms (default 15 minutes). */
  answerTimeoutMs?: number;
  /** Let the card and calls reach private and loopback addresses (tests, trusted internal services; never cloud metadata). */
  allowPrivate?: boolean;
  /** Host names (`billing.internal`, `*.internal`) reachable whatever they resolve to. */
  allowHosts?: string[];
  /** The tool's description for the model (default: the card's description and skills). */
  description?: string;
}
