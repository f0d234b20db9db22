/**
 * Gates a script can hold at (`{ type: 'gate', name }`): a test lets the stream go on when it has
 * done what it needs mid-reply (reloaded the page, gone offline, switched conversations) instead of
 * waiting for a slow pace to leave it time. A model without gates plays past every gate at once.
 */
export interface ScriptGates {
  /** Resolves when the gate `name` opens (or `signal` aborts, or the gates' timeout passes). */
  wait(name: string, signal?: AbortSignal): Promise<void>;
}

/** {@link scriptGates}: the gates, and the hand that opens them. */
export interface ControlledScriptGates extends ScriptGates {
  /**
   * Opens the gate `name` once: every stream holding at it goes on; with none holding, the next one
   * to reach it goes straight through (a test may open it before the stream gets there).
   */
  open(name: string): void;
  /** How many streams hold at the gate `name` now. */
  holding(name: string): number;
}

export interface ScriptGatesOptions {
  /** A gate nobody opens lets its streams go on after this long (default 30 000 ms): nothing hangs. */
  timeoutMs?: number;
}

/** Gates a test opens (`open(name)`), for `scriptedModel`'s and `createScenarioServer`'s `gates`. */
export function scriptGates(options: ScriptGatesOptions = {}): ControlledScriptGates {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const holders = new Map<string, Set<() => void>>();
  const passes = new Map<string, number>();
  return {
    wait(name, signal) {
      const pass = passes.get(name) ?? 0;
      if (pass > 0) {
        passes.set(name, pass - 1);
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const set = holders.get(name) ?? new Set<() => void>();
        holders.set(name, set);
        const timer = setTimeout(release, timeoutMs);
        function release() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', release);
          set.delete(release);
          resolve();
        }
        if (signal?.aborted) return release();
        signal?.addEventListener('abort', release, { once: true });
        set.add(release);
      });
    },
    open(name) {
      const set = holders.get(name);
      if (!set || set.size === 0) {
        passes.set(name, (passes.get(name) ?? 0) + 1);
        return;
      }
      for (const release of [...set]) release();
    },
    holding: (name) => holders.get(name)?.size ?? 0,
  };
}
