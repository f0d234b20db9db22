import { ToolLoopAgent, type ToolSet } from 'ai';
import { buildAgentRun } from './agent-settings.js';
import type { AgentRunPlace, TurnScope } from './turn-scope.js';

/**
 * Runs a sub-agent to the end on `prompt` and returns only its final text (what the parent model
 * sees). It streams like the chat's agent (so any model that can stream serves), but nothing of it
 * reaches the client. Its MCP clients belong to the turn's scope and are closed with the turn.
 */
export async function runSubAgent(agentId: string, prompt: string, place: AgentRunPlace, scope: TurnScope, signal: AbortSignal): Promise<string> {
  const agent = scope.config.agents[agentId];
  if (!agent) throw new Error(`Unknown agent "${agentId}".`); // unreachable after validation
  const run = await buildAgentRun(agent, place, scope);
  let failure: unknown;
  const subAgent = new ToolLoopAgent<never, ToolSet>({
    ...run.settings,
    onError: ({ error }) => {
      failure ??= error;
      scope.logger.error('sub-agent model stream failed', { agentId, error: String(error) });
    },
  });
  const result = await subAgent.stream({ prompt, abortSignal: signal });
  await result.consumeStream();
  if (run.toolSet.doomLoop.tripped) throw new Error(run.toolSet.doomLoop.tripped.message);
  if (failure !== undefined) throw new Error(`The ${agentId} agent failed to answer.`);
  signal.throwIfAborted();
  return await result.text;
}
