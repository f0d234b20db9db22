/**
 * How often a streaming chat may publish a new snapshot to React:
 * - `'frame'` (default): at most once per animation frame, in a task right after the frame
 *   (`requestAnimationFrame`, then a zero timer; a 16 ms timer where rAF does not exist, e.g. on the
 *   server or in a worker),
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
      // Not inside the frame's callback: React would render there, in the frame, and main-thread
      // frames that long put Chromium's compositor into drawing without waiting for them — every
      // update, a keystroke's too, then shows a frame or more later; the first keystroke typed while
      // a reply streamed took 40–64 ms to paint, 16–24 after (S5, `bench/results/README.md`,
      // sessions 19–20). After the frame, the render is painted by the next one: a streamed update
      // may show up to a frame later while nobody types (S1's display lag stayed within its A/A noise).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const handle = raf(() => {
        timer = setTimeout(callback, 0);
      });
      return () => {
        caf(handle);
        clearTimeout(timer);
      };
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
