/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): an MCP tool whose definition names a UI
 * resource (`_meta.ui.resourceUri`, a `ui://` URI) gets an app the chat renders in a sandbox.
 *
 * - The tool's result (a `CallToolResult`) carries a {@link McpAppRef} under
 *   `_meta["x-agent/mcp-app"]` once the server fetched the resource and accepted it (mime type
 *   {@link MCP_APP_MIME_TYPE}, at most the size limit). Read it with {@link mcpAppOf}.
 * - `POST {basePath}/{agentId}/mcp-apps/resource` {@link McpAppResourceRequest} → {@link McpAppResource}:
 *   the app's HTML (cached by the server per MCP server and URI). Only a URI that a tool the agent
 *   may use declares (`_meta.ui.resourceUri`) is served; any other → 404 `not_found`.
 * - `POST {basePath}/{agentId}/mcp-apps/call` {@link McpAppCallRequest} → {@link McpAppCallResponse}:
 *   a tool call made from inside the app, run with the policies, approval rules and limits of the
 *   model's calls. Refused: not a tool of the agent on that server → 404 `unknown_tool`; a policy or
 *   hook denies it → 403 `tool_denied`. A call that needs the user's approval → 403 `approval_required`
 *   with an {@link McpAppCallApproval} (read it with {@link mcpAppApprovalOf}): the host asks the user
 *   and, once they approve, sends the same call again with `approval` set to its `token` — signed by
 *   the server, bound to the agent, user, conversation, server, tool and input, single-use, expiring.
 *   A token that is forged, expired, already used or for another call → 409 `approval_not_pending`.
 * - `GET {basePath}/mcp-apps/sandbox`: the sandbox proxy page. Serve it from an origin other than
 *   the app's (the chat's `mcpApps.sandboxUrl`): the app's HTML runs in an iframe inside it, with
 *   `sandbox="allow-scripts …"` and no `allow-same-origin`.
 *
 * Both POST routes: same `authenticate` (401), agent (404) and `access` (403) as the chat route;
 * with a store, `conversationId` is required and must be a conversation of the user (else 404
 * `conversation_not_found`).
 */
export const MCP_APPS_SEGMENT = 'mcp-apps';

/** The only mime type of a UI resource the server accepts. */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** Key of the {@link McpAppRef} in a tool result's `_meta`. */
export const MCP_APP_META_KEY = 'x-agent/mcp-app';

/** Largest UI resource the server accepts by default, in bytes (2 MiB). */
export const DEFAULT_MAX_MCP_APP_BYTES = 2 * 1024 * 1024;

/** Paths of the MCP Apps routes, relative to `basePath` (no trailing slash). */
export const mcpAppPaths = {
  resource: (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${MCP_APPS_SEGMENT}/resource`,
  call: (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${MCP_APPS_SEGMENT}/call`,
  sandbox: (basePath: string) => `${basePath}/${MCP_APPS_SEGMENT}/sandbox`,
} as const;

/** Which app a tool result has: its MCP server (the source's name) and resource. */
export interface McpAppRef {
  /** The MCP source's name in the agent's config (`mcp0` when it has none). */
  server: string;
  /** The `ui://` URI of the resource. */
  resourceUri: string;
  /** The tool's name on its MCP server. */
  toolName: string;
}

/** A UI resource's content security policy wishes (`_meta.ui.csp` of the resource). */
export interface McpAppCsp {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** `POST …/mcp-apps/resource` answer: the app's HTML and what the resource asks of its host. */
export interface McpAppResource {
  uri: string;
  mimeType: typeof MCP_APP_MIME_TYPE;
  html: string;
  csp?: McpAppCsp;
  /** `_meta.ui.permissions` (camera, microphone, geolocation, clipboardWrite). */
  permissions?: Record<string, unknown>;
  prefersBorder?: boolean;
}

/** `POST …/mcp-apps/resource` body. */
export interface McpAppResourceRequest {
  conversationId?: string;
  server: string;
  uri: string;
}

/** `POST …/mcp-apps/call` body: a `tools/call` of the app. */
export interface McpAppCallRequest {
  conversationId?: string;
  server: string;
  /** The tool's name on the app's MCP server. */
  name: string;
  arguments?: Record<string, unknown>;
  /** The {@link McpAppCallApproval.token} the server gave for this call, once the user approved it. */
  approval?: string;
}

/** What the user is asked to approve for a call of an app (the `approval` of a 403 `approval_required`). */
export interface McpAppCallApproval {
  /** Single-use, signed by the server; valid for this call (server, tool, input) only, until `expiresAt`. */
  token: string;
  /** The tool's name on the app's MCP server. */
  name: string;
  /** The input the tool would run with (after the server checked it against the tool's schema). */
  input: unknown;
  /** When the token expires (ms since epoch). */
  expiresAt: number;
}

/** The 403 `approval_required` answer of `POST …/mcp-apps/call`: the error, and what to ask the user. */
export interface McpAppApprovalRequiredBody {
  error: { code: 'approval_required'; message: string };
  approval: McpAppCallApproval;
}

/** The approval to ask the user for, if `body` is a 403 `approval_required` answer of the call route. */
export function mcpAppApprovalOf(body: unknown): McpAppCallApproval | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, approval } = body as { error?: { code?: unknown }; approval?: unknown };
  if (error?.code !== 'approval_required' || typeof approval !== 'object' || approval === null) return undefined;
  const { token, name, input, expiresAt } = approval as Record<string, unknown>;
  if (typeof token !== 'string' || typeof name !== 'string' || typeof expiresAt !== 'number') return undefined;
  return { token, name, input, expiresAt };
}

/** `POST …/mcp-apps/call` answer: the MCP `CallToolResult`. */
export interface McpAppCallResponse {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** The app of a tool output (a `CallToolResult` with {@link MCP_APP_META_KEY} in `_meta`), if it has one. */
export function mcpAppOf(output: unknown): McpAppRef | undefined {
  if (typeof output !== 'object' || output === null) return undefined;
  const meta = (output as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const ref = (meta as Record<string, unknown>)[MCP_APP_META_KEY];
  if (typeof ref !== 'object' || ref === null) return undefined;
  const { server, resourceUri, toolName } = ref as Record<string, unknown>;
  if (typeof server !== 'string' || typeof resourceUri !== 'string' || typeof toolName !== 'string') return undefined;
  if (!resourceUri.startsWith('ui://')) return undefined;
  return { server, resourceUri, toolName };
}
