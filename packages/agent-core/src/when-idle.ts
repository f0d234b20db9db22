/** Runs `task` when the browser is idle (soon after the first paint); returns a cancel function. */
export function whenIdle(task: () => void): () => void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(task, { timeout: 2000 });
    return () => w.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}
