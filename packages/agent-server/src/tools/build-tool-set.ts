import type { Tool } from 'ai';
import type { AgentConfig } from '../config/types.js';
import type { AgentRunPlace, ToolScope } from './tool-scope.js';
import { DoomLoopGuard } from './doom-loop.js';
import { buildFunctionTools, referencesHttpTools } from './function-tools.js';
import { buildSubAgentTools, remoteAgentRefs } from './sub-agent-tools.js';
import type { ToolEntry, ToolSource } from './tool-entry.js';
import { limitTool } from './tool-limits.js';
import { streamedTool } from './streamed-tool.js';
import { guardTool, SUB_AGENT_APPROVAL_DENIED, type GuardedTool, type ToolCallStartHooks } from './policies/guard-tool.js';
import { policiesFor } from './policies/policy-match.js';
import { toolCallStartVerdict } from './tool-call-start-hooks.js';
import { updatePageStateEntry } from './update-page-state.js';
import { traceTool } from '../tracing/traced-tool.js';

/** The merged tool set of one agent run, with its approval rules and doom-loop guard. */
export interface AgentToolSet {
  tools: Record<string, Tool>;
  toolApproval: Record<string, GuardedTool['approval'] & {}>;
  doomLoop: DoomLoopGuard;
  /** Where each tool came from (run records show it). */
  sources: Record<string, ToolSource>;
}

export type { AgentRunPlace };

export { SUB_AGENT_APPROVAL_DENIED };

/**
 * Builds the agent's tools in the seeds' order — function and HTTP tools → MCP → sub-agents → file-system →
 * `update-page-state` (the chat's agent only) — each executed tool under the limits.
 */
export async function buildToolSet(agent: AgentConfig, place: AgentRunPlace, scope: ToolScope): Promise<AgentToolSet> {
  const refs = agent.tools ?? [];
  // HTTP tools need Node (node:http, node:dns): loaded only when the agent has one.
  const http = referencesHttpTools(refs, scope) ? (await import('./http/http-tools.js')).httpToolEntry : undefined;
  const entries: ToolEntry[] = buildFunctionTools(place.agentId, refs, scope, http);
  const subAgents = buildSubAgentTools(agent.agents ?? [], place, scope);
  // Remote A2A agents named in `agents` (config `remoteAgents`): loaded only when the agent has one.
  const remote = remoteAgentRefs(agent.agents ?? [], place, scope);
  if (remote.length > 0) subAgents.push(...(await (await import('../a2a/remote/remote-agent-entries.js')).remoteAgentEntries(remote, place, scope)));
  const fileSystem = agent.fileSystem
    ? await (await import('./file-system/file-system-tools.js')).buildFileSystemTools(agent.fileSystem, { resultMaxChars: scope.toolResultMaxChars })
    : [];
  if (agent.mcp && agent.mcp.length > 0) {
    const taken = new Set([...entries, ...subAgents, ...fileSystem].map((e) => e.name));
    const { buildMcpTools } = await import('./mcp-tools.js');
    entries.push(...(await buildMcpTools(place.agentId, agent.mcp, taken, scope)));
  }
  entries.push(...subAgents, ...fileSystem);
  const pageState = place.depth === 0 ? updatePageStateEntry(scope.request.sharedState) : undefined;
  if (pageState) entries.push(pageState);

  const doomLoop = new DoomLoopGuard();
  const tools: Record<string, Tool> = {};
  const toolApproval: AgentToolSet['toolApproval'] = {};
  const sources: Record<string, ToolSource> = {};
  // onToolCallStart hooks of the chat's agent run before the call, so they can return a verdict.
  const hooks: ToolCallStartHooks | undefined =
    place.depth === 0 && (agent.hooks?.onToolCallStart?.length ?? 0) > 0 ? (call) => toolCallStartVerdict(scope, agent, call) : undefined;
  for (const entry of entries) {
    // Every tool passes through here: its policies and directive hooks, then the limits.
    const guarded = guardTool(entry, place, scope, policiesFor(scope.config.policies, place.agentId, entry.name), hooks);
    const limited = limitTool(entry.name, guarded.tool, {
      timeoutMs: entry.source === 'sub-agent' ? Infinity : scope.toolTimeoutMs,
      resultMaxChars: scope.toolResultMaxChars,
      doomLoop,
    });
    const traced = traceTool(entry.name, entry.source, limited, scope.config.tracing);
    tools[entry.name] = entry.streamsOutput ? streamedTool(traced) : traced;
    if (guarded.approval !== undefined) toolApproval[entry.name] = guarded.approval;
    sources[entry.name] = entry.source;
  }
  return { tools, toolApproval, doomLoop, sources };
}
