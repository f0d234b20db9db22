import type {
  FinishHookEvent,
  HookContext,
  HookDataPart,
  HookEvent,
  HookName,
  TurnRequestContext,
} from '../config/hook-types.js';
import type { AgentUser } from '../config/tool-types.js';
import type { AgentConfig, AgentServerConfig, Logger } from '../config/types.js';
import { hookFailed } from '../tools/tool-call-start-hooks.js';

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

function isDataPart(part: unknown): part is HookDataPart {
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof (part as { type?: unknown }).type === 'string' &&
    /^data-[\w-]+$/.test((part as { type: string }).type) &&
    'data' in part
  );
}
