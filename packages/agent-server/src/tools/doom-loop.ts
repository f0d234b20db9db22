/** How many identical calls in a row stop the turn. */
export const DOOM_LOOP_REPEATS = 3;

/**
 * Watches the tool calls of one turn (its sub-agents keep their own): the same tool with the same
 * input `DOOM_LOOP_REPEATS` times in a row trips it, and the turn stops with a clear error.
 */
export class DoomLoopGuard {
  private last: string | undefined;
  private repeats = 0;
  /** Set once tripped: which tool looped. */
  tripped: { toolName: string; message: string } | undefined;

  /** Records a call; throws (without running the tool) when it is the one too many. */
  record(toolName: string, input: unknown): void {
    const key = `${toolName}\u0000${stableJson(input)}`;
    this.repeats = key === this.last ? this.repeats + 1 : 1;
    this.last = key;
    if (this.repeats >= DOOM_LOOP_REPEATS) {
      const message = `Stopped: the agent called "${toolName}" with the same input ${DOOM_LOOP_REPEATS} times in a row.`;
      this.tripped ??= { toolName, message };
      throw new Error(message);
    }
  }
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` count as the same input. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }) ?? 'undefined';
}
