import { describe, expect, it } from 'vitest';
import { createMessageBudget, DEFAULT_MESSAGE_BUDGET, withinSize } from './message-budget.js';

function clocked(options: Parameters<typeof createMessageBudget>[0]) {
  let time = 0;
  const budget = createMessageBudget(options, () => time);
  return { budget, advance: (ms: number) => (time += ms), take: (n: number) => Array.from({ length: n }, () => budget.take()) };
}

const count = (verdicts: string[], verdict: string) => verdicts.filter((v) => v === verdict).length;

describe('an MCP App’s message budget', () => {
  it('takes a burst at once, then the average rate; drops the rest', () => {
    const { take, advance } = clocked({ perSecond: 100, burst: 10 });
    expect(count(take(15), 'accept')).toBe(10);
    advance(100); // 10 more tokens
    expect(count(take(15), 'accept')).toBe(10);
  });

  it('defaults to a few hundred messages a second: a 25,000-a-second flood is cut to that, then stopped after 2.5 s', () => {
    const { take, advance } = clocked({});
    let accepted = 0;
    let flooded = -1;
    // 25 messages per millisecond.
    for (let ms = 0; ms < 5_000 && flooded < 0; ms++) {
      const verdicts = take(25);
      accepted += count(verdicts, 'accept');
      if (verdicts.includes('flood')) flooded = ms;
      advance(1);
    }
    expect(flooded).toBeGreaterThanOrEqual(DEFAULT_MESSAGE_BUDGET.floodMs - 1);
    expect(flooded).toBeLessThan(DEFAULT_MESSAGE_BUDGET.floodMs + 50);
    expect(accepted).toBeLessThanOrEqual(DEFAULT_MESSAGE_BUDGET.burst + (DEFAULT_MESSAGE_BUDGET.perSecond * flooded) / 1_000 + 1);
    // Stopped stays stopped.
    advance(10_000);
    expect(take(1)).toEqual(['flood']);
  });

  it('a quiet second ends an over-budget stretch: bursts with pauses are never a flood', () => {
    const { take, advance } = clocked({ perSecond: 10, burst: 20, floodMs: 2_000 });
    for (let round = 0; round < 10; round++) {
      expect(take(40)).not.toContain('flood');
      advance(3_000);
    }
  });

  it('measures a message’s size with work bounded by the limit', () => {
    expect(withinSize({ jsonrpc: '2.0', id: 1, method: 'ping' }, 1_000)).toBe(true);
    expect(withinSize({ text: 'x'.repeat(2_000) }, 1_000)).toBe(false);
    expect(withinSize({ bytes: new Uint8Array(2_000) }, 1_000)).toBe(false);
    expect(withinSize(Array.from({ length: 100_000 }, () => 0), 1_000)).toBe(false);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 10_000; i++) deep = { d: deep };
    expect(withinSize(deep, 1_000)).toBe(false);
  });
});
