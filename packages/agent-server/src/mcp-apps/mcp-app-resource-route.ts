import { createMCPClient, mcpAppClientCapabilities } from '@ai-sdk/mcp';
import { DEFAULT_MAX_MCP_APP_BYTES, type McpAppResource, type McpAppResourceRequest } from '@x/agent-protocol/mcp-apps';
import { HttpError } from '../http/error-response.js';
import { cachedAppResource } from '../tools/mcp-apps/mcp-app-cache.js';
import { readAppResource } from '../tools/mcp-apps/mcp-app-resource.js';
import { uiResourceUriOf } from '../tools/mcp-apps/mcp-app-tools.js';
import { MCP_CONNECT_TIMEOUT_MS } from '../tools/mcp-tools.js';
import { mcpTransport } from '../tools/mcp-transport.js';
import { withAppToolSet, type AppRequestContext } from './app-tool-set.js';

/**
 * The app's HTML for `POST …/mcp-apps/resource`: only a URI that a tool the agent may use on that
 * server declares (`_meta.ui.resourceUri`; the agent's tool filter applies, app-only tools count),
 * else 404 `not_found` — an app cannot have the host fetch any other resource of the server. Then
 * from the cache (filled when the tool ran), else read from the agent's MCP server (one connection,
 * closed after). Unknown server → 404 `unknown_tool`; a resource that cannot be used (mime type,
 * size, server down) → 502 `mcp_app_unavailable` (logged).
 */
export async function readAppResourceFor(body: McpAppResourceRequest, ctx: AppRequestContext): Promise<McpAppResource> {
  const source = await withAppToolSet(ctx, body.server, async ({ source, toolSet }) => {
    const declared = Object.entries(toolSet.tools).some(([name, tool]) => toolSet.sources[name] === 'mcp' && uiResourceUriOf(tool) === body.uri);
    return declared ? source : undefined;
  });
  if (!source) throw new HttpError('not_found', `No tool of this agent on "${body.server.slice(0, 64)}" declares this app.`);
  const maxBytes = ctx.config.limits?.maxMcpAppBytes ?? DEFAULT_MAX_MCP_APP_BYTES;
  const result = await cachedAppResource(ctx.config, source, body.uri, async () => {
    const client = await createMCPClient({
      transport: await mcpTransport(source),
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
