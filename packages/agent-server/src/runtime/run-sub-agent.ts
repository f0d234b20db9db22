import { ToolLoopAgent, type ToolSet } from 'ai';
import { buildAgentRun } from './agent-settings.js';
import { recordingCallbacks } from './run-recorder.js';
import type { AgentRunPlace, TurnScope } from './turn-scope.js';
import { startAgentRunTrace } from '../tracing/agent-span.js';

/**
 * Runs a sub-agent to the end on `prompt` and returns only its final text (what the parent model
 * sees). It streams like the chat's agent (so any model that can stream serves), but nothing of it
 * reaches the client. Its MCP clients belong to the turn's scope and are closed with the turn.
 * It is recorded as its own run under the run whose tool call started it (`place.initiator`).
 */
export async function runSubAgent(agentId: string, prompt: string, place: AgentRunPlace, scope: TurnScope, signal: AbortSignal): Promise<string> {
  const agent = scope.config.agents[agentId];
  if (!agent) throw new Error(`Unknown agent "${agentId}".`); // unreachable after validation
  const parent = place.initiator?.runId === undefined ? undefined : scope.runs?.get(place.initiator.runId);
  const recorder = parent?.startSubRun({ id: `run-${crypto.randomUUID()}`, agentId }, place.initiator?.toolCallId);
  if (recorder) scope.runs?.add(recorder);
  // Its span (`invoke_agent`) is a child of the tool call that runs it; its model and tool calls nest under it.
  const traced = startAgentRunTrace(agentId, scope.request.conversationId);
  let failure: unknown;
  let finishReason: string | undefined;
  try {
    const run = await traced.run(() => buildAgentRun(agent, { ...place, runId: recorder?.meta.id }, scope));
    recorder?.setSources(run.toolSet.sources);
    const recording = recorder ? recordingCallbacks(recorder) : undefined;
    const subAgent = new ToolLoopAgent<never, ToolSet>({
      ...run.settings,
      ...recording,
      ...(recording
        ? {
            onStepEnd: (step) => {
              finishReason = step.finishReason;
              recording.onStepEnd(step);
            },
          }
        : {}),
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
    const text = await result.text;
    recorder?.end('completed', finishReason ?? null);
    traced.end({ record: recorder, runId: recorder?.meta.id });
    return text;
  } catch (error) {
    recorder?.end(signal.aborted ? 'stopped' : 'failed', signal.aborted ? 'aborted' : 'error');
    traced.end({ record: recorder, runId: recorder?.meta.id, ...(signal.aborted ? { stopped: true } : { failure: error }) });
    throw error;
  }
}
