/** One skill of a published agent, as its A2A agent card lists it. */
export interface A2aSkillConfig {
  /** A stable id (letters, digits, `_`, `-`, `.`). */
  id: string;
  name: string;
  description: string;
  tags?: string[];
  /** Example prompts a client may show. */
  examples?: string[];
}

/**
 * Publishes an agent over the Agent2Agent protocol (A2A 1.0, `@a2a-js/sdk`): its agent card at
 * `GET {basePath}/{agentId}/.well-known/agent-card.json` and the JSON-RPC endpoint
 * `POST {basePath}/{agentId}/a2a` (README "Publishing an agent over A2A"). Off unless `publish: true`;
 * needs a conversation store (a task is a stored turn).
 */
export interface A2aPublishConfig {
  publish: boolean;
  /** The card's name (default: the agent id). */
  name?: string;
  /** The card's description (default: the first line of the agent's instructions, else its name). */
  description?: string;
  /** The card's skills (default: one skill named after the agent, with its description). */
  skills?: A2aSkillConfig[];
}
