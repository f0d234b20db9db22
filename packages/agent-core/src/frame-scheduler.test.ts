import { afterEach, describe, expect, it, vi } from 'vitest';
import { isThrottled, scheduleFlush } from './frame-scheduler.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduleFlush', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('uses animation frames, and cancels them', async () => {
    // Animation frames as a browser has them (this test runs in Node): a frame every 16 ms.
    let frames = 0;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => setTimeout(() => (frames++, cb(performance.now())), 16));
    vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
    let fired = 0;
    scheduleFlush('frame', () => fired++);
    scheduleFlush('frame', () => fired++)();
    await wait(60);
    expect(fired).toBe(1);
    expect(frames).toBeGreaterThanOrEqual(1);
  });

  it('flushes in a task after the frame, not inside its callback; a cancel between the two still cancels', async () => {
    const firedInFrame: number[] = [];
    // What runs right after a frame's callbacks (before any task).
    const after: { frame?: () => void } = {};
    let fired = 0;
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) =>
      setTimeout(() => {
        cb(performance.now());
        firedInFrame.push(fired);
        after.frame?.();
      }, 16),
    );
    vi.stubGlobal('cancelAnimationFrame', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
    scheduleFlush('frame', () => fired++);
    await wait(60);
    expect(firedInFrame).toEqual([0]);
    expect(fired).toBe(1);
    // Cancelled right after its frame ran, before the task: nothing fires.
    after.frame = scheduleFlush('frame', () => fired++);
    await wait(60);
    expect(firedInFrame).toEqual([0, 1]);
    expect(fired).toBe(1);
  });

  it('falls back to a timer where requestAnimationFrame is missing, and cancels it', async () => {
    // An environment without rAF (server, worker).
    vi.stubGlobal('requestAnimationFrame', undefined);
    let fired = 0;
    scheduleFlush('frame', () => fired++);
    const cancel = scheduleFlush('frame', () => fired++);
    cancel();
    cancel();
    await wait(40);
    expect(fired).toBe(1);
  });

  it('waits the given milliseconds for a numeric throttle', () => {
    vi.useFakeTimers();
    try {
      let fired = 0;
      scheduleFlush(30, () => fired++);
      vi.advanceTimersByTime(29);
      expect(fired).toBe(0);
      vi.advanceTimersByTime(1);
      expect(fired).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect([isThrottled('frame'), isThrottled(10), isThrottled(0), isThrottled(false)]).toEqual([true, true, false, false]);
  });
});
