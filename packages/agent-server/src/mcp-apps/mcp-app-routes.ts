import type { McpAppApprovalRequiredBody, McpAppCallRequest, McpAppResourceRequest } from '@x/agent-protocol/mcp-apps';
import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import type { ConversationStore } from '../store/types.js';
import { runAppToolCall } from './mcp-app-call.js';
import { readAppResourceFor } from './mcp-app-resource-route.js';

/** What the MCP Apps routes get from the server once method, `authenticate`, agent, `access` and the body passed. */
export interface McpAppRouteContext {
  agentId: string;
  agent: AgentConfig;
  user: AgentUser | undefined;
  /** The user's id in the store (`storeUserId`). */
  userId: string;
  store: ConversationStore | undefined;
  config: AgentServerConfig;
  logger: Logger;
  maxBodyBytes: number;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
}

/**
 * `POST {basePath}/{agentId}/mcp-apps/resource` (see `mcpAppPaths` in the protocol): the app's HTML.
 * With a store the conversation must be the user's (else 404 `conversation_not_found`, as for
 * another user's conversation anywhere). The pipeline parsed the body (`mcpAppResourceSchema`).
 */
export async function mcpAppResourceRoute(request: Request, body: McpAppResourceRequest, ctx: McpAppRouteContext): Promise<Response> {
  await checkConversation(body.conversationId, ctx);
  return json(await readAppResourceFor(body, { ...ctx, conversationId: body.conversationId, signal: request.signal }));
}

/** `POST {basePath}/{agentId}/mcp-apps/call`: a tool call made from inside an app (403 `approval_required` with a token when it needs one). */
export async function mcpAppCallRoute(request: Request, body: McpAppCallRequest, ctx: McpAppRouteContext): Promise<Response> {
  await checkConversation(body.conversationId, ctx);
  const result = await runAppToolCall(body, { ...ctx, conversationId: body.conversationId, signal: request.signal });
  if ('approvalNeeded' in result) {
    const answer: McpAppApprovalRequiredBody = {
      error: { code: 'approval_required', message: `"${body.name.slice(0, 64)}" needs the user's approval: ask them, then send the call again with its token.` },
      approval: result.approvalNeeded,
    };
    return json(answer, AGENT_ERROR_STATUS.approval_required);
  }
  return json(result);
}

async function checkConversation(conversationId: string | undefined, ctx: McpAppRouteContext): Promise<void> {
  if (!ctx.store) return;
  if (conversationId === undefined) throw new HttpError('invalid_body', 'This server keeps conversations: send the app\'s conversationId.', [{ path: 'conversationId', message: 'required' }]);
  const found = await ctx.store.getConversation(ctx.userId, conversationId);
  if (!found) throw new HttpError('conversation_not_found', 'There is no such conversation.');
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}
