import { parsePartialJson as sdkParsePartialJson } from 'ai';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parsePartialJson } from './partial-json.js';

/** Ours and the SDK's result for a text, to compare. */
async function both(text: string | undefined) {
  return { ours: parsePartialJson(text), sdk: await sdkParsePartialJson(text) };
}

/**
 * Asserts ours equals the SDK's: Node's deep strict equality (Vitest's `toStrictEqual` would also
 * compare the values' `constructor` properties, which parsed objects may have as own keys).
 */
async function expectSame(text: string | undefined): Promise<void> {
  const { ours, sdk } = await both(text);
  if (!isDeepStrictEqual(ours, sdk)) expect(ours, JSON.stringify(text)).toStrictEqual(sdk);
  expect(isDeepStrictEqual(ours, sdk), JSON.stringify(text)).toBe(true);
}

/** Every prefix of a text (the empty one and the whole text included). */
const prefixes = (text: string): string[] => Array.from({ length: text.length + 1 }, (_, end) => text.slice(0, end));

/** Characters that drive the repairer through all its states, and the secure parser's checks. */
const JSONISH = [...'{}[]":,\\ \n\t-+.eE0123456789truefalsnl_proctsu/bx', '__proto__', 'constructor', 'prototype', '\\u005f', '\\u0070', 'é', '😀'];

describe('parsePartialJson, against the SDK', () => {
  it('agrees on targeted texts', async () => {
    const texts = [
      undefined,
      '',
      ' ',
      '{',
      '[',
      '"',
      '"abc',
      '"ab\\',
      '"ab\\"',
      '"ab\\u',
      '"ab\\u00',
      '"ab\\u00e9',
      '"ab\\uzz12',
      '{"a',
      '{"a"',
      '{"a":',
      '{"a": ',
      '{"a": 1',
      '{"a": 1,',
      '{"a": 1, "b',
      '{"a": -',
      '{"a": -1.',
      '{"a": 1.5e',
      '{"a": 1.5e-',
      '{"a": 1.5e-3',
      '[1, 2',
      '[1, 2,',
      '[1, -',
      '[-',
      '-',
      '-1',
      '12',
      '1.',
      '01',
      't',
      'tr',
      'tru',
      'true',
      'truex',
      'f',
      'fals',
      'n',
      'nu',
      '[t',
      '[tr, 1',
      '{"a": tr',
      '{"a": nul}',
      '{"a": trux, "b": 2',
      '[true false]',
      '[1 2 3]',
      '[[[',
      '[[1, [2, {"a": [3',
      '{"a": {"b": {"c": "d',
      '{"a\\"b": 1',
      '{"a": "x"} trailing',
      '"done" ',
      '{"__proto__": {"x": 1}}',
      '{"__proto__": {"x": 1}',
      '{"a": {"__proto__": 1}}',
      '[{"__proto__": null}]',
      '{"\\u005f_proto__": 1}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '{"constructor": {"prototype": {"x": 1}',
      '{"constructor": {"prototyp',
      '{"constructor": 1}',
      '{"constructor": null}',
      '{"constructor": {"a": 1}}',
      '{"a": "__proto__": 1}',
      '{"a": "\\"__proto__\\": 1"}',
      '{"a":"b"}}',
      ']',
      '}',
      ':',
      'x',
      '{"a": [1, 2], "b": {"c": [true, false, null]}, "d": "e\\nf"',
      '{"emoji": "😀 and \\ud83d',
      '{"a": 1}\n',
    ];
    for (const text of texts) await expectSame(text);
  });

  it('agrees on every prefix of serialized JSON values (compact and indented)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 2, '\t'), async (value, space) => {
        for (const text of prefixes(JSON.stringify(value, null, space) ?? '')) await expectSame(text);
      }),
      { numRuns: 200 },
    );
  });

  it('agrees on random prefixes of JSON values whose strings use every escape', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('node'), { maxLength: 4 }),
      object: fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('node'), { maxKeys: 4 }),
    })).node;
    await fc.assert(
      fc.asyncProperty(value, fc.nat(), async (json, at) => {
        const serialized = JSON.stringify(json) ?? '';
        await expectSame(serialized.slice(0, at % (serialized.length + 1)));
        await expectSame(serialized);
      }),
      { numRuns: 500 },
    );
  });

  it('agrees on arbitrary strings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => expectSame(text)),
      { numRuns: 500 },
    );
  });

  it('agrees on strings of JSON syntax', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...JSONISH), { maxLength: 30 }), async (pieces) => {
        for (const text of prefixes(pieces.join(''))) await expectSame(text);
      }),
      { numRuns: 500 },
    );
  });

  it('rejects prototype-poisoning values, complete or repaired', () => {
    expect(parsePartialJson('{"__proto__": {"polluted": true}}')).toStrictEqual({ value: undefined, state: 'failed-parse' });
    expect(parsePartialJson('{"a": [{"constructor": {"prototype": {}}}')).toStrictEqual({ value: undefined, state: 'failed-parse' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('restores the stack trace limit after parsing', () => {
    const traced = Error as ErrorConstructor & { stackTraceLimit?: number };
    const before = traced.stackTraceLimit;
    parsePartialJson('{"a": [1, 2');
    expect(traced.stackTraceLimit).toBe(before);
  });
});
