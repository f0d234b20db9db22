// How many messages an MCP App may post to the page: a token bucket per app frame, checked before
// anything else is done with a message (no parsing, no React work for one over budget). An app that
// stays over budget is a flood: the host tears it down (mcp-app-frame.tsx).

/** The message budget of each MCP App (`McpAppsOptions['messageBudget']`). */
export interface McpAppMessageBudget {
  /** Messages per second an app may post on average (default 200). */
  perSecond?: number;
  /** Messages it may post at once, above the average (default 400). */
  burst?: number;
  /**
   * How long an app may stay over budget (its messages dropped, with no quiet second between) before
   * it is stopped, in ms (default 2,500).
   */
  floodMs?: number;
  /** Largest message (its strings and keys, in characters) handed to the bridge (default 1,000,000). */
  maxMessageSize?: number;
}

export const DEFAULT_MESSAGE_BUDGET: Required<McpAppMessageBudget> = { perSecond: 200, burst: 400, floodMs: 2_500, maxMessageSize: 1_000_000 };

/** A quiet spell this long ends an over-budget stretch (the app slowed down). */
const QUIET_MS = 1_000;

/** What to do with one message: hand it on, drop it, or stop the app (it flooded). */
export type BudgetVerdict = 'accept' | 'drop' | 'flood';

/** The budget of one app: `take()` once per message it posts, in O(1). */
export interface MessageBudget {
  take: () => BudgetVerdict;
}

/** A token bucket of `burst` messages refilled at `perSecond`, with the flood rule of {@link McpAppMessageBudget}. */
export function createMessageBudget(options: McpAppMessageBudget = {}, now: () => number = () => performance.now()): MessageBudget {
  const { perSecond, burst, floodMs } = { ...DEFAULT_MESSAGE_BUDGET, ...options };
  let tokens = burst;
  let last = now();
  let overSince: number | undefined;
  let lastDrop = -Infinity;
  let flooded = false;
  return {
    take() {
      if (flooded) return 'flood';
      const time = now();
      tokens = Math.min(burst, tokens + ((time - last) * perSecond) / 1_000);
      last = time;
      if (tokens >= 1) {
        tokens -= 1;
        if (time - lastDrop > QUIET_MS) overSince = undefined;
        return 'accept';
      }
      if (overSince === undefined || time - lastDrop > QUIET_MS) overSince = time;
      lastDrop = time;
      if (time - overSince < floodMs) return 'drop';
      flooded = true;
      return 'flood';
    },
  };
}

/**
 * Whether a posted message's size (the characters of its strings and keys, the bytes of its binary
 * data) is at most `max`. Stops as soon as it is over, and after `max / 8` values at most: the cost
 * is bounded by the limit, not by what the app sent.
 */
export function withinSize(data: unknown, max: number): boolean {
  let size = 0;
  let values = 0;
  const maxValues = Math.max(1, Math.floor(max / 8));
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    values += 1;
    if (values > maxValues) return false;
    if (typeof value === 'string') size += value.length;
    else if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) size += value.byteLength;
    else if (typeof value === 'object' && value !== null) {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        size += key.length;
        stack.push((value as Record<string, unknown>)[key]);
        if (size > max || stack.length > maxValues) return false;
      }
    } else size += 8;
    if (size > max) return false;
  }
  return true;
}
