import { createMCPClient, mcpAppClientCapabilities } from '@ai-sdk/mcp';
import { DEFAULT_MAX_MCP_APP_BYTES, type McpAppResource, type McpAppResourceRequest } from '@x/agent-protocol/mcp-apps';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { cachedAppResource } from '../tools/mcp-apps/mcp-app-cache.js';
import { readAppResource } from '../tools/mcp-apps/mcp-app-resource.js';
import { MCP_CONNECT_TIMEOUT_MS } from '../tools/mcp-tools.js';
import { mcpTransport } from '../tools/mcp-transport.js';
import { findMcpSource } from './find-mcp-source.js';

/**
 * The app's HTML for `POST …/mcp-apps/resource`: from the cache (filled when the tool ran), else read
 * from the agent's MCP server (one connection, closed after). Unknown server → 404 `unknown_tool`;
 * a resource that cannot be used (mime type, size, server down) → 502 `mcp_app_unavailable` (logged).
 */
export async function readAppResourceFor(body: McpAppResourceRequest, ctx: { agentId: string; agent: AgentConfig; config: AgentServerConfig; logger: Logger }): Promise<McpAppResource> {
  const found = findMcpSource(ctx.agent, body.server);
  if (!found) throw new HttpError('unknown_tool', `The agent has no MCP server "${body.server.slice(0, 64)}".`);
  const maxBytes = ctx.config.limits?.maxMcpAppBytes ?? DEFAULT_MAX_MCP_APP_BYTES;
  const result = await cachedAppResource(ctx.config, found.source, body.uri, async () => {
    const client = await createMCPClient({
      transport: await mcpTransport(found.source),
      clientName: `x-agent-server:${ctx.agentId}`,
      initializationOptions: { signal: AbortSignal.timeout(MCP_CONNECT_TIMEOUT_MS), timeout: MCP_CONNECT_TIMEOUT_MS },
      capabilities: mcpAppClientCapabilities,
    });
    try {
      return await readAppResource(client, body.uri, maxBytes);
    } finally {
      await client.close().catch(() => {});
    }
  });
  if (result.reason !== undefined) {
    ctx.logger.warn('MCP App resource unavailable', { agentId: ctx.agentId, server: body.server, reason: result.reason });
    throw new HttpError('mcp_app_unavailable', 'The app could not be loaded from its MCP server.');
  }
  return result.resource;
}
