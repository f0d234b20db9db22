import type {
  FinishHookEvent,
  HookContext,
  HookDataPart,
  HookEvent,
  HookName,
  TurnRequestContext,
} from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import type { PolicyVerdict } from '../config/policy-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import type { TurnScope } from './turn-scope.js';

type Payload<E extends HookEvent> = Omit<E, 'hook' | keyof TurnRequestContext>;

/**
 * The hooks of one turn. `fire` runs the fire-and-forget slots (errors and rejections are logged,
 * never thrown, never awaited); `finish` awaits the `onFinish` hooks in order and collects their
 * data parts — a failing hook is logged and the next one still runs.
 */
export class TurnHooks {
  private readonly ctx: HookContext;

  constructor(
    private readonly config: AgentServerConfig,
    private readonly agent: AgentConfig,
    private readonly request: TurnRequestContext,
    user: AgentUser | undefined,
    private readonly logger: Logger,
  ) {
    this.ctx = { user, logger };
  }

  /** Whether any hook is set for a slot. */
  has(slot: HookName): boolean {
    return (this.agent.hooks?.[slot]?.length ?? 0) > 0;
  }

  /**
   * Runs a fire-and-forget slot. `onToolCallStart` is not run here: the tool layer runs it before
   * each call (`toolCallStartVerdict`), where its verdict can still stop or change the call.
   */
  fire<E extends Exclude<HookEvent, FinishHookEvent>>(slot: E['hook'], payload: Payload<E>): void {
    if (slot === 'onToolCallStart') return;
    for (const name of this.agent.hooks?.[slot] ?? []) {
      const event = { ...this.request, ...payload, hook: slot } as HookEvent;
      try {
        void Promise.resolve(this.config.hooks?.[name]?.(event, this.ctx)).catch((error: unknown) => this.failed(slot, name, error));
      } catch (error) {
        this.failed(slot, name, error);
      }
    }
  }

  /** Runs the `onFinish` hooks in order, each awaited, and returns their data parts in order. */
  async finish(payload: Payload<FinishHookEvent>): Promise<HookDataPart[]> {
    const parts: HookDataPart[] = [];
    for (const name of this.agent.hooks?.onFinish ?? []) {
      const event: FinishHookEvent = { ...this.request, ...payload, hook: 'onFinish' };
      try {
        const result = await this.config.hooks?.[name]?.(event, this.ctx);
        for (const part of (result && 'dataParts' in result ? result.dataParts : undefined) ?? []) {
          if (isDataPart(part)) parts.push(part);
          else this.logger.warn('hook returned an invalid data part; it was not sent', { hook: name, agentId: this.request.agentId });
        }
      } catch (error) {
        this.failed('onFinish', name, error);
      }
    }
    return parts;
  }

  private failed(slot: HookName, name: string, error: unknown): void {
    hookFailed(this.logger, this.request.agentId, slot, name, error);
  }
}

/**
 * Runs the chat agent's `onToolCallStart` hooks before a tool call (hook directives, seed 004).
 * A hook that returns nothing synchronously stays fire-and-forget; one that returns a verdict —
 * `{ deny: reason }`, `{ rewrite: input }`, `{ allow: true }` — or a promise (awaited, since it may
 * resolve to one) is waited for. The first deny or rewrite wins; a failing hook is logged and
 * counts as no verdict (hooks fail open; policies fail closed).
 */
export async function toolCallStartVerdict(
  scope: TurnScope,
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

function hookFailed(logger: Logger, agentId: string, slot: HookName, name: string, error: unknown): void {
  logger.error(`hook "${name}" (${slot}) failed`, { agentId, error: error instanceof Error ? error.message : String(error) });
}

function isDataPart(part: unknown): part is HookDataPart {
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof (part as { type?: unknown }).type === 'string' &&
    /^data-[\w-]+$/.test((part as { type: string }).type) &&
    'data' in part
  );
}
