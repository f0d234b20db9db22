import { describe, expect, it } from 'vitest';
import { afterInputPaint, inputAwaitingPaint, userInputWithin, watchUserInput } from './input-recency.js';

const key = (k: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));

describe('input recency', () => {
  it('counts typing and pointer presses, not modifiers; Enter (a send) ends the typing', async () => {
    watchUserInput();
    watchUserInput(); // idempotent
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(userInputWithin(50)).toBe(false);
    key('Shift');
    key('Tab');
    expect(userInputWithin(50)).toBe(false);
    key('a');
    expect(userInputWithin(50)).toBe(true);
    key('Enter');
    expect(userInputWithin(50)).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }));
    expect(userInputWithin(50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(userInputWithin(50)).toBe(false);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(userInputWithin(50)).toBe(true);
  });

  it('holds work back from a key press until the frame that shows it is painted; a key after that rAF waits for the next frame', async () => {
    watchUserInput();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const ran: string[] = [];
    expect(afterInputPaint(() => ran.push('idle'))).toBeUndefined();
    expect(ran).toEqual(['idle']);
    key('a');
    expect(inputAwaitingPaint()).toBe(true);
    afterInputPaint(() => ran.push('held'));
    const cancelled = afterInputPaint(() => ran.push('cancelled'));
    cancelled?.();
    // Another key inside the same frame's rAF: its frame is the next one.
    await new Promise<void>((resolve) => requestAnimationFrame(() => {
      key('b');
      resolve();
    }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['idle']);
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['idle', 'held']);
    expect(inputAwaitingPaint()).toBe(false);
  });
});
