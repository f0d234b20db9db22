import type { McpSourceConfig } from '../config/tool-types.js';
import type { AgentConfig } from '../config/types.js';
import { mcpSourceName } from '../tools/mcp-transport.js';

/** The agent's MCP source with that name (`mcp{index}` when it has none), and its index. */
export function findMcpSource(agent: AgentConfig, server: string): { source: McpSourceConfig; index: number } | undefined {
  const sources = agent.mcp ?? [];
  const index = sources.findIndex((source, i) => mcpSourceName(source, i) === server);
  return index === -1 ? undefined : { source: sources[index]!, index };
}
