import { context, SpanKind, trace, type Span } from '@opentelemetry/api';
import type { Tool, ToolExecutionOptions } from 'ai';
import type { ToolSource } from '../tools/tool-entry.js';
import type { TracingConfig } from './tracing-config.js';
import { failSpan, jsonText, recordingContext, tracer } from './tracer.js';

/**
 * The tool with an `execute_tool {name}` span around each executed call, a child of the agent run
 * active now. The call runs with its span active, so what it does is nested under it: a sub-agent's
 * run, an HTTP tool's outgoing `traceparent`. Tools without `execute` (client tools) and tools built
 * while nothing records are returned as they are.
 */
export function traceTool<T extends Tool>(name: string, source: ToolSource, tool: T, tracing: TracingConfig | undefined): T {
  const execute = tool.execute as ((input: unknown, options: ToolExecutionOptions<unknown>) => unknown) | undefined;
  const parent = execute ? recordingContext() : undefined;
  if (!execute || !parent) return tool;
  const traced = (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const span = tracer().startSpan(`execute_tool ${name}`, { kind: SpanKind.INTERNAL }, parent);
    recordCall(span, name, source, options.toolCallId, input, tracing);
    return context.with(trace.setSpan(parent, span), async () => {
      try {
        const output = await execute.call(tool, input, options);
        if (tracing?.recordOutputs === true) span.setAttribute('gen_ai.tool.call.result', jsonText(output));
        return output;
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  };
  return { ...tool, execute: traced } as T;
}

function recordCall(span: Span, name: string, source: ToolSource, toolCallId: string, input: unknown, tracing: TracingConfig | undefined): void {
  span.setAttributes({
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'gen_ai.tool.call.id': toolCallId,
    // The conventions' tool types: MCP tools extend the agent; the rest are functions it calls.
    'gen_ai.tool.type': source === 'mcp' ? 'extension' : 'function',
    'x.tool.source': source,
  });
  if (source === 'mcp') span.setAttribute('mcp.method.name', 'tools/call');
  if (tracing?.recordInputs === true) span.setAttribute('gen_ai.tool.call.arguments', jsonText(input));
}
