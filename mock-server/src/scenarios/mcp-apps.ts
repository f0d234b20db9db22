import type { AgentConfig } from '@x/agent-server';
import type { Scenario } from './scenario.js';

type McpSource = NonNullable<AgentConfig['mcp']>[number];

/** The tools the scenario calls: the one tool of each MCP App server it is given. */
const APP_TOOLS = ['get-time', 'get-budget-data'];

/**
 * Calls the tools of MCP App servers (e.g. `@modelcontextprotocol/server-basic-react` and
 * `server-budget-allocator` over stdio) in one step, so each result comes with its app, then says
 * so. Node only: the caller passes the sources.
 */
export function mcpApps(...sources: McpSource[]): Scenario {
  return {
    id: 'mcp-apps',
    title: 'MCP Apps',
    description: 'Tools of real MCP App servers: their interactive UI renders in the chat, sandboxed.',
    prompt: 'Show me the MCP Apps: the server time and the budget',
    chatTitle: 'MCP Apps',
    match: /\bmcp apps?\b|\bbudget\b/i,
    nodeOnly: true,
    agent: { mcp: sources },
    script: {
      steps: ({ stepInTurn, toolNames }) => {
        const tools = APP_TOOLS.flatMap((name) => toolNames.filter((n) => n === name || n.endsWith(`__${name}`)));
        if (tools.length === 0) return [{ type: 'text', text: 'The MCP App servers are not reachable right now.' }];
        if (stepInTurn === 0) return tools.map((toolName) => ({ type: 'tool-call' as const, toolName, input: {} }));
        return [{ type: 'text', text: 'Here they are: the apps above run in a sandbox and call their tools through this server.' }];
      },
    },
  };
}
