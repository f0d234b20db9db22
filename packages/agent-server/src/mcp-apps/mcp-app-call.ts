import { asSchema, type ToolApprovalStatus, type ToolExecutionOptions } from 'ai';
import { formatIssues } from '@x/agent-protocol';
import { type McpAppCallRequest, type McpAppCallResponse } from '@x/agent-protocol/mcp-apps';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { HttpError } from '../http/error-response.js';
import { runSubAgent } from '../runtime/run-sub-agent.js';
import { releaseScope, type TurnScope } from '../runtime/turn-scope.js';
import { buildToolSet } from '../tools/build-tool-set.js';
import { APP_CALL_CONTEXT } from '../tools/mcp-apps/app-call-context.js';
import { mcpToolName } from '../tools/mcp-transport.js';
import { ToolCallDeniedError } from '../tools/policies/guard-tool.js';
import { findMcpSource } from './find-mcp-source.js';

/** What the call route knows of the request once the agent and the conversation were checked. */
export interface AppCallContext {
  agentId: string;
  agent: AgentConfig;
  user: AgentUser | undefined;
  conversationId: string | undefined;
  config: AgentServerConfig;
  logger: Logger;
  toolTimeoutMs: number;
  toolResultMaxChars: number;
  signal: AbortSignal;
}

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

/**
 * A `tools/call` from inside an MCP App, run as the model's calls run: the agent's tool set is built
 * (same policies, `onToolCallStart` hooks, timeout, result cap); the tool must be one of the agent's
 * tools on the app's MCP server (else 404 `unknown_tool`); its input is checked against its schema
 * (400); a policy deny → 403 `tool_denied`; a call that would need the user's approval → 403
 * `approval_required` (an app cannot ask for it). Policies see `ctx.caller === 'app'`.
 */
export async function runAppToolCall(body: McpAppCallRequest, ctx: AppCallContext): Promise<McpAppCallResponse> {
  const found = findMcpSource(ctx.agent, body.server);
  if (!found) throw new HttpError('unknown_tool', `The agent has no MCP server "${body.server.slice(0, 64)}".`);
  const name = mcpToolName(found.source, found.index, body.name);
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
    runSubAgent,
  };
  try {
    // Only the app's server is connected: its tools get the agent's policies and limits like every other.
    const toolSet = await buildToolSet({ ...ctx.agent, tools: [], agents: [], fileSystem: undefined, mcp: [found.source] }, { agentId: ctx.agentId, depth: 0 }, scope);
    const tool = Object.hasOwn(toolSet.tools, name) && toolSet.sources[name] === 'mcp' ? toolSet.tools[name] : undefined;
    const execute = tool?.execute as Execute | undefined;
    if (!tool || !execute) throw new HttpError('unknown_tool', `"${body.name.slice(0, 64)}" is not a tool of this agent on "${body.server.slice(0, 64)}".`);
    const input = await validInput(tool.inputSchema, body.arguments ?? {});
    const toolCallId = `mcp-app-${crypto.randomUUID()}`;
    const approval = toolSet.toolApproval[name];
    const status: ToolApprovalStatus | undefined = typeof approval === 'function' ? await approval(input, { toolCallId, context: APP_CALL_CONTEXT }) : approval;
    if (status === 'user-approval') throw new HttpError('approval_required', `"${body.name.slice(0, 64)}" needs the user's approval; an app cannot call it.`);
    if (typeof status === 'object' && status.type === 'denied') throw new HttpError('tool_denied', status.reason ?? 'Denied by a policy.');
    try {
      const output = await execute.call(tool, input, { toolCallId, messages: [], abortSignal: ctx.signal, context: APP_CALL_CONTEXT });
      return asCallToolResult(output);
    } catch (error) {
      if (error instanceof ToolCallDeniedError) throw new HttpError('tool_denied', error.message);
      // A failing tool is a tool result with isError, as MCP has it (the app shows it).
      return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
    }
  } finally {
    await releaseScope(scope);
  }
}

async function validInput(schema: Parameters<typeof asSchema>[0] | undefined, input: Record<string, unknown>): Promise<unknown> {
  if (!schema) return input;
  const validate = asSchema(schema).validate;
  if (!validate) return input;
  const result = await validate(input);
  if (result.success) return result.value;
  const issues = 'issues' in result.error && Array.isArray(result.error.issues) ? formatIssuesSafe(result.error) : [{ path: 'arguments', message: result.error.message }];
  throw new HttpError('invalid_body', 'The arguments do not match the tool input schema.', issues.slice(0, 20));
}

function formatIssuesSafe(error: Error): { path: string; message: string }[] {
  try {
    return formatIssues(error as Parameters<typeof formatIssues>[0]).map((issue) => ({ ...issue, path: `arguments.${issue.path}` }));
  } catch {
    return [{ path: 'arguments', message: error.message }];
  }
}

/** The tool's output as an MCP `CallToolResult` (a result cut by the size cap is text). */
function asCallToolResult(output: unknown): McpAppCallResponse {
  if (typeof output === 'object' && output !== null && Array.isArray((output as { content?: unknown }).content)) return output as McpAppCallResponse;
  return { content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) }] };
}
