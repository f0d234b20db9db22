import { isAgentErrorBody } from '@x/agent-protocol';
import { type McpAppCallResponse, type McpAppRef, type McpAppResource } from '@x/agent-protocol/mcp-apps';
import type { ResolvedMcpAppsOptions } from './mcp-apps-options.js';

/** A refusal or failure of an MCP Apps route, with its error code (`tool_denied`, …) when it had one. */
export class McpAppRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'McpAppRequestError';
  }
}

async function post<T>(options: ResolvedMcpAppsOptions, url: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers);
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
    const code = isAgentErrorBody(answer) ? answer.error.code : undefined;
    throw new McpAppRequestError(isAgentErrorBody(answer) ? answer.error.message : `The server answered ${response.status}.`, code, response.status);
  }
  return answer as T;
}

/** The app's HTML and CSP (`POST …/mcp-apps/resource`). */
export function fetchAppResource(options: ResolvedMcpAppsOptions, app: McpAppRef, conversationId: string | undefined, signal: AbortSignal): Promise<McpAppResource> {
  return post(options, options.resourceApi, { server: app.server, uri: app.resourceUri, ...(conversationId ? { conversationId } : {}) }, signal);
}

/** A `tools/call` of the app through the agent server (`POST …/mcp-apps/call`). */
export function callAppTool(
  options: ResolvedMcpAppsOptions,
  app: McpAppRef,
  conversationId: string | undefined,
  call: { name: string; arguments?: Record<string, unknown> | undefined },
): Promise<McpAppCallResponse> {
  return post(options, options.callApi, {
    server: app.server,
    name: call.name,
    ...(call.arguments ? { arguments: call.arguments } : {}),
    ...(conversationId ? { conversationId } : {}),
  });
}
