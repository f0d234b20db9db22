import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileService } from './file-service.js';
import { startOrphanSweep } from './orphan-sweep.js';

const INTERVAL = 1_000;

/** A file service whose `sweep` is counted and, with `hold`, stays running until released. */
function service(options: { hold?: boolean; fail?: boolean } = {}) {
  const calls = { count: 0 };
  let release = () => {};
  const files = {
    settings: { sweepIntervalMs: INTERVAL },
    sweep: () => {
      calls.count++;
      if (options.fail) return Promise.reject(new Error('blob store down'));
      if (!options.hold) return Promise.resolve(0);
      return new Promise<number>((resolve) => (release = () => resolve(0)));
    },
  } as unknown as FileService;
  return { files, calls, release: () => release() };
}

const logger = { warn: vi.fn(), error: vi.fn() };

describe('startOrphanSweep', () => {
  afterEach(() => vi.useRealTimers());

  it('sweeps every interval until stopped, then never again; the timer does not keep the process alive', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { files, calls } = service();
    const sweep = startOrphanSweep(files, logger);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(calls.count).toBe(3);
    await sweep.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(INTERVAL * 10);
    expect(calls.count).toBe(3);
    await sweep.stop(); // twice is fine
  });

  it('unrefs its timer', () => {
    const real = globalThis.setInterval;
    let made: ReturnType<typeof setInterval> | undefined;
    const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms: number) => (made = real(fn, ms))) as typeof setInterval);
    const sweep = startOrphanSweep(service().files, logger);
    spy.mockRestore();
    expect(made?.hasRef()).toBe(false);
    return sweep.stop();
  });

  it('stop waits for a sweep in progress; a sweep still running is not started twice', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { files, calls, release } = service({ hold: true });
    const sweep = startOrphanSweep(files, logger);
    await vi.advanceTimersByTimeAsync(INTERVAL * 3);
    expect(calls.count).toBe(1);
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('logs a failed sweep and tries again next time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { files, calls } = service({ fail: true });
    const log = { warn: vi.fn(), error: vi.fn() };
    const sweep = startOrphanSweep(files, log);
    await vi.advanceTimersByTimeAsync(INTERVAL * 2);
    expect(calls.count).toBe(2);
    expect(log.error).toHaveBeenCalledWith('file cleanup failed', { error: 'blob store down' });
    await sweep.stop();
  });
});
