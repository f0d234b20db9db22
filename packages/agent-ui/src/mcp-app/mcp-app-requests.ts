import { isAgentErrorBody } from '@x/agent-protocol';
import { AgentRequestError } from '@x/agent-react';
import { resolveHeaders } from '@x/agent-core';
import { mcpAppApprovalOf, type McpAppCallApproval, type McpAppCallResponse, type McpAppRef, type McpAppResource } from '@x/agent-protocol/mcp-apps';
import type { ResolvedMcpAppsOptions } from './mcp-apps-options.js';

/** A refusal of an MCP Apps route: the kit's request error, with what to ask the user on a 403 `approval_required`. */
export class McpAppRequestError extends AgentRequestError {
  constructor(
    message: string,
    code: string,
    status: number,
    /** A 403 `approval_required`: what to ask the user, with the server's token for the call. */
    readonly approval?: McpAppCallApproval,
  ) {
    super(message, status, code);
  }
}

async function post<T>(options: ResolvedMcpAppsOptions, url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const headers = resolveHeaders(options.headers);
  headers.set('content-type', 'application/json');
  const response = await (options.fetch ?? globalThis.fetch)(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // The error body is read once here: a 403 `approval_required` carries the approval to ask for.
    const code = isAgentErrorBody(answer) ? answer.error.code : `http_${response.status}`;
    throw new McpAppRequestError(isAgentErrorBody(answer) ? answer.error.message : `The server answered ${response.status}.`, code, response.status, mcpAppApprovalOf(answer));
  }
  return answer as T;
}

/** The app's HTML and CSP (`POST …/mcp-apps/resource`). */
export function fetchAppResource(options: ResolvedMcpAppsOptions, app: McpAppRef, conversationId: string | undefined, signal: AbortSignal): Promise<McpAppResource> {
  return post(options, options.resourceApi, { server: app.server, uri: app.resourceUri, ...(conversationId ? { conversationId } : {}) }, signal);
}

/** How the user answers an app's call that needs their approval. */
export interface AppCallApprover {
  /** Asks the user; resolves whether they approved. */
  confirm: (approval: McpAppCallApproval) => Promise<boolean>;
  /** The tool error the app gets when they rejected it. */
  rejectedText: string;
}

/**
 * A `tools/call` of the app through the agent server (`POST …/mcp-apps/call`). A call that needs the
 * user's approval (403 `approval_required`) is asked of them with `approver`: approved, the same call
 * is sent again with the server's token (it runs once, through the server's policies); rejected, the
 * app gets a tool error and the call is never run.
 */
export async function callAppTool(
  options: ResolvedMcpAppsOptions,
  app: McpAppRef,
  conversationId: string | undefined,
  call: { name: string; arguments?: Record<string, unknown> | undefined },
  approver?: AppCallApprover,
): Promise<McpAppCallResponse> {
  const body = {
    server: app.server,
    name: call.name,
    ...(call.arguments ? { arguments: call.arguments } : {}),
    ...(conversationId ? { conversationId } : {}),
  };
  try {
    return await post<McpAppCallResponse>(options, options.callApi, body);
  } catch (error) {
    const approval = error instanceof McpAppRequestError ? error.approval : undefined;
    if (!approval || !approver) throw error;
    if (!(await approver.confirm(approval))) return { content: [{ type: 'text', text: approver.rejectedText }], isError: true };
    return post<McpAppCallResponse>(options, options.callApi, { ...body, approval: approval.token });
  }
}
