'use client';
import { mcpAppOf } from '@x/agent-protocol/mcp-apps';
import type { AgentUIMessagePart } from '@x/agent-protocol';
import { chatMcpAppsOptions, McpAppsContext, type McpAppsOptions } from '../mcp-app/mcp-apps-options.js';
import { McpAppSlot } from '../mcp-app/mcp-app-slot.js';
import type { AgentChatPlugin } from './plugin.js';

export type { McpAppsOptions };
export type { McpAppMessageBudget } from '../mcp-app/message-budget.js';
export type { McpAppStrings } from '../mcp-app/mcp-app-strings.js';

/** The MCP App of a finished tool part, if it has one. */
function appOfPart(part: AgentUIMessagePart) {
  const { state, output } = part as { state?: string; output?: unknown };
  return state === 'output-available' ? mcpAppOf(output) : undefined;
}

/**
 * MCP Apps (README "Plug-ins", "MCP Apps"): a tool result that carries an app shows it under its
 * card, in a sandboxed double iframe. `sandboxUrl` (the agent server's
 * `GET {basePath}/mcp-apps/sandbox` on another origin) is required; the routes default to the chat's
 * `api` and `agentId`. The host code (the MCP client and bridge) loads when the first app appears.
 */
export function mcpApps(options: McpAppsOptions): AgentChatPlugin {
  return {
    name: 'mcp-apps',
    options,
    parts: (connection) => {
      const resolved = chatMcpAppsOptions(options, connection);
      if (!resolved) return {};
      return {
        ownCard: (part) => !!appOfPart(part),
        afterToolCall: (part, toolCallId) => {
          const app = appOfPart(part);
          if (!app) return undefined;
          const { input, output } = part as { input?: unknown; output?: unknown };
          return (
            <McpAppsContext.Provider value={resolved}>
              <McpAppSlot app={app} toolCallId={toolCallId} input={input} output={output} />
            </McpAppsContext.Provider>
          );
        },
      };
    },
  };
}
