import type { Tool, ToolExecutionOptions } from 'ai';

/**
 * The tool with its output streamed again after the kit's wrappers (policies, limits, tracing),
 * which are `async` and so turn an `execute` that returns an async iterable (preliminary outputs,
 * the last one final: a remote agent's progress) into a promise of it, which the AI SDK would send
 * as one opaque output. The result is an async iterable whatever the wrapped `execute` resolves to.
 */
export function streamedTool<T extends Tool>(tool: T): T {
  const execute = tool.execute as ((input: unknown, options: ToolExecutionOptions<unknown>) => unknown) | undefined;
  if (!execute) return tool;
  const streamed = async function* (input: unknown, options: ToolExecutionOptions<unknown>): AsyncGenerator<unknown> {
    const output = await execute.call(tool, input, options);
    if (typeof output === 'object' && output !== null && Symbol.asyncIterator in output) yield* output as AsyncIterable<unknown>;
    else yield output;
  };
  return { ...tool, execute: streamed } as T;
}
