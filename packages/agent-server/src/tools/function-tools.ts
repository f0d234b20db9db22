import { tool, type Tool } from 'ai';
import type { AgentToolRef, ToolConfig, ToolContext } from '../config/tool-types.js';
import type { TurnScope } from '../runtime/turn-scope.js';
import type { ToolEntry } from './tool-entry.js';
import { toToolSchema } from './tool-schema.js';

/** The exposed name, config name and approval flag of an agent's tool reference. */
export function resolveToolRef(ref: AgentToolRef): { name: string; toolName: string; confirm: boolean | undefined } {
  if (typeof ref === 'string') return { name: ref, toolName: ref, confirm: undefined };
  return { name: ref.name ?? ref.tool, toolName: ref.tool, confirm: ref.confirm };
}

/** The named server tools an agent references, as AI SDK tools whose `execute` gets the tool context. */
export function buildFunctionTools(agentId: string, refs: readonly AgentToolRef[], scope: TurnScope): ToolEntry[] {
  const entries: ToolEntry[] = [];
  for (const ref of refs) {
    const { name, toolName, confirm } = resolveToolRef(ref);
    const definition = scope.config.tools?.[toolName];
    if (!definition) continue; // unreachable after validation
    entries.push({
      name,
      tool: toAiTool(agentId, definition, scope),
      confirm: confirm ?? definition.confirm ?? false,
      source: 'function',
    });
  }
  return entries;
}

function toAiTool(agentId: string, definition: ToolConfig, scope: TurnScope): Tool {
  return tool({
    description: definition.description,
    inputSchema: toToolSchema(definition.inputSchema),
    execute: async (input: unknown, options) => {
      const ctx: ToolContext = {
        agentId,
        conversationId: scope.request.conversationId,
        user: scope.user,
        pageId: scope.request.pageId,
        urlQuery: scope.request.urlQuery,
        sharedState: scope.request.sharedState,
        abortSignal: options.abortSignal ?? scope.signal,
        toolCallId: options.toolCallId,
      };
      return definition.execute(input, ctx);
    },
  }) as Tool;
}
