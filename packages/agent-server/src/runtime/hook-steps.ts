import type { StepResult, ToolSet } from 'ai';
import type { HookStep, HookToolResult } from '../config/hook-types.js';

/** A step as hooks see it: text, tool calls and results (errors as text), finish reason, usage. */
export function toHookStep(step: StepResult<ToolSet>, stepNumber: number): HookStep {
  const toolResults: HookToolResult[] = [];
  for (const part of step.content) {
    if (part.type === 'tool-result') {
      toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, output: part.output });
    } else if (part.type === 'tool-error') {
      const error = part.error instanceof Error ? part.error.message : String(part.error);
      toolResults.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, error });
    }
  }
  return {
    stepNumber,
    text: step.text,
    toolCalls: step.toolCalls.map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, input: c.input })),
    toolResults,
    finishReason: step.finishReason,
    usage: step.usage,
  };
}
