import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import type { Tool } from 'ai';
import { toolNameProblem } from '@x/agent-protocol';
import type { McpSourceConfig } from '../config/tool-types.js';
import type { TurnScope } from '../runtime/turn-scope.js';
import { mcpSourceName, mcpToolName, mcpTransport } from './mcp-transport.js';
import type { ToolEntry } from './tool-entry.js';

/** How long connecting to and listing one MCP server may take before it is skipped. */
export const MCP_CONNECT_TIMEOUT_MS = 15_000;

/**
 * The tools of an agent's MCP servers, fail-open: a server that cannot be reached or listed is
 * skipped with a warning and the turn runs without it. Every client opened is registered in the
 * scope and closed when the turn ends. Names already `taken` (function tools, sub-agents) and names
 * an earlier server gave win; reserved and invalid names are skipped; each skip is a warning.
 */
export async function buildMcpTools(
  agentId: string,
  sources: readonly McpSourceConfig[],
  taken: ReadonlySet<string>,
  scope: TurnScope,
): Promise<ToolEntry[]> {
  const listed = await Promise.all(sources.map((source, index) => listSource(agentId, source, index, scope)));
  const names = new Set(taken);
  const entries: ToolEntry[] = [];
  listed.forEach((tools, index) => {
    const source = sources[index]!;
    const server = mcpSourceName(source, index);
    for (const [mcpName, tool] of Object.entries(tools ?? {})) {
      if (source.tools && !source.tools.includes(mcpName)) continue;
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
  scope: TurnScope,
): Promise<Record<string, Tool> | undefined> {
  const server = mcpSourceName(source, index);
  let client: MCPClient | undefined;
  try {
    const signal = AbortSignal.any([scope.signal, AbortSignal.timeout(MCP_CONNECT_TIMEOUT_MS)]);
    client = await createMCPClient({
      transport: await mcpTransport(source),
      clientName: `x-agent-server:${agentId}`,
      initializationOptions: { signal, timeout: MCP_CONNECT_TIMEOUT_MS },
    });
    const opened = client;
    scope.cleanups.push(() => opened.close());
    return (await withTimeout(client.tools(), signal)) as Record<string, Tool>;
  } catch (error) {
    scope.logger.warn('MCP server unavailable; the turn runs without its tools', {
      agentId,
      server,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
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
