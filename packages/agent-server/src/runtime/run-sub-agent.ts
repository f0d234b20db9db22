import { ToolLoopAgent, type ToolSet } from 'ai';
import type { AgentRunPlace } from '../tools/build-tool-set.js';
import { buildAgentRun } from './agent-settings.js';
import type { TurnScope } from './turn-scope.js';

/**
 * Runs a sub-agent to the end on `prompt` and returns only its final text (what the parent model
 * sees). Its MCP clients belong to the turn's scope and are closed with the turn.
 */
export async function runSubAgent(agentId: string, prompt: string, place: AgentRunPlace, scope: TurnScope, signal: AbortSignal): Promise<string> {
  const agent = scope.config.agents[agentId];
  if (!agent) throw new Error(`Unknown agent "${agentId}".`); // unreachable after validation
  const run = await buildAgentRun(agent, place, scope);
  const subAgent = new ToolLoopAgent<never, ToolSet>(run.settings);
  const result = await subAgent.generate({ prompt, abortSignal: signal });
  if (run.toolSet.doomLoop.tripped) throw new Error(run.toolSet.doomLoop.tripped.message);
  return result.text;
}
