import { getToolName, isToolUIPart, type LanguageModelUsage, type StepResult, type Tool, type ToolSet, type UIMessage } from 'ai';
import type { GenerateStep, GenerateStopReason, GenerateUsage, PendingApproval, PendingToolCall } from '@x/agent-protocol/routes';
import { toHookStep } from '../hook-steps.js';

/** The client-tool calls of a reply still waiting for an output (tools without a server `execute`). */
export function pendingToolCalls(reply: UIMessage | undefined, tools: Record<string, Tool>): PendingToolCall[] {
  const pending: PendingToolCall[] = [];
  for (const part of reply?.parts ?? []) {
    if (!isToolUIPart(part) || part.state !== 'input-available') continue;
    const name = getToolName(part);
    if (typeof tools[name]?.execute === 'function') continue;
    pending.push({ toolCallId: part.toolCallId, toolName: name, input: part.input });
  }
  return pending;
}

/** The tool calls of a reply waiting for a person's approval (`approval-requested`). */
export function pendingApprovals(reply: UIMessage | undefined): PendingApproval[] {
  const pending: PendingApproval[] = [];
  for (const part of reply?.parts ?? []) {
    if (!isToolUIPart(part) || part.state !== 'approval-requested') continue;
    pending.push({ approvalId: part.approval.id, toolCallId: part.toolCallId, toolName: getToolName(part), input: part.input });
  }
  return pending;
}

/** Why the loop stopped, from what the run saw (see `GenerateStopReason` for the reserved ones). */
export function stopReasonOf(run: {
  failed: boolean;
  aborted: boolean;
  pending: number;
  approvals: number;
  steps: readonly StepResult<ToolSet>[];
  maxSteps: number;
  guardTripped: boolean;
}): GenerateStopReason {
  if (run.aborted) return 'aborted';
  if (run.failed) return 'error';
  if (run.approvals > 0) return 'approval_required';
  if (run.pending > 0) return 'no_executor';
  if (run.guardTripped) return 'stop_condition';
  const last = run.steps.at(-1);
  if (last?.finishReason !== 'tool-calls') return 'end_turn';
  return run.steps.length >= run.maxSteps ? 'max_steps' : 'stop_condition';
}

/** Steps as the generate answer shows them. */
export function toGenerateSteps(steps: readonly StepResult<ToolSet>[]): GenerateStep[] {
  return steps.map((step, i) => {
    const hook = toHookStep(step, i + 1);
    return {
      stepNumber: hook.stepNumber,
      text: hook.text,
      toolCalls: hook.toolCalls,
      toolResults: hook.toolResults.map(({ toolCallId, toolName, output, error }) => ({
        toolCallId,
        toolName,
        ...(error !== undefined ? { error } : { output }),
      })),
      finishReason: hook.finishReason,
      usage: toGenerateUsage(step.usage),
    };
  });
}

export function toGenerateUsage(usage: LanguageModelUsage): GenerateUsage {
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens };
}
