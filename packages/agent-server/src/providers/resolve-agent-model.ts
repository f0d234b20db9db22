import type { LanguageModel } from 'ai';
import type { SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { AgentConfig, AgentServerConfig } from '../config/types.js';
import { isProviderName, resolveModel, type ProviderName } from './index.js';

/**
 * The model of an agent (or of its title): a string id goes through the named connection when one is
 * set (its provider package loads on first use); without one the AI SDK sends it to the AI Gateway.
 * Model objects are used as they are.
 */
export async function resolveAgentModel(config: AgentServerConfig, model: LanguageModel, connectionName: string | undefined): Promise<LanguageModel> {
  if (typeof model !== 'string' || connectionName === undefined) return model;
  const connections = config.connections ?? {};
  const connection = Object.hasOwn(connections, connectionName) ? connections[connectionName] : undefined;
  if (!connection) throw new Error(`Unknown connection "${connectionName}".`); // unreachable after validation
  return resolveModel(connection, model);
}

/**
 * Which provider serves an agent: the connection's provider; for a bare string id the gateway;
 * for a model object, the provider its `provider` id names (`anthropic.messages` → anthropic).
 */
export function agentProvider(config: AgentServerConfig, agent: AgentConfig): ProviderName | undefined {
  if (agent.connection !== undefined) return config.connections && Object.hasOwn(config.connections, agent.connection) ? config.connections[agent.connection]?.provider : undefined;
  if (typeof agent.model === 'string') return 'gateway';
  const prefix = agent.model.provider.split('.')[0];
  return isProviderName(prefix) ? prefix : undefined;
}

/** The agent's `providerOptions` as the AI SDK takes them (namespaces left unset dropped). */
export function agentProviderOptions(agent: AgentConfig): SharedV4ProviderOptions | undefined {
  if (!agent.providerOptions) return undefined;
  const options: SharedV4ProviderOptions = {};
  for (const [namespace, value] of Object.entries(agent.providerOptions)) if (value !== undefined) options[namespace] = value;
  return Object.keys(options).length > 0 ? options : undefined;
}
