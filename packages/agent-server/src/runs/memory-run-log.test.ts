import { describe, expect, it } from 'vitest';
import { describeRunLog } from '../testing/run-log-suite.js';
import { memoryRunLog } from './memory-run-log.js';

describeRunLog('memoryRunLog', ({ expireAfterMs }) => {
  const log = memoryRunLog({ expireAfterMs });
  return { a: log, b: log };
});

describe('memoryRunLog deliveries', () => {
  it('deliver calls the listeners of its channel only and counts them; an unsubscribed listener gets nothing', async () => {
    const log = memoryRunLog();
    const got: string[] = [];
    const offA = log.onDelivery!('ch', (payload) => got.push(`a:${payload}`));
    const offB = log.onDelivery!('ch', (payload) => got.push(`b:${payload}`));
    log.onDelivery!('other', (payload) => got.push(`other:${payload}`));
    expect(await log.deliver!('ch', 'one')).toBe(2);
    offA();
    offA(); // twice is harmless
    expect(await log.deliver!('ch', 'two')).toBe(1);
    offB();
    expect(await log.deliver!('ch', 'three')).toBe(0);
    expect(await log.deliver!('nobody', 'x')).toBe(0);
    expect(got).toEqual(['a:one', 'b:one', 'b:two']);
  });

  it('a listener that throws or unsubscribes while called does not keep the others from the payload', async () => {
    const log = memoryRunLog();
    const got: string[] = [];
    log.onDelivery!('ch', () => {
      throw new Error('boom');
    });
    const off = log.onDelivery!('ch', () => off());
    log.onDelivery!('ch', (payload) => got.push(payload));
    expect(await log.deliver!('ch', 'p')).toBe(3);
    expect(got).toEqual(['p']);
    expect(await log.deliver!('ch', 'q')).toBe(2);
  });
});
