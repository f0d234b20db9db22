import { describe, expect, it } from 'vitest';
import { userInputWithin, watchUserInput } from './input-recency.js';

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
});
