import { createMCPClient, mcpAppClientCapabilities, type MCPClient } from '@ai-sdk/mcp';
import type { Tool } from 'ai';
import { toolNameProblem } from '@x/agent-protocol/validation';
import type { McpSourceConfig, McpStdioSource } from '../config/tool-types.js';
import { acquireSharedMcpClient } from './mcp-shared-clients.js';
import type { ToolScope } from './tool-scope.js';
import { mcpSourceName, mcpToolName, mcpTransport } from './mcp-transport.js';
import type { ToolEntry } from './tool-entry.js';
import { isAppOnlyTool, uiResourceUriOf, withMcpApp } from './mcp-apps/mcp-app-tools.js';

/** How long connecting to and listing one MCP server may take before it is skipped. */
export const MCP_CONNECT_TIMEOUT_MS = 15_000;

/**
 * The tools of an agent's MCP servers, fail-open: a server that cannot be reached or listed is
 * skipped with a warning and the turn runs without it. Every client opened is registered in the
 * scope and closed when the turn ends. Names already `taken` (function tools, sub-agents) and names
 * an earlier server gave win; reserved and invalid names are skipped; each skip is a warning.
 * A tool with an MCP App (`_meta.ui.resourceUri`) returns a reference to its app with its result
 * (mcp-apps/mcp-app-tools.ts); a tool only for its app is not offered unless `scope.appCaller`.
 */
export async function buildMcpTools(
  agentId: string,
  sources: readonly McpSourceConfig[],
  taken: ReadonlySet<string>,
  scope: ToolScope,
): Promise<ToolEntry[]> {
  const listed = await Promise.all(sources.map((source, index) => listSource(agentId, source, index, scope)));
  const names = new Set(taken);
  const entries: ToolEntry[] = [];
  listed.forEach((opened, index) => {
    const source = sources[index]!;
    const server = mcpSourceName(source, index);
    for (const [mcpName, listedTool] of Object.entries(opened?.tools ?? {})) {
      if (source.tools && !source.tools.includes(mcpName)) continue;
      if (isAppOnlyTool(listedTool) && !scope.appCaller) continue;
      const uri = uiResourceUriOf(listedTool);
      const tool =
        uri && opened
          ? withMcpApp(listedTool, { server, resourceUri: uri, toolName: mcpName }, { owner: scope.config, source, client: opened.client, maxBytes: scope.config.limits?.maxMcpAppBytes }, scope.logger)
          : listedTool;
      const name = mcpToolName(source, index, mcpName);
      const problem = toolNameProblem(name);
      if (problem) {
        scope.logger.warn(`MCP tool skipped: ${problem}`, { agentId, server, tool: mcpName });
        continue;
      }
      if (names.has(name)) {
        scope.logger.warn(`MCP tool "${name}" skipped: another tool of the agent already has that name`, { agentId, server });
        continue;
      }
      names.add(name);
      entries.push({ name, tool, confirm: source.confirm === true, source: 'mcp' });
    }
  });
  return entries;
}

async function listSource(
  agentId: string,
  source: McpSourceConfig,
  index: number,
  scope: ToolScope,
): Promise<{ tools: Record<string, Tool>; client: MCPClient } | undefined> {
  const server = mcpSourceName(source, index);
  try {
    if (source.type === 'stdio' && source.keepAlive) return await listShared(agentId, source, scope);
    const signal = AbortSignal.any([scope.signal, AbortSignal.timeout(MCP_CONNECT_TIMEOUT_MS)]);
    const client = await openClient(agentId, source, signal);
    scope.cleanups.push(() => client.close());
    return { tools: (await withTimeout(client.tools(), signal)) as Record<string, Tool>, client };
  } catch (error) {
    scope.logger.warn('MCP server unavailable; the turn runs without its tools', {
      agentId,
      server,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

/** A client of `source`, initialised; `onExit` is called when its transport closes (the process ended). */
async function openClient(agentId: string, source: McpSourceConfig, signal: AbortSignal, onExit?: () => void): Promise<MCPClient> {
  const transport = await mcpTransport(source);
  const client = await createMCPClient({
    transport,
    clientName: `x-agent-server:${agentId}`,
    initializationOptions: { signal, timeout: MCP_CONNECT_TIMEOUT_MS },
    // The host renders MCP Apps: servers may then offer their UI resources.
    capabilities: mcpAppClientCapabilities,
  });
  if (onExit && 'start' in transport) {
    const closed = transport.onclose;
    transport.onclose = () => {
      closed?.();
      onExit();
    };
  }
  return client;
}

/**
 * The tools of a `keepAlive` stdio server: its running process (shared with the turns that run at
 * once, kept between turns) or a new one; released when the turn ends. A process kept from an
 * earlier turn that fails now is ended and started once more for this turn.
 */
async function listShared(agentId: string, source: McpStdioSource, scope: ToolScope): Promise<{ tools: Record<string, Tool>; client: MCPClient }> {
  for (let attempt = 0; ; attempt++) {
    const held = await acquireSharedMcpClient(scope.config, source, (onExit) => openClient(agentId, source, AbortSignal.timeout(MCP_CONNECT_TIMEOUT_MS), onExit));
    try {
      const tools = (await withTimeout(held.client.tools(), AbortSignal.any([scope.signal, AbortSignal.timeout(MCP_CONNECT_TIMEOUT_MS)]))) as Record<string, Tool>;
      scope.cleanups.push(async () => held.release());
      return { tools, client: held.client };
    } catch (error) {
      // The turn's own end is no failure of the process.
      held.release(!scope.signal.aborted);
      if (held.fresh || attempt > 0 || scope.signal.aborted) throw error;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('MCP listing timed out'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
