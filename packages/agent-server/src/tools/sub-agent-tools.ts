import { tool, type Tool } from 'ai';
import { z } from 'zod';
import type { SubAgentRef } from '../config/tool-types.js';
import type { AgentRunPlace, ToolScope } from './tool-scope.js';
import type { ToolEntry } from './tool-entry.js';
import { toToolSchema } from './tool-schema.js';

/** Deepest sub-agent nesting: an agent this many levels below the chat's agent gets no sub-agent tools. */
export const MAX_SUB_AGENT_DEPTH = 5;

/** The default input of a sub-agent tool. */
export const subAgentTaskSchema = z.object({ task: z.string().describe('What the agent should do, with everything it needs to know.') });

/** The exposed name, agent id, description and input schema of a sub-agent reference. */
export function resolveSubAgentRef(ref: SubAgentRef): { name: string; agentId: string; description: string; inputSchema?: unknown } {
  const agentId = typeof ref === 'string' ? ref : ref.agent;
  const name = typeof ref === 'string' ? ref : (ref.name ?? ref.agent);
  const description = (typeof ref === 'string' ? undefined : ref.description) ?? `Delegate task to the ${agentId} agent`;
  return { name, agentId, description, ...(typeof ref !== 'string' && ref.inputSchema ? { inputSchema: ref.inputSchema } : {}) };
}

/**
 * A tool per referenced sub-agent. Calling it runs that agent to the end (its own tools, steps and
 * MCP clients, closed with the turn) and gives the parent only its final text.
 */
export function buildSubAgentTools(refs: readonly SubAgentRef[], place: AgentRunPlace, scope: ToolScope): ToolEntry[] {
  if (place.depth >= MAX_SUB_AGENT_DEPTH) {
    if (refs.length > 0) scope.logger.warn('sub-agents withheld: depth limit reached', { agentId: place.agentId, depth: place.depth });
    return [];
  }
  return refs.filter((ref) => !isRemoteRef(ref, scope)).map((ref): ToolEntry => {
    const { name, agentId, description } = resolveSubAgentRef(ref);
    const custom = typeof ref !== 'string' ? ref.inputSchema : undefined;
    const subAgentTool = tool({
      description,
      inputSchema: custom ? toToolSchema(custom) : subAgentTaskSchema,
      execute: async (input: unknown, options) => {
        const prompt = isTaskOnly(input) ? input.task : JSON.stringify(input);
        const initiator = { runId: place.runId, toolCallId: options.toolCallId };
        return scope.runSubAgent(agentId, prompt, { agentId, depth: place.depth + 1, initiator }, options.abortSignal ?? scope.signal);
      },
    }) as Tool;
    return { name, tool: subAgentTool, confirm: false, source: 'sub-agent' };
  });
}

/** Whether `ref` names a remote A2A agent (`config.remoteAgents`) rather than a local agent. */
function isRemoteRef(ref: SubAgentRef, scope: ToolScope): boolean {
  const id = typeof ref === 'string' ? ref : ref.agent;
  return scope.config.remoteAgents?.[id] !== undefined && scope.config.agents[id] === undefined;
}

/** The references of `refs` to remote A2A agents (built by `a2a/remote`), none past the depth limit. */
export function remoteAgentRefs(refs: readonly SubAgentRef[], place: AgentRunPlace, scope: ToolScope): SubAgentRef[] {
  return place.depth >= MAX_SUB_AGENT_DEPTH ? [] : refs.filter((ref) => isRemoteRef(ref, scope));
}

/** `{ task }` alone is sent as the plain task; any other input as its JSON (nothing is lost). */
function isTaskOnly(input: unknown): input is { task: string } {
  if (typeof input !== 'object' || input === null) return false;
  const keys = Object.keys(input);
  return keys.length === 1 && keys[0] === 'task' && typeof (input as { task?: unknown }).task === 'string';
}
