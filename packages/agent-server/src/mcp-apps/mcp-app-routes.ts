import { mcpAppCallRequestSchema, mcpAppResourceRequestSchema, type McpAppApprovalRequiredBody } from '@x/agent-protocol/mcp-apps';
import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import { formatIssues } from '@x/agent-protocol/validation';
import type { z } from 'zod';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { readJsonBody } from '../http/parse-request.js';
import type { ConversationStore } from '../store/types.js';
import { runAppToolCall } from './mcp-app-call.js';
import { readAppResourceFor } from './mcp-app-resource-route.js';

/** What the MCP Apps routes get from the server once method, `authenticate`, agent and `access` passed. */
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
 * `POST {basePath}/{agentId}/mcp-apps/resource` and `…/call` (see `mcpAppPaths` in the protocol).
 * With a store the conversation must be the user's (else 404 `conversation_not_found`, as for
 * another user's conversation anywhere).
 */
export async function handleMcpAppRoute(request: Request, action: string | undefined, ctx: McpAppRouteContext): Promise<Response> {
  if (action !== 'resource' && action !== 'call') throw new HttpError('not_found', 'No such MCP Apps route.');
  const raw = await readJsonBody(request, ctx.maxBodyBytes);
  if (action === 'resource') {
    const body = parse(mcpAppResourceRequestSchema, raw);
    await checkConversation(body.conversationId, ctx);
    return json(await readAppResourceFor(body, { ...ctx, conversationId: body.conversationId, signal: request.signal }));
  }
  const body = parse(mcpAppCallRequestSchema, raw);
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

function parse<T>(schema: z.ZodType<T>, raw: unknown): T {
  const result = schema.safeParse(raw);
  if (!result.success) throw new HttpError('invalid_body', 'The request body does not match the MCP Apps route schema.', formatIssues(result.error).slice(0, 20));
  return result.data;
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
