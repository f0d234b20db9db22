import type { MCPClient } from '@ai-sdk/mcp';
import type { Tool, ToolExecutionOptions } from 'ai';
import { DEFAULT_MAX_MCP_APP_BYTES, MCP_APP_META_KEY, type McpAppRef } from '@x/agent-protocol/mcp-apps';
import type { McpSourceConfig } from '../../config/tool-types.js';
import type { Logger } from '../../config/types.js';
import { cachedAppResource } from './mcp-app-cache.js';
import { readAppResource, type McpAppResourceResult } from './mcp-app-resource.js';

/** The `ui://` resource an MCP tool definition names (`_meta.ui.resourceUri`, or the older flat `_meta["ui/resourceUri"]`). */
export function uiResourceUriOf(tool: Tool): string | undefined {
  const meta = (tool as { _meta?: Record<string, unknown> })._meta;
  if (!meta) return undefined;
  const ui = meta.ui as { resourceUri?: unknown } | undefined;
  const uri = (typeof ui === 'object' && ui !== null ? ui.resourceUri : undefined) ?? meta['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') && uri.length <= 2048 ? uri : undefined;
}

/** The tool is for its app only (`_meta.ui.visibility` without `model`): the model is not offered it. */
export function isAppOnlyTool(tool: Tool): boolean {
  const ui = (tool as { _meta?: { ui?: { visibility?: unknown } } })._meta?.ui;
  const visibility = ui?.visibility;
  return Array.isArray(visibility) && !visibility.includes('model');
}

/** Where an app tool's resource comes from. */
export interface AppResourceSource {
  /** The server config (cache owner: one cache per `createAgentServer`). */
  owner: object;
  source: McpSourceConfig;
  client: Pick<MCPClient, 'readResource'>;
  maxBytes?: number | undefined;
}

/** The UI resource of an MCP server, cached per server and URI, checked (mime type, size). */
export function appResource(from: AppResourceSource, uri: string): Promise<McpAppResourceResult> {
  return cachedAppResource(from.owner, from.source, uri, () => readAppResource(from.client, uri, from.maxBytes ?? DEFAULT_MAX_MCP_APP_BYTES));
}

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

/**
 * The MCP tool with its app: after a successful call its result carries a {@link McpAppRef} under
 * `_meta["x-agent/mcp-app"]` once the resource was fetched and accepted; a resource that cannot be
 * used is logged with the reason and the result goes out without an app.
 */
export function withMcpApp(tool: Tool, ref: McpAppRef, from: AppResourceSource, logger: Logger): Tool {
  const execute = tool.execute as Execute | undefined;
  if (!execute) return tool;
  const withApp = async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const [output, loaded] = await Promise.all([execute.call(tool, input, options), appResource(from, ref.resourceUri)]);
    if (typeof output !== 'object' || output === null || Array.isArray(output)) return output;
    if (loaded.reason !== undefined) {
      logger.warn('MCP App not shown; the tool works without it', { server: ref.server, tool: ref.toolName, reason: loaded.reason });
      return output;
    }
    const meta = (output as { _meta?: Record<string, unknown> })._meta;
    return { ...output, _meta: { ...meta, [MCP_APP_META_KEY]: ref } };
  };
  return { ...tool, execute: withApp } as Tool;
}
