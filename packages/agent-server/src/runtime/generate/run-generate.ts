import { startAgentRunTrace } from '../../tracing/agent-span.js';
import { Output, jsonSchema, type StepResult, type ToolSet, type UIMessage } from 'ai';
import type { z } from 'zod';
import type { GenerateResponse, JsonSchemaObject } from '@x/agent-protocol/routes';
import { compactionPart } from '../compaction-history.js';
import { toHookStep } from '../hook-steps.js';
import type { TurnInput } from '../turn-input.js';
import { safeErrorMessage } from '../safe-error-message.js';
import type { ReplyEnd } from '../stream-agent-reply.js';
import { releaseScope } from '../turn-scope.js';
import { createTurnAgent, errorText, newMessageId, openTurn, streamTurnReply, type AgentOverrides } from '../turn-setup.js';
import { sumUsage } from '../usage.js';
import { pendingApprovals, pendingToolCalls, stopReasonOf, toGenerateSteps, toGenerateUsage } from './generate-result.js';
import { readOutput } from '../../config/output-schema.js';

/** The metadata key of a stored generate reply: what resuming a paused run needs. */
export const GENERATE_METADATA_KEY = 'generate';

/** What a stored generate reply keeps in `metadata.generate`. */
export interface GenerateMetadata {
  runId: string;
  status: GenerateResponse['status'];
  /** The request context the run's tools saw; applied again on resume. */
  context: { sharedState?: unknown; urlQuery?: unknown; pageId?: string | undefined; outputSchema?: JsonSchemaObject | undefined };
}

/** The structured output asked for: the raw JSON Schema (sent to the model) and its validator. */
export interface OutputRequest {
  schema: JsonSchemaObject;
  validator: z.ZodType;
}

/**
 * Runs one turn to its end without streaming to the client: the same turn as the streaming route
 * (tools, hooks, server-owned history with a store) read to the end, answered as JSON. A client-tool
 * call or a call that needs approval pauses the run (`requires_action`); with a store the reply is
 * saved with `metadata.generate` (run id, status, request context) so `…/tool-outputs` can resume it,
 * also after a restart. The answer's `runId` is the run record's id.
 */
export async function runGenerate(input: TurnInput, options: { output?: OutputRequest | undefined }): Promise<GenerateResponse> {
  // The turn's span (`invoke_agent`): the whole run is awaited here, so everything in it is nested.
  const traced = startAgentRunTrace(input.agentId, input.conversationId);
  return traced.run(async () => {
    try {
      const result = await generateTurn(input, options);
      traced.end({ runId: result.runId, failure: result.error?.message, stopped: result.stopReason === 'aborted' });
      return result;
    } catch (error) {
      traced.end({ failure: error });
      throw error;
    }
  });
}

async function generateTurn(input: TurnInput, options: { output?: OutputRequest | undefined }): Promise<GenerateResponse> {
  const turn = await openTurn(input);
  const runId = turn.recorder.meta.id;
  const { signal, run, messages, stored, hooks } = turn;
  // A Stop of the conversation's active run (the stop route, any instance) ends a generate run too.
  const offStop =
    stored && input.runLog ? input.runLog.onStop(stored.runId, () => turn.controller.abort(new DOMException('The run was stopped.', 'AbortError'))) : undefined;
  let failure: string | undefined;
  const steps: StepResult<ToolSet>[] = [];
  // The schema goes to the model as its response format; the answer is validated here.
  // `as unknown as`: the agent's output type is fixed at construction; a per-request JSON Schema output has no static type.
  const overrides = options.output ? ({ output: Output.object({ schema: jsonSchema(options.output.schema) }) } as unknown as AgentOverrides) : {};
  const agent = createTurnAgent(turn, input, steps, (message) => (failure ??= message), overrides);
  let end: ReplyEnd | undefined;
  // Compaction markers are kept in the stored reply (the chat UI shows them).
  const compactionParts: ReturnType<typeof compactionPart>[] = [];
  if (turn.scope.compaction) turn.scope.compaction.onCompaction = (data) => void compactionParts.push(compactionPart(data, compactionParts.length + 1));
  try {
    try {
      const stream = await streamTurnReply(turn, input, agent, (event) => (end = event));
      const reader = stream.getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        if (next.value.type === 'error') failure ??= next.value.errorText;
      }
    } catch (error) {
      if (!signal.aborted) {
        input.logger.error('generate failed', { agentId: input.agentId, error: errorText(error) });
        failure ??= safeErrorMessage(error);
      }
    }
    const aborted = (end?.isAborted ?? false) || signal.aborted;
    const tripped = run.toolSet.doomLoop.tripped;
    const pending = failure || aborted ? [] : pendingToolCalls(end?.responseMessage, run.toolSet.tools);
    const approvals = failure || aborted ? [] : pendingApprovals(end?.responseMessage);
    const text = steps.at(-1)?.text ?? '';
    let status: GenerateResponse['status'] = failure ? 'failed' : pending.length + approvals.length > 0 ? 'requires_action' : 'completed';
    let error: GenerateResponse['error'] = failure ? { code: 'model_error', message: failure } : undefined;
    let output: { value: unknown } | undefined;
    if (options.output && status === 'completed' && !aborted) {
      const read = readOutput(text, options.output.validator);
      if (read.ok) output = { value: read.value };
      else {
        status = 'failed';
        error = { code: 'invalid_output', message: read.message };
      }
    }
    const usage = sumUsage(steps.map((s) => s.usage));
    const reply = end?.responseMessage;
    const metadata: GenerateMetadata = {
      runId,
      status,
      context: {
        sharedState: input.body.sharedState,
        urlQuery: input.body.urlQuery,
        pageId: input.body.pageId,
        outputSchema: options.output?.schema,
      },
    };
    const storedReply: UIMessage | undefined = reply && {
      ...reply,
      parts: [...reply.parts, ...compactionParts],
      metadata: { ...(isRecord(reply.metadata) ? reply.metadata : {}), [GENERATE_METADATA_KEY]: metadata },
    };
    const finishReason = end?.finishReason ?? steps.at(-1)?.finishReason;
    await stored?.finish(
      { reply: storedReply, aborted, errorText: failure, finishReason, title: undefined, steps: steps.length, usage },
      newMessageId,
    );
    const hookSteps = steps.map((step, i) => toHookStep(step, i + 1));
    if (storedReply) {
      await hooks.finish({
        messages: [...messages.filter((m) => m.id !== storedReply.id), storedReply],
        responseMessage: storedReply,
        steps: hookSteps,
        toolResults: hookSteps.flatMap((s) => s.toolResults),
        finishReason,
        usage,
        isAborted: aborted,
      });
    }
    return {
      runId,
      ...(stored ? { conversationId: stored.conversationId } : {}),
      status,
      text,
      ...(output ? { output: output.value } : {}),
      steps: toGenerateSteps(steps),
      usage: toGenerateUsage(usage),
      stopReason: error?.code === 'invalid_output' ? 'error' : stopReasonOf({ failed: failure !== undefined, aborted, pending: pending.length, approvals: approvals.length, steps, maxSteps: run.maxSteps, guardTripped: tripped !== undefined }),
      ...(pending.length > 0 ? { pendingToolCalls: pending } : {}),
      ...(approvals.length > 0 ? { pendingApprovals: approvals } : {}),
      ...(error ? { error } : {}),
    };
  } finally {
    offStop?.();
    await releaseScope(turn.scope);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
