import { A2A_PROTOCOL_VERSION, type AgentCard, type AgentSkill } from '@a2a-js/sdk';
import type { AgentConfig } from '../../config/types.js';

/** The path segment of an agent's A2A JSON-RPC endpoint: `POST {basePath}/{agentId}/a2a`. */
export const A2A_SEGMENT = 'a2a';

/** The card's description when the config gives none: the first line of the instructions, else the name. */
function defaultDescription(agent: AgentConfig, name: string): string {
  const line = agent.instructions?.split('\n').find((l) => l.trim().length > 0)?.trim();
  return line ? line.slice(0, 500) : `The ${name} agent.`;
}

/**
 * The A2A agent card of a published agent (`agents.{id}.a2a`): its name, description and skills (from
 * the config; nothing of its instructions, tools or settings beyond the description's default), the
 * JSON-RPC interface at `url` (absolute), streaming, A2A 1.0.
 */
export function agentCard(agentId: string, agent: AgentConfig, url: string): AgentCard {
  const a2a = agent.a2a;
  const name = a2a?.name ?? agentId;
  const description = a2a?.description ?? defaultDescription(agent, name);
  const skills: AgentSkill[] = (a2a?.skills ?? [{ id: agentId, name, description }]).map((skill) => ({
    id: skill.id,
    name: skill.name,
    description: skill.description,
    tags: skill.tags ?? [],
    examples: skill.examples ?? [],
    inputModes: ['text/plain'],
    outputModes: ['text/plain'],
    securityRequirements: [],
  }));
  return {
    name,
    description,
    version: '1.0.0',
    provider: undefined,
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }],
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills,
    signatures: [],
  };
}
