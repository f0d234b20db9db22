import type { AgentUser, McpSourceConfig } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { runSubAgent } from '../runtime/run-sub-agent.js';
import { releaseScope, type TurnScope } from '../runtime/turn-scope.js';
import { buildToolSet, type AgentToolSet } from '../tools/build-tool-set.js';
import { findMcpSource } from './find-mcp-source.js';

/** What the MCP Apps routes know of the request once the agent and the conversation were checked. */
export interface AppRequestContext {
  agentId: string;
  agent: AgentConfig;
  user: AgentUser | undefined;
  /** The user's id in the store (`storeUserId`). */
  userId: string;
  conversationId: string | undefined;
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
  signal: AbortSignal;
}

/** The tools an app of `server` may use, as the agent has them (its filters, policies and limits). */
export interface AppToolSet {
  source: McpSourceConfig;
  index: number;
  toolSet: AgentToolSet;
}

/**
 * Builds the agent's tools on the app's MCP server as an app's call sees them (app-only tools
 * included, `ctx.caller === 'app'`), hands them to `use`, and closes the connection after. Only that
 * server is connected. An MCP server the agent does not have → 404 `unknown_tool`.
 */
export async function withAppToolSet<T>(ctx: AppRequestContext, server: string, use: (tools: AppToolSet) => Promise<T>): Promise<T> {
  const found = findMcpSource(ctx.agent, server);
  if (!found) throw new HttpError('unknown_tool', `The agent has no MCP server "${server.slice(0, 64)}".`);
  const scope: TurnScope = {
    config: ctx.config,
    logger: ctx.logger,
    toolTimeoutMs: ctx.toolTimeoutMs,
    toolResultMaxChars: ctx.toolResultMaxChars,
    request: { agentId: ctx.agentId, conversationId: ctx.conversationId, userId: typeof ctx.user?.id === 'string' ? ctx.user.id : undefined, pageId: undefined, urlQuery: undefined, sharedState: undefined },
    user: ctx.user,
    signal: ctx.signal,
    cleanups: [],
    appCaller: true,
    runSubAgent: (agentId, prompt, place, abort) => runSubAgent(agentId, prompt, place, scope, abort),
  };
  try {
    // Only the app's server is connected: its tools get the agent's policies and limits like every other.
    const toolSet = await buildToolSet({ ...ctx.agent, tools: [], agents: [], fileSystem: undefined, mcp: [found.source] }, { agentId: ctx.agentId, depth: 0 }, scope);
    return await use({ source: found.source, index: found.index, toolSet });
  } finally {
    await releaseScope(scope);
  }
}
