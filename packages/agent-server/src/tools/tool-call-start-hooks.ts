import type { HookContext, HookEvent, HookName } from '../config/hook-types.js';
import type { PolicyVerdict } from '../config/policy-types.js';
import type { AgentConfig, Logger } from '../config/types.js';
import type { ToolScope } from './tool-scope.js';

/**
 * Runs the chat agent's `onToolCallStart` hooks before a tool call (hook directives, seed 004).
 * A hook that returns nothing synchronously stays fire-and-forget; one that returns a verdict —
 * `{ deny: reason }`, `{ rewrite: input }`, `{ allow: true }` — or a promise (awaited, since it may
 * resolve to one) is waited for. The first deny or rewrite wins; a failing hook is logged and
 * counts as no verdict (hooks fail open; policies fail closed).
 */
export async function toolCallStartVerdict(
  scope: ToolScope,
  agent: AgentConfig,
  call: { toolCallId: string; toolName: string; input: unknown },
): Promise<PolicyVerdict | undefined> {
  const ctx: HookContext = { user: scope.user, logger: scope.logger };
  const event = { ...scope.request, ...call, hook: 'onToolCallStart' } as HookEvent;
  const pending: { name: string; result: unknown }[] = [];
  for (const name of agent.hooks?.onToolCallStart ?? []) {
    try {
      const result: unknown = scope.config.hooks?.[name]?.(event, ctx);
      if (result !== undefined) pending.push({ name, result });
    } catch (error) {
      hookFailed(scope.logger, scope.request.agentId, 'onToolCallStart', name, error);
    }
  }
  let verdict: PolicyVerdict | undefined;
  for (const { name, result } of pending) {
    let value: unknown;
    try {
      value = await result;
    } catch (error) {
      hookFailed(scope.logger, scope.request.agentId, 'onToolCallStart', name, error);
      continue;
    }
    if (verdict !== undefined || typeof value !== 'object' || value === null) continue;
    if (typeof (value as { deny?: unknown }).deny === 'string') verdict = { deny: (value as { deny: string }).deny };
    else if ('rewrite' in value) verdict = { rewrite: (value as { rewrite: unknown }).rewrite };
  }
  return verdict;
}

export function hookFailed(logger: Logger, agentId: string, slot: HookName, name: string, error: unknown): void {
  logger.error(`hook "${name}" (${slot}) failed`, { agentId, error: error instanceof Error ? error.message : String(error) });
}
