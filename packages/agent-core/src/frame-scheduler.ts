/**
 * How often a streaming chat may publish a new snapshot to React:
 * - `'frame'` (default): at most once per animation frame (`requestAnimationFrame`; a 16 ms timer where
 *   rAF does not exist, e.g. on the server or in a worker),
 * - a number: at most once per that many milliseconds,
 * - `false` or `0`: every change at once (no coalescing).
 *
 * Whatever the setting, a status change (`ready`, `error`, …) publishes at once, so the last token is
 * never held back, and nothing stays scheduled once the chat has no subscriber.
 */
export type ThrottleSetting = 'frame' | number | false;

/** Cancels a scheduled callback; calling it twice is harmless. */
export type CancelScheduled = () => void;

/** Schedules `callback` once, per the throttle setting; returns how to cancel it. */
export function scheduleFlush(setting: ThrottleSetting, callback: () => void): CancelScheduled {
  if (setting === 'frame') {
    const raf = globalThis.requestAnimationFrame;
    const caf = globalThis.cancelAnimationFrame;
    if (typeof raf === 'function' && typeof caf === 'function') {
      const handle = raf(() => callback());
      return () => caf(handle);
    }
    const timer = setTimeout(callback, 16);
    return () => clearTimeout(timer);
  }
  const timer = setTimeout(callback, typeof setting === 'number' ? Math.max(0, setting) : 0);
  return () => clearTimeout(timer);
}

/** True when the setting asks for coalescing at all. */
export function isThrottled(setting: ThrottleSetting): boolean {
  return setting === 'frame' || (typeof setting === 'number' && setting > 0);
}
