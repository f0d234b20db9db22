import type { MCPTransport } from '@ai-sdk/mcp';
import type { McpSourceConfig } from '../config/tool-types.js';

/** The `@ai-sdk/mcp` transport of a source; stdio is imported only when used (it is Node-only). */
export async function mcpTransport(
  source: McpSourceConfig,
): Promise<MCPTransport | { type: 'http' | 'sse'; url: string; headers?: Record<string, string> }> {
  if (source.type === 'custom') return source.createTransport();
  if (source.type === 'stdio') {
    const { StdioMCPTransport } = await import('@ai-sdk/mcp/mcp-stdio');
    return new StdioMCPTransport({
      command: source.command,
      ...(source.args ? { args: source.args } : {}),
      ...(source.env ? { env: source.env } : {}),
      ...(source.cwd ? { cwd: source.cwd } : {}),
      stderr: 'ignore',
    });
  }
  return { type: source.type ?? 'http', url: source.url, ...(source.headers ? { headers: source.headers } : {}) };
}

/** A source's display name: its `name`, else its index (`mcp0`). */
export function mcpSourceName(source: McpSourceConfig, index: number): string {
  return source.name ?? `mcp${index}`;
}

/** The tool name a source exposes for an MCP tool (`mcp__{namespace}__{tool}` when namespaced). */
export function mcpToolName(source: McpSourceConfig, index: number, toolName: string): string {
  if (!source.namespace) return toolName;
  const namespace = typeof source.namespace === 'string' ? source.namespace : mcpSourceName(source, index);
  return `mcp__${namespace}__${toolName}`;
}
