import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UndoWindows } from './undo-windows.js';

describe('UndoWindows', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a held action once when its window closes', () => {
    const run = vi.fn();
    const windows = new UndoWindows<string>(run);
    expect(windows.open('a', 'value', 5000)).toBe(true);
    expect(windows.open('a', 'other', 5000)).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(run).not.toHaveBeenCalled();
    expect(windows.has('a')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledExactlyOnceWith('a', 'value', 'timeout');
    expect(windows.has('a')).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('undo cancels the action: nothing runs, the value comes back', () => {
    const run = vi.fn();
    const windows = new UndoWindows<number>(run);
    windows.open('a', 1, 100);
    expect(windows.undo('a')).toBe(1);
    expect(windows.undo('a')).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });

  it('flush runs every held action now, and none again later', () => {
    const run = vi.fn();
    const windows = new UndoWindows<number>(run);
    windows.open('a', 1, 100);
    windows.open('b', 2, 100);
    windows.flush();
    expect(run.mock.calls).toEqual([
      ['a', 1, 'flush'],
      ['b', 2, 'flush'],
    ]);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(windows.undo('a')).toBeUndefined();
  });

  it('publishes a new snapshot on each change, before the action runs', () => {
    const seen: string[][] = [];
    const windows = new UndoWindows<number>(() => seen.push(['run', ...windows.getSnapshot().map((e) => e.key)]));
    const before = windows.getSnapshot();
    windows.subscribe(() => seen.push(windows.getSnapshot().map((e) => e.key)));
    windows.open('a', 1, 100);
    expect(windows.getSnapshot()).not.toBe(before);
    expect(windows.getSnapshot()[0]).toMatchObject({ key: 'a', value: 1, expiresAt: Date.now() + 100 });
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([['a'], [], ['run']]);
  });
});
