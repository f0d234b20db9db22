import { isValidId, MAX_ID_LENGTH } from '@x/agent-protocol/validation';
import { fc } from '@fast-check/vitest';
import { setOwn } from '../fuzz-cases.js';

/**
 * Arbitraries of the values a hostile or broken peer sends: strings with NUL, control characters,
 * lone surrogates, bidi and BOM marks, emoji, prototype keys; ids that break the protocol's id rule;
 * any JSON value. `fc.string()` alone never yields NUL (it is printable ASCII), hence the units.
 */

/** Object keys that pollute a prototype when copied carelessly. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Single characters (or short runs) that tend to break parsers, headers, SQL drivers and renderers. */
const trickyPiece = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udbff',
  '\udfff',
  '\u200b',
  '\u202e',
  '\u2028',
  '\ufeff',
  '\uffff',
  '\ue000',
  '😀',
  '👩‍👩‍👧',
  'é',
  '日本',
  '"',
  "'",
  '\\',
  '/',
  '../',
  '%00',
  '%',
  '\r\n',
  ' ',
  '</script>',
  '${x}',
  "'; DROP TABLE messages; --",
  ...PROTO_KEYS,
);

/** Any string, hostile ones likely: binary code points (NUL, lone surrogates), graphemes, tricky pieces. */
export const hostileString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength: Math.ceil(maxLength / 2) }),
    fc.array(fc.oneof(trickyPiece, fc.string({ maxLength: 4 })), { maxLength: Math.ceil(maxLength / 3) }).map((pieces) => pieces.join('')),
    fc.constantFrom('', 'null', 'undefined', 'toString', 'hasOwnProperty', ...PROTO_KEYS),
  );

/** A string of `size` repetitions of one hostile or plain character (bounded by the caller). */
export const hugeString = (maxSize: number): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom('x', '日', '\u0000', '\\', '"', '😀', '\ud800'), fc.integer({ min: 1_000, max: Math.max(1_000, maxSize) })).map(([ch, n]) =>
    ch.repeat(Math.max(1, Math.floor(n / ch.length))),
  );

/** An id the protocol's id rule accepts (`ID_PATTERN`): mostly short, sometimes the longest allowed. */
export const validId: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._:-]{0,24}$/) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._:-]{0,24}$/).map((s) => s.padEnd(MAX_ID_LENGTH, 'z')) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** An id the id rule refuses: empty, `.`/`..`, too long, a path, spaces, NUL, emoji, any hostile string. */
export const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '.',
    '..',
    '.hidden',
    '../x',
    '../../etc/passwd',
    'a/b',
    'a b',
    ' ',
    'a\u0000b',
    '\u0000',
    'x'.repeat(MAX_ID_LENGTH + 1),
    'x'.repeat(300),
    '😀',
    'a\u202eb',
    'a\nb',
    'id%00',
  ),
  hostileString(30).filter((s) => !isValidId(s)),
);

/** A JSON object key: plain, hostile, or (rarely) a prototype key. */
const jsonKey = fc.oneof({ weight: 6, arbitrary: fc.string({ maxLength: 8 }) }, { weight: 2, arbitrary: hostileString(8) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) });

/** Any JSON value (hostile strings and keys inside), bounded in depth and width. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(0, -0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2),
    fc.integer(),
    hostileString(20),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(jsonKey, tie('value')), { maxLength: 4 }).map(ownObject),
  ),
})).value;

/** A plain JSON value without prototype keys (a valid free-form payload: shared state, tool output). */
export const plainJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v, (k, x: unknown) => ((PROTO_KEYS as readonly string[]).includes(k) ? undefined : x))) as unknown);

/** A plain JSON object (`Record<string, unknown>`) without prototype keys. */
export const plainObject: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(fc.string({ maxLength: 10 }).filter((k) => !(PROTO_KEYS as readonly string[]).includes(k)), plainJson, { maxKeys: 4 })
  .map((o) => ({ ...o }));

/** An object from entries, every key an own enumerable property (also `__proto__`, so JSON.stringify writes it). */
export function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const obj: Record<string, unknown> = {};
  for (const [key, value] of entries) setOwn(obj, key, value);
  return obj;
}
