import { asSchema, type ToolApprovalStatus, type ToolExecutionOptions } from 'ai';
import { formatIssues } from '@x/agent-protocol/validation';
import { type McpAppCallApproval, type McpAppCallRequest, type McpAppCallResponse } from '@x/agent-protocol/mcp-apps';
import { HttpError } from '../http/error-response.js';
import { APP_CALL_CONTEXT } from '../tools/mcp-apps/app-call-context.js';
import { mcpToolName } from '../tools/mcp-transport.js';
import { ToolCallDeniedError } from '../tools/policies/guard-tool.js';
import { approvalRuleDecision } from '../tools/approval-decision.js';
import { appCallApprovalsOf } from './app-call-approval.js';
import { checkAppCallArguments } from './app-call-arguments.js';
import { withAppToolSet, type AppRequestContext } from './app-tool-set.js';

/** What the call route knows of the request once the agent and the conversation were checked. */
export type AppCallContext = AppRequestContext;

/** The call needs the user's approval: what to ask them (the route answers 403 `approval_required` with it). */
export interface AppCallApprovalNeeded {
  approvalNeeded: McpAppCallApproval;
}

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

/**
 * A `tools/call` from inside an MCP App, run as the model's calls run: the agent's tool set is built
 * (same policies, `onToolCallStart` hooks, timeout, result cap); the tool must be one of the agent's
 * tools on the app's MCP server (else 404 `unknown_tool`); its arguments are checked against the
 * input schema the MCP server listed for it before they reach the server (400 `invalid_body` with
 * the issues, app-call-arguments.ts); a policy deny → 403 `tool_denied`. A call that needs the user's approval is not run: the
 * answer is what to ask them, with a token the server signed for exactly this call
 * (app-call-approval.ts); sent back with the call (`approval`) once they approved, the call runs —
 * once, after the policies were asked again. A bad token → 409 `approval_not_pending`. Policies see
 * `ctx.caller === 'app'`.
 */
export async function runAppToolCall(body: McpAppCallRequest, ctx: AppCallContext): Promise<McpAppCallResponse | AppCallApprovalNeeded> {
  return withAppToolSet(ctx, body.server, async ({ source, index, toolSet }) => {
    const name = mcpToolName(source, index, body.name);
    const tool = Object.hasOwn(toolSet.tools, name) && toolSet.sources[name] === 'mcp' ? toolSet.tools[name] : undefined;
    const execute = tool?.execute as Execute | undefined;
    if (!tool || !execute) throw new HttpError('unknown_tool', `"${body.name.slice(0, 64)}" is not a tool of this agent on "${body.server.slice(0, 64)}".`);
    const input = await validInput(tool.inputSchema, body.arguments ?? {});
    const toolCallId = `mcp-app-${crypto.randomUUID()}`;
    const approval = toolSet.toolApproval[name];
    const status: ToolApprovalStatus | undefined = typeof approval === 'function' ? await approval(input, { toolCallId, context: APP_CALL_CONTEXT }) : approval;
    // The one approval decision (tools/approval-decision.ts): every spelling of a deny refuses, every
    // spelling of "ask the user" asks; the user's answer is the signed token, redeemed once.
    const rule = approvalRuleDecision(status);
    if (typeof rule === 'object') throw new HttpError('tool_denied', rule.refused);
    if (rule === 'ask') {
      const approvals = appCallApprovalsOf(ctx.config);
      const binding = { agentId: ctx.agentId, userId: ctx.userId, conversationId: ctx.conversationId, server: body.server, tool: body.name, input };
      if (body.approval === undefined) {
        const { token, expiresAt } = await approvals.issue(binding);
        return { approvalNeeded: { token, name: body.name, input, expiresAt } };
      }
      await approvals.redeem(body.approval, binding);
    }
    try {
      const output = await execute.call(tool, input, { toolCallId, messages: [], abortSignal: ctx.signal, context: APP_CALL_CONTEXT });
      return asCallToolResult(output);
    } catch (error) {
      if (error instanceof ToolCallDeniedError) throw new HttpError('tool_denied', error.message);
      // A failing tool is a tool result with isError, as MCP has it (the app shows it).
      return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
    }
  });
}

/**
 * The call's input: checked against the tool's JSON Schema — for an MCP tool, the one its server
 * listed (app-call-arguments.ts) — and, when the tool has a validator of its own, by it too.
 */
async function validInput(inputSchema: Parameters<typeof asSchema>[0] | undefined, input: Record<string, unknown>): Promise<unknown> {
  if (!inputSchema) return input;
  const schema = asSchema(inputSchema);
  checkAppCallArguments(await schema.jsonSchema, input);
  const validate = schema.validate;
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
