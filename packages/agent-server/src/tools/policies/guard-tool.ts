import { asSchema, type Tool, type ToolApprovalStatus, type ToolExecutionOptions } from 'ai';
import type { PolicyContext, PolicyVerdict } from '../../config/policy-types.js';
import type { AgentRunPlace, ToolScope } from '../tool-scope.js';
import type { ToolEntry } from '../tool-entry.js';
import { applyAfter, decideBefore, type IndexedPolicy } from './policy-engine.js';
import { callerOf } from '../mcp-apps/app-call-context.js';

/** Runs the `onToolCallStart` hooks of the chat's agent; resolves to the first verdict one returned. */
export type ToolCallStartHooks = (call: { toolCallId: string; toolName: string; input: unknown }) => Promise<PolicyVerdict | undefined>;

/** A call refused by a policy or a hook; the model and the UI read the message as the tool error. */
export class ToolCallDeniedError extends Error {
  // The name stays `Error`: the model and the UI read `Error: Denied by …`.
}

/** The reason a tool that needs approval is denied inside a sub-agent (no one there to approve it). */
export const SUB_AGENT_APPROVAL_DENIED = 'This tool needs the user approval, which is not available inside a sub-agent.';

/** What the guard makes of a tool: the tool to offer, and its approval rule (`undefined`: none). */
export interface GuardedTool {
  tool: Tool;
  approval: ToolApprovalStatus | ((input: unknown, options: { toolCallId: string; context?: unknown }) => Promise<ToolApprovalStatus>) | undefined;
}

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

/**
 * The one place every tool of an agent passes through (function, HTTP, MCP, sub-agent,
 * file-system, `update-page-state`): its policies and the directive hooks around its `execute`,
 * and its approval rule (`confirm`, a `require-approval` policy, or a policy's deny before the
 * call is even offered for approval). A tool with no policy and no hook is returned unchanged.
 */
export function guardTool(entry: ToolEntry, place: AgentRunPlace, scope: ToolScope, policies: readonly IndexedPolicy[], hooks: ToolCallStartHooks | undefined): GuardedTool {
  const askUser: ToolApprovalStatus = place.depth === 0 ? 'user-approval' : { type: 'denied', reason: SUB_AGENT_APPROVAL_DENIED };
  const before = policies.filter((p) => p.policy.before !== undefined);
  const after = policies.filter((p) => p.policy.after !== undefined);
  const ctxOf = (toolCallId: string | undefined, caller: PolicyContext['caller'] = 'model'): PolicyContext => ({
    agentId: place.agentId,
    toolName: entry.name,
    toolCallId,
    source: entry.source,
    conversationId: scope.request.conversationId,
    user: scope.user,
    caller,
  });

  const approval: GuardedTool['approval'] =
    before.length === 0
      ? entry.confirm
        ? askUser
        : undefined
      : async (input, options) => {
          const decision = await decideBefore(before, input, ctxOf(options.toolCallId, callerOf(options)), scope.logger);
          if (decision.type === 'deny') return { type: 'denied', reason: decision.reason };
          return decision.requireApproval || entry.confirm ? askUser : 'not-applicable';
        };

  const execute = entry.tool.execute as Execute | undefined;
  if (!execute || (before.length === 0 && after.length === 0 && !hooks)) return { tool: entry.tool, approval };

  const guarded = async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const ctx = ctxOf(options.toolCallId, callerOf(options));
    let current = input;
    if (before.length > 0) {
      const decision = await decideBefore(before, current, ctx, scope.logger);
      if (decision.type === 'deny') throw new ToolCallDeniedError(decision.reason);
      current = decision.input;
    }
    if (hooks) {
      const verdict = await hooks({ toolCallId: options.toolCallId, toolName: entry.name, input: current });
      if (verdict !== undefined && typeof verdict === 'object' && 'deny' in verdict) throw new ToolCallDeniedError(`Denied by a hook: ${verdict.deny}`);
      if (verdict !== undefined && typeof verdict === 'object' && 'rewrite' in verdict) current = verdict.rewrite;
    }
    if (current !== input) current = await validRewrite(entry, current, scope);
    const output = await execute.call(entry.tool, current, options);
    if (after.length === 0) return output;
    if (isAsyncIterable(output)) return mapIterable(output, (item) => applyAfter(after, item, current, ctx, scope.logger));
    return applyAfter(after, output, current, ctx, scope.logger);
  };
  return { tool: { ...entry.tool, execute: guarded } as Tool, approval };
}

/**
 * A rewritten input (by a policy or a hook) checked against the tool's input schema, as the model's
 * input was: the tool never gets an input its schema refuses. Invalid → the call is denied (logged).
 */
async function validRewrite(entry: ToolEntry, input: unknown, scope: ToolScope): Promise<unknown> {
  const validate = entry.tool.inputSchema ? asSchema(entry.tool.inputSchema).validate : undefined;
  if (!validate) return input;
  const result = await validate(input);
  if (result.success) return result.value;
  scope.logger.error('a rewritten tool input does not match the tool schema; the call is denied', { toolName: entry.name, error: result.error.message });
  throw new ToolCallDeniedError(`Denied: the rewritten input does not match the tool's input schema (${result.error.message}).`);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* mapIterable(source: AsyncIterable<unknown>, map: (item: unknown) => Promise<unknown>): AsyncIterable<unknown> {
  for await (const item of source) yield await map(item);
}
