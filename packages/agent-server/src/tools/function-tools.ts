import { tool, type Tool } from 'ai';
import { isHttpToolConfig, type HttpToolConfig } from '../config/http-tool-types.js';
import type { AgentToolRef, ToolConfig, ToolContext } from '../config/tool-types.js';
import type { ToolScope } from './tool-scope.js';
import type { ToolEntry } from './tool-entry.js';
import { toToolSchema } from './tool-schema.js';

/** The exposed name, config name and approval flag of an agent's tool reference. */
export function resolveToolRef(ref: AgentToolRef): { name: string; toolName: string; confirm: boolean | undefined } {
  if (typeof ref === 'string') return { name: ref, toolName: ref, confirm: undefined };
  return { name: ref.name ?? ref.tool, toolName: ref.tool, confirm: ref.confirm };
}

/** Builds an HTTP tool's entry (`tools/http/http-tools`, loaded only when an agent has one). */
export type HttpToolBuilder = (name: string, definition: HttpToolConfig, confirm: boolean, agentId: string, scope: ToolScope) => ToolEntry;

/** Whether an agent references any HTTP tool of the config. */
export function referencesHttpTools(refs: readonly AgentToolRef[], scope: ToolScope): boolean {
  return refs.some((ref) => isHttpToolConfig(scope.config.tools?.[resolveToolRef(ref).toolName]));
}

/**
 * The named server tools an agent references, in their order: function tools as AI SDK tools whose
 * `execute` gets the tool context, HTTP tools through `http` (skipped without it).
 */
export function buildFunctionTools(agentId: string, refs: readonly AgentToolRef[], scope: ToolScope, http?: HttpToolBuilder): ToolEntry[] {
  const entries: ToolEntry[] = [];
  for (const ref of refs) {
    const { name, toolName, confirm } = resolveToolRef(ref);
    const definition = scope.config.tools?.[toolName];
    if (!definition) continue; // unreachable after validation
    if (isHttpToolConfig(definition)) {
      if (http) entries.push(http(name, definition, confirm ?? definition.confirm ?? false, agentId, scope));
      continue;
    }
    entries.push({
      name,
      tool: toAiTool(agentId, definition, scope),
      confirm: confirm ?? definition.confirm ?? false,
      source: 'function',
    });
  }
  return entries;
}

function toAiTool(agentId: string, definition: ToolConfig, scope: ToolScope): Tool {
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
