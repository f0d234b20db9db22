import type { AgentConfig, AgentServerConfig, RemoteAgentConfig } from '@x/agent-server';
import type { Script } from '../script.js';

export type ToolDefinition = NonNullable<AgentServerConfig['tools']>[string];
export type HookDefinition = NonNullable<AgentServerConfig['hooks']>[string];

/**
 * A named, reusable situation of the agent: what the scripted model says and does, and what the
 * server must have for it (tools, sub-agents, hooks). Apps use scenarios in their own tests and
 * stories; the playground's "smart" agent picks one from the user's words.
 */
export interface Scenario {
  id: string;
  title: string;
  description: string;
  /** A prompt that triggers it in the smart agent (the playground shows these). */
  prompt: string;
  /** The conversation title a model would give a message that picks it (the mock title model's answer). */
  chatTitle?: string;
  /** Its own follow-up suggestions (the smart agent offers these after running it). */
  suggestions?: string[];
  /** Words of the user's message that pick this scenario in the smart agent. */
  match: RegExp;
  script: Script;
  /** Server tools it needs (merged into `config.tools`). */
  tools?: Record<string, ToolDefinition>;
  /** Agent settings beside the model: tool references, sub-agents, MCP, limits. */
  agent?: Omit<AgentConfig, 'model'>;
  /** Sub-agents it delegates to, by id. */
  subAgents?: Record<string, { script: Script; instructions?: string; agent?: Omit<AgentConfig, 'model' | 'instructions'> }>;
  /** Remote A2A agents its agent names in `agent.agents` (merged into `config.remoteAgents`). */
  remoteAgents?: Record<string, RemoteAgentConfig>;
  /** Named hooks its agent references. */
  hooks?: Record<string, HookDefinition>;
  /**
   * `'real'`: the scenario is about timing (Stop mid-reply, a reload or a dead server mid-reply), so a
   * server's `pace` (createScenarioServer) leaves it at its scripted pace.
   */
  pace?: 'real';
  /** Needs Node (e.g. a stdio MCP server): left out of browser (msw) servers. */
  nodeOnly?: boolean;
}
