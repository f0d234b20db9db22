import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH, TRUNCATION_MARK, TextBudget, appendText, toText } from './bounded-text.js';
import { MAX_CALLS, resolveText, resolveValue } from './dynamic-values.js';
import { getAt } from './json-pointer.js';

const formatString = (value: string) => ({ call: 'formatString', args: { value } });

describe('bounded text', () => {
  it('writes plain data as JSON.stringify does while it fits', () => {
    const value = { a: [1, 'two', null, true, { b: 'q"uote' }], c: undefined, d: Number.NaN, 'e\n': [] };
    expect(toText(value)).toBe(JSON.stringify(value));
    expect(toText('text')).toBe('text');
    expect(toText(3)).toBe('3');
    expect(toText(null)).toBe('');
    expect(toText(undefined)).toBe('');
  });

  it('cuts a long value at its budget, marked, without writing the rest', () => {
    const huge = { rows: Array.from({ length: 200_000 }, (_, i) => ({ id: i, name: 'x'.repeat(20) })) };
    const text = toText(huge, 100);
    expect(text).toHaveLength(100);
    expect(text.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(JSON.stringify(huge).startsWith(text.slice(0, -1))).toBe(true);
    expect(toText('y'.repeat(50), 10)).toBe(`${'y'.repeat(9)}${TRUNCATION_MARK}`);
  });

  it('reads a cyclic object (only an app’s own JavaScript makes one) as empty text', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(toText(cyclic)).toBe('');
  });

  it('a budget takes pieces until it is full and reports it', () => {
    const budget = new TextBudget(12);
    expect(budget.add('12345')).toBe(true);
    expect(appendText(budget, { a: 1 })).toBe(true);
    expect(budget.toString()).toBe('12345{"a":1}');
    expect(appendText(budget, 'more')).toBe(false);
    expect(budget.toString()).toBe(`12345{"a":1${TRUNCATION_MARK}`);
    expect(budget.left).toBe(0);
  });
});

describe('bounded A2UI expansions', () => {
  it('formatString repeating a large value thousands of times builds at most MAX_TEXT_LENGTH characters (it threw RangeError: Invalid string length)', () => {
    const scope = { model: { big: 'x'.repeat(1_000_000) }, base: '' };
    const started = performance.now();
    const text = resolveText(formatString('${/big}'.repeat(1_400)), scope);
    expect(text).toHaveLength(MAX_TEXT_LENGTH);
    expect(text.endsWith(TRUNCATION_MARK)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('formatString of a large object is cut while it is written, and keeps escapes and literal text', () => {
    const scope = { model: { rows: Array.from({ length: 100_000 }, (_, i) => ({ i })), name: 'Ada' }, base: '' };
    expect(resolveText(formatString('Hi ${/name}, \\${/name} ${now()}!'), scope)).toBe('Hi Ada, ${/name} !');
    const text = resolveText(formatString('rows: ${/rows}'), scope);
    expect(text).toHaveLength(MAX_TEXT_LENGTH);
    expect(text.startsWith('rows: [{"i":0},')).toBe(true);
  });

  it('stops evaluating a value after MAX_CALLS function calls (a wide, deep and/or tree finished in time)', () => {
    // Shared sub-trees: 50^8 calls unbounded (it never finished); bounded, a few hundred.
    let value: unknown = { call: 'not', args: { value: false } };
    for (let depth = 0; depth < 7; depth++) value = { call: 'and', args: { values: Array.from({ length: 50 }, () => value) } };
    const started = performance.now();
    expect(resolveValue(value, { model: {}, base: '' })).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(MAX_CALLS).toBeLessThan(1_000);
  });

  it('reads only own data and array indexes through a data path (no prototype, no array length)', () => {
    const model = { list: [1, 2], obj: {} };
    for (const pointer of ['/obj/toString', '/obj/constructor', '/obj/hasOwnProperty', '/list/length', '/list/map']) expect(getAt(model, pointer)).toBeUndefined();
    expect(getAt(model, '/list/1')).toBe(2);
    expect(resolveText({ path: '/obj/toString' }, { model, base: '' })).toBe('');
  });
});
