import { describe, expect, it, vi } from 'vitest';
import { memoryUserEvents } from './memory-user-events.js';

describe('memoryUserEvents', () => {
  it('drops events older than keptMs (a cursor of one then resets) and keeps no reader after an abort', async () => {
    vi.useFakeTimers();
    try {
      const events = memoryUserEvents({ keptMs: 60_000 });
      const controller = new AbortController();
      const reader = await events.read('alice', null, controller.signal);
      const iterator = reader.events[Symbol.asyncIterator]();
      await events.publish('alice', '"one"');
      const one = (await iterator.next()).value!;
      expect(events.readerCount()).toBe(1);
      controller.abort();
      expect(events.readerCount()).toBe(0);
      expect(await iterator.next()).toMatchObject({ done: true });
      // Still kept a moment later; gone after keptMs (the sweep runs on its own).
      expect((await events.read('alice', one.cursor, AbortSignal.abort())).reset).toBe(false);
      vi.advanceTimersByTime(61_000);
      await vi.advanceTimersByTimeAsync(60_000);
      expect((await events.read('alice', one.cursor, AbortSignal.abort())).reset).toBe(true);
      events.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps at most `kept` events per user', async () => {
    const events = memoryUserEvents({ kept: 3 });
    const reader = await events.read('alice', null, new AbortController().signal);
    const iterator = reader.events[Symbol.asyncIterator]();
    const cursors: string[] = [];
    for (let i = 0; i < 5; i++) {
      await events.publish('alice', String(i));
      cursors.push((await iterator.next()).value!.cursor);
    }
    expect((await events.read('alice', cursors[1]!, AbortSignal.abort())).reset).toBe(true);
    expect((await events.read('alice', cursors[2]!, AbortSignal.abort())).reset).toBe(false);
    events.close();
    await expect(iterator.next()).rejects.toThrow(/closed/);
  });
});
