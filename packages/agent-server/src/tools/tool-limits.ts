import type { Tool, ToolExecutionOptions } from 'ai';
import type { DoomLoopGuard } from './doom-loop.js';

/** The limits every executed tool runs under. */
export interface ToolLimits {
  /** `Infinity` for no timeout (sub-agents: their own tools have one). */
  timeoutMs: number;
  resultMaxChars: number;
  doomLoop: DoomLoopGuard;
}

/** Thrown when a tool runs past its time; the model and the UI see the message as the tool error. */
export class ToolTimeoutError extends Error {
  constructor(toolName: string, ms: number) {
    super(`Tool "${toolName}" timed out after ${ms} ms.`);
    this.name = 'ToolTimeoutError';
  }
}

/**
 * The same tool with its `execute` run under the limits: the doom-loop guard first, then a timeout
 * (the tool's abort signal fires too) and a cap on the result's size. Tools without `execute`
 * (client tools) are returned as they are.
 */
export function limitTool<T extends Tool>(toolName: string, tool: T, limits: ToolLimits): T {
  const execute = tool.execute as ((input: unknown, options: ToolExecutionOptions<unknown>) => unknown) | undefined;
  if (!execute) return tool;
  const limited = async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    limits.doomLoop.record(toolName, input);
    // One composite signal per call: the step's signal is shared by every parallel call, so a
    // listener per call on it would pile up (Node's MaxListenersExceededWarning past 10).
    const controller = new AbortController();
    const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, controller.signal]) : controller.signal;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      if (!Number.isFinite(limits.timeoutMs)) return;
      timer = setTimeout(() => {
        const error = new ToolTimeoutError(toolName, limits.timeoutMs);
        controller.abort(error);
        reject(error);
      }, limits.timeoutMs);
    });
    try {
      const run = Promise.resolve(execute.call(tool, input, { ...options, abortSignal: signal }));
      const output = await Promise.race([run, timedOut]);
      return capResult(output, limits.resultMaxChars);
    } finally {
      clearTimeout(timer);
    }
  };
  return { ...tool, execute: limited } as T;
}

/**
 * A result whose JSON is longer than `maxChars` becomes its first `maxChars` characters plus a
 * notice naming the shown and total size.
 */
export function capResult(output: unknown, maxChars: number): unknown {
  if (output === undefined || isAsyncIterable(output)) return output;
  const text = typeof output === 'string' ? output : JSON.stringify(output);
  if (text === undefined || text.length <= maxChars) return output;
  return `${text.slice(0, maxChars)}\n\n[Result truncated: showing the first ${maxChars} of ${text.length} characters.]`;
}

function isAsyncIterable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
