import { afterEach, describe, expect, it, vi } from 'vitest';
import { isThrottled, scheduleFlush } from './frame-scheduler.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduleFlush', () => {
  const raf = globalThis.requestAnimationFrame;
  afterEach(() => {
    globalThis.requestAnimationFrame = raf;
  });

  it('uses animation frames, and cancels them', async () => {
    let frames = 0;
    globalThis.requestAnimationFrame = (cb) => raf((t) => (frames++, cb(t)));
    let fired = 0;
    scheduleFlush('frame', () => fired++);
    scheduleFlush('frame', () => fired++)();
    await wait(60);
    expect(fired).toBe(1);
    expect(frames).toBeGreaterThanOrEqual(1);
  });

  it('falls back to a timer where requestAnimationFrame is missing, and cancels it', async () => {
    // @ts-expect-error: simulate an environment without rAF (server, worker)
    globalThis.requestAnimationFrame = undefined;
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
