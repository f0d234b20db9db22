import type { JSONValue } from '@ai-sdk/provider';
import type { AgentServerConfig, ToolConfig } from '@x/agent-server';
import { parseFixture, type Fixture } from './fixture.js';

type ToolsConfig = NonNullable<AgentServerConfig['tools']>;

/** A tool output as the model got it (AI SDK `LanguageModelV4ToolResultOutput`, JSON-safe). */
type RecordedOutput = { type: string; value?: JSONValue; reason?: string };

/** The tool results a fixture's prompts carry, by tool call id. */
export function recordedToolResults(fixture: Fixture): Map<string, { toolName: string; output: RecordedOutput }> {
  const results = new Map<string, { toolName: string; output: RecordedOutput }>();
  for (const call of fixture.calls) {
    for (const message of Array.isArray(call.prompt) ? call.prompt : []) {
      if (!message || typeof message !== 'object' || Array.isArray(message) || message.role !== 'tool' || !Array.isArray(message.content)) continue;
      for (const part of message.content) {
        if (!part || typeof part !== 'object' || Array.isArray(part) || part.type !== 'tool-result') continue;
        const { toolCallId, toolName, output } = part as { toolCallId?: string; toolName?: string; output?: RecordedOutput };
        if (typeof toolCallId === 'string' && output) results.set(toolCallId, { toolName: String(toolName), output });
      }
    }
  }
  return results;
}

/**
 * `tools` (a server config's `tools`) with every function and HTTP tool answering from the fixture:
 * the call of a tool call id returns the output the model got for it when the session was recorded
 * (an error output throws), so a replay needs none of the services the tools call. A call the
 * recording does not have throws, naming the tool and the call id.
 */
export function replayTools(fixture: Fixture | unknown, tools: ToolsConfig, options: { source?: string } = {}): ToolsConfig {
  const source = options.source ?? 'fixture';
  const results = recordedToolResults(parseFixture(fixture, source));
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => {
      const replayed: ToolConfig = {
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.confirm !== undefined ? { confirm: tool.confirm } : {}),
        execute: (_input, ctx) => {
          const recorded = results.get(ctx.toolCallId);
          if (!recorded) throw new Error(`Replay of ${source}: no recorded result for tool "${name}" (call ${ctx.toolCallId}).`);
          return outputValue(recorded.output);
        },
      };
      return [name, replayed];
    }),
  );
}

function outputValue(output: RecordedOutput): unknown {
  switch (output.type) {
    case 'error-text':
    case 'error-json':
      throw new Error(typeof output.value === 'string' ? output.value : JSON.stringify(output.value));
    case 'execution-denied':
      throw new Error(output.reason ?? 'denied');
    default:
      return output.value;
  }
}
