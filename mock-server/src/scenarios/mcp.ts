import type { AgentConfig } from '@x/agent-server';
import type { Scenario } from './scenario.js';
import { seenToolOutput } from './tool-output.js';

type McpSource = NonNullable<AgentConfig['mcp']>[number];

/**
 * Calls the `echo` tool of an MCP server (e.g. `@modelcontextprotocol/server-everything` over stdio)
 * and reports its answer. Node only: the caller passes the source, since where the server's
 * package lives is the app's business.
 */
export function mcpEcho(source: McpSource): Scenario {
  return {
    id: 'mcp',
    title: 'MCP tool',
    description: 'Calls the echo tool of a real MCP server process.',
    prompt: 'Echo "hello MCP" through the MCP server',
    chatTitle: 'MCP echo',
    match: /\bmcp\b|\becho\b/i,
    nodeOnly: true,
    agent: { mcp: [source] },
    script: {
      steps: ({ stepInTurn, lastUserText, toolResults, toolNames }) => {
        const echo = toolNames.find((n) => n === 'echo' || n.endsWith('__echo'));
        if (!echo) return [{ type: 'text', text: 'The MCP server is not reachable right now, so I have no echo tool.' }];
        if (stepInTurn === 0) {
          const message = /"([^"]+)"/.exec(lastUserText)?.[1] ?? lastUserText;
          return [{ type: 'tool-call', toolName: echo, input: { message } }];
        }
        const seen = seenToolOutput(toolResults.at(-1)?.output);
        // MCP results reach the model as content parts (or, raw, as `{ content: [...] }`).
        const value = seen.kind === 'value' ? seen.value : undefined;
        const content = (Array.isArray(value) ? value : (value as { content?: unknown[] } | undefined)?.content) as { text?: string }[] | undefined;
        const text = content ? content.map((c) => c.text ?? '').join('') : seen.kind === 'error' ? `an error: ${seen.message}` : 'nothing';
        return [{ type: 'text', text: `The MCP server answered: ${text}` }];
      },
    },
  };
}
