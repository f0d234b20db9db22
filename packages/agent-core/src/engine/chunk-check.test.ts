import fc from 'fast-check';
import { asSchema, uiMessageChunkSchema } from 'ai';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkUIMessageChunk } from './chunk-check.js';

// The oracle: the AI SDK's own schema, as `parseJsonEventStream` runs it (a throw counts as a rejection).
const schema = asSchema(uiMessageChunkSchema);
async function sdk(value: unknown): Promise<{ success: boolean; value?: unknown }> {
  try {
    return await schema.validate!(value);
  } catch {
    return { success: false };
  }
}

/** The keys of every object in `value`, in order (the output's shape beyond deep equality). */
function keyOrder(value: unknown, ancestors = new Set<unknown>()): unknown {
  if (typeof value !== 'object' || value === null) return null;
  if (ancestors.has(value)) return 'cycle';
  ancestors.add(value);
  const keys = Array.isArray(value)
    ? value.map((v) => keyOrder(v, ancestors))
    : Object.keys(value).map((k) => [k, keyOrder((value as Record<string, unknown>)[k], ancestors)]);
  ancestors.delete(value);
  return keys;
}

/** Asserts that ours accepts exactly when the SDK does, with the same output. */
async function same(value: unknown) {
  const ours = checkUIMessageChunk(value);
  const theirs = await sdk(value);
  expect(ours.success, ours.success ? 'we accept, the SDK rejects' : `we reject (${ours.error.message}), the SDK accepts`).toBe(theirs.success);
  if (ours.success) {
    // isDeepStrictEqual, not toStrictEqual: an own `constructor` key would fail the latter's type check.
    expect(isDeepStrictEqual(ours.value, theirs.value), 'the outputs differ').toBe(true);
    expect(keyOrder(ours.value)).toEqual(keyOrder(theirs.value));
  }
}

/** `[1, <hole>, 2]`. */
function sparse(): unknown[] {
  const array = [1, 0, 2];
  delete array[1];
  return array;
}

// ---------------------------------------------------------------------------------------------
// Examples: every member of the union, with all its optional fields and with only the required.

const pm = { openai: { id: 'x', n: 1, ok: true, none: null, list: [1, 'a', { b: [] }], nested: { deep: { deeper: null } }, missing: undefined } };
const tm = { a: 1, b: 'two', c: [true, null], d: { e: undefined } };
const citations = [
  { source: { type: 'source', sourceType: 'url', id: 's1', url: 'https://a', title: 'A', providerMetadata: pm }, startIndex: 0, endIndex: 5, citedText: 'quote' },
  { source: { type: 'source', sourceType: 'document', id: 's2', mediaType: 'application/pdf', title: 'Doc', filename: 'doc.pdf', providerMetadata: pm } },
];
const parts = [
  { type: 'text', text: 'hi', providerMetadata: pm },
  { type: 'file', mediaType: 'image/png', url: 'https://f', filename: 'f.png', providerReference: { openai: 'file-1' }, providerMetadata: pm },
];

const full: Record<string, Record<string, unknown>> = {
  'text-start': { id: 't', providerMetadata: pm },
  'text-delta': { id: 't', delta: 'd', providerMetadata: pm },
  'text-end': { id: 't', citations, providerMetadata: pm },
  error: { errorText: 'boom' },
  'tool-input-start': { toolCallId: 'c', toolName: 'n', inputEncoding: 'text', providerExecuted: true, providerMetadata: pm, toolMetadata: tm, dynamic: false, title: 'T' },
  'tool-input-delta': { toolCallId: 'c', inputTextDelta: '{"a' },
  'tool-input-available': { toolCallId: 'c', toolName: 'n', input: { a: 1 }, providerExecuted: false, providerMetadata: pm, toolMetadata: tm, dynamic: true, title: 'T' },
  'tool-input-error': { toolCallId: 'c', toolName: 'n', input: 'bad', providerExecuted: true, providerMetadata: pm, toolMetadata: tm, dynamic: true, errorText: 'e', title: 'T' },
  'tool-approval-request': { approvalId: 'a', toolCallId: 'c', approvalDescriptor: { x: 1 }, inputSchemaInput: [1], reason: 'r', isAutomatic: true, signature: 'sig' },
  'tool-approval-response': { approvalId: 'a', approved: false, reason: 'r', providerExecuted: true, providerMetadata: pm },
  'tool-output-available': { toolCallId: 'c', output: { o: [1] }, providerExecuted: true, providerMetadata: pm, toolMetadata: tm, dynamic: false, preliminary: true },
  'tool-output-error': { toolCallId: 'c', errorText: 'e', providerExecuted: false, providerMetadata: pm, toolMetadata: tm, dynamic: true },
  'tool-output-denied': { toolCallId: 'c' },
  'reasoning-start': { id: 'r', providerMetadata: pm },
  'reasoning-delta': { id: 'r', delta: 'd', providerMetadata: pm },
  'reasoning-end': { id: 'r', providerMetadata: pm },
  custom: { kind: 'k', providerMetadata: pm },
  'source-url': { sourceId: 's', url: 'https://a', title: 'A', providerMetadata: pm },
  'source-document': { sourceId: 's', mediaType: 'text/plain', title: 'D', filename: 'd.txt', providerMetadata: pm },
  file: { url: 'https://f', mediaType: 'image/png', providerMetadata: pm },
  'reasoning-file': { url: 'https://f', mediaType: 'image/png', providerMetadata: pm },
  'steering-message': { id: 'm', parts },
  'data-weather': { id: 'd', data: { temp: 20 }, transient: true },
  'start-step': {},
  'finish-step': {},
  'reset-step': {},
  start: { messageId: 'm', messageMetadata: { any: 'thing' } },
  finish: { finishReason: 'tool-calls', messageMetadata: 1 },
  abort: { reason: 'user' },
  'message-metadata': { messageMetadata: { a: 1 } },
};
const minimal: Record<string, Record<string, unknown>> = {
  'text-start': { id: 't' },
  'text-delta': { id: 't', delta: '' },
  'text-end': { id: 't' },
  error: { errorText: '' },
  'tool-input-start': { toolCallId: 'c', toolName: 'n' },
  'tool-input-delta': { toolCallId: 'c', inputTextDelta: '' },
  'tool-input-available': { toolCallId: 'c', toolName: 'n', input: undefined },
  'tool-input-error': { toolCallId: 'c', toolName: 'n', input: null, errorText: 'e' },
  'tool-approval-request': { approvalId: 'a', toolCallId: 'c' },
  'tool-approval-response': { approvalId: 'a', approved: true },
  'tool-output-available': { toolCallId: 'c', output: undefined },
  'tool-output-error': { toolCallId: 'c', errorText: 'e' },
  'tool-output-denied': { toolCallId: 'c' },
  'reasoning-start': { id: 'r' },
  'reasoning-delta': { id: 'r', delta: 'd' },
  'reasoning-end': { id: 'r' },
  custom: { kind: 'k' },
  'source-url': { sourceId: 's', url: 'u' },
  'source-document': { sourceId: 's', mediaType: 'm', title: 't' },
  file: { url: 'u', mediaType: 'm' },
  'reasoning-file': { url: 'u', mediaType: 'm' },
  'steering-message': { id: 'm', parts: [] },
  'data-x': { data: null },
  'start-step': {},
  'finish-step': {},
  'reset-step': {},
  start: {},
  finish: {},
  abort: {},
  'message-metadata': { messageMetadata: undefined },
};

describe('checkUIMessageChunk: examples', () => {
  it.each(Object.keys(full).map((type, i) => [type, Object.keys(minimal)[i]!]))('%s, with every optional field and with only the required ones', async (type, minimalType) => {
    for (const chunk of [{ type, ...full[type] }, { type: minimalType, ...minimal[minimalType] }]) {
      expect((await sdk(chunk)).success).toBe(true);
      await same(chunk);
      expect(checkUIMessageChunk(chunk).success).toBe(true);
    }
  });

  it('covers every member of the union', () => {
    // 30 options: 29 literal types and `data-*`.
    expect(Object.keys(full)).toHaveLength(30);
    expect(Object.keys(minimal)).toEqual(Object.keys(full).map((t) => (t === 'data-weather' ? 'data-x' : t)));
  });

  const nullProto = Object.assign(Object.create(null) as object, { a: 1 });
  const protoKey = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as object;
  const edges: [string, unknown][] = [
    ['unknown keys kept on a chunk', { type: 'text-start', id: 't', extra: { deep: 1 }, more: undefined }],
    ['__proto__ own key of a chunk dropped', JSON.parse('{"type": "text-delta", "id": "t", "delta": "d", "__proto__": 1}')],
    ['optional field present as undefined', { type: 'text-start', id: 't', providerMetadata: undefined }],
    ['required unknown absent', { type: 'tool-output-available', toolCallId: 'c' }],
    ['required unknown absent (data)', { type: 'data-x' }],
    ['required unknown absent (message-metadata)', { type: 'message-metadata' }],
    ['citation unknown keys stripped', { type: 'text-end', id: 't', citations: [{ ...citations[0], extra: 1, source: { ...citations[0]!.source, extra: 2 } }] }],
    ['citation index -0', { type: 'text-end', id: 't', citations: [{ source: citations[1]!.source, startIndex: -0 }] }],
    ['citation index 1.5', { type: 'text-end', id: 't', citations: [{ source: citations[1]!.source, startIndex: 1.5 }] }],
    ['citation index -1', { type: 'text-end', id: 't', citations: [{ source: citations[1]!.source, endIndex: -1 }] }],
    ['citation index 2**53', { type: 'text-end', id: 't', citations: [{ source: citations[1]!.source, endIndex: 2 ** 53 }] }],
    ['citation index null', { type: 'text-end', id: 't', citations: [{ source: citations[1]!.source, endIndex: null }] }],
    ['citation source of a wrong sourceType', { type: 'text-end', id: 't', citations: [{ source: { ...citations[1]!.source, sourceType: 'url' } }] }],
    ['citation source of a wrong type', { type: 'text-end', id: 't', citations: [{ source: { ...citations[1]!.source, type: 'src' } }] }],
    ['steering part unknown keys kept', { type: 'steering-message', id: 'm', parts: [{ type: 'text', text: 'x', extra: 1 }] }],
    ['steering part of an unknown type', { type: 'steering-message', id: 'm', parts: [{ type: 'image', text: 'x' }] }],
    ['providerReference with a number', { type: 'steering-message', id: 'm', parts: [{ type: 'file', mediaType: 'm', url: 'u', providerReference: { a: 1 } }] }],
    ['provider metadata NaN', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: Number.NaN } } }],
    ['provider metadata Infinity', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: [Infinity] } } }],
    ['provider metadata undefined in an array', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: [undefined] } } }],
    ['provider metadata sparse array', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: sparse() } } }],
    ['provider metadata undefined provider', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: undefined } }],
    ['provider metadata Date', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: new Date(0) } } }],
    ['provider metadata null prototype', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: nullProto } }],
    ['provider metadata __proto__ own key', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: protoKey } }],
    ['provider metadata symbol key', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { [Symbol('s')]: 1 } } }],
    ['provider metadata non-enumerable key', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: Object.defineProperty({}, 'x', { value: Number.NaN }) } }],
    ['provider metadata constructor string', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { constructor: 'x' } } }],
    ['provider metadata constructor function', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { constructor: () => 1 } } }],
    ['provider metadata class instance', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: new (class {})() } }],
    ['provider metadata array', { type: 'file', url: 'u', mediaType: 'm', providerMetadata: [] }],
    ['tool metadata undefined value', { type: 'tool-output-denied', toolCallId: 'c', toolMetadata: { a: undefined } }],
    ['tool metadata bigint', { type: 'tool-output-error', toolCallId: 'c', errorText: 'e', toolMetadata: { a: 1n } }],
    ['a Date as the chunk', Object.assign(new Date(0), { type: 'start' })],
    ['a Map as the chunk', Object.assign(new Map(), { type: 'finish-step' })],
    ['an inherited field', Object.assign(Object.create({ id: 't' }) as object, { type: 'text-start' })],
    ['a null-prototype chunk', Object.assign(Object.create(null) as object, { type: 'abort', reason: 'r' })],
    ['a wrong inputEncoding', { type: 'tool-input-start', toolCallId: 'c', toolName: 'n', inputEncoding: 'JSON' }],
    ['a wrong finishReason', { type: 'finish', finishReason: 'unknown' }],
    ['finishReason null', { type: 'finish', finishReason: null }],
    ['type "data-"', { type: 'data-', data: 1 }],
    ['type "data"', { type: 'data', data: 1 }],
    ['type "toString"', { type: 'toString' }],
    ['type "__proto__"', { type: '__proto__' }],
    ['no type', { id: 't' }],
    ['an array', [{ type: 'start' }]],
    ['null', null],
    ['a string', 'start'],
  ];
  it.each(edges)('%s: as the SDK', async (_, value) => {
    await same(value);
  });

  it('rejects a throwing getter as the SDK does', async () => {
    await same({
      type: 'text-start',
      get id(): string {
        throw new Error('nope');
      },
    });
  });

  it('accepts cycles and keeps shared JSON values shared, as the SDK (the memoizer of zod) does', async () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.self = cyclic;
    const list: unknown[] = [1];
    list.push(list, { list });
    await same({ type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: cyclic, b: { list } }, toolMetadata: { c: cyclic } });
    await same({ type: 'tool-output-error', toolCallId: 'c', errorText: 'e', toolMetadata: { a: cyclic, b: [cyclic, Number.NaN] } });
    const result = checkUIMessageChunk({ type: 'file', url: 'u', mediaType: 'm', providerMetadata: { a: { b: cyclic, c: [cyclic] } } });
    const a = (result as unknown as { value: { providerMetadata: { a: { b: { self: unknown }; c: unknown[] } } } }).value.providerMetadata.a;
    expect(a.b.self).toBe(a.b);
    expect(a.c[0]).toBe(a.b);
  });

  it('names the chunk type and the path of what is wrong', () => {
    const message = (value: unknown) => {
      const result = checkUIMessageChunk(value);
      return result.success ? 'accepted' : result.error.message;
    };
    expect(message({ type: 'tool-input-start', toolCallId: 'c', toolName: 1 })).toBe('Invalid chunk (tool-input-start): toolName must be a string');
    expect(message({ type: 'tool-output-available', toolCallId: 'c' })).toBe('Invalid chunk (tool-output-available): output is required');
    expect(message({ type: 'text-end', id: 't', citations: [{ source: { type: 'source', sourceType: 'url', id: 's' } }] })).toBe(
      'Invalid chunk (text-end): citations[0].source.url must be a string',
    );
    expect(message({ type: 'file', url: 'u', mediaType: 'm', providerMetadata: { openai: { 'a b': [1, Number.NaN] } } })).toBe(
      'Invalid chunk (file): providerMetadata.openai["a b"][1] must be a finite number',
    );
    expect(message({ type: 'nope' })).toBe('Invalid chunk: has an unknown type "nope"');
    expect(message(null)).toBe('Invalid chunk: must be an object');
    expect(message({ type: 1 })).toBe('Invalid chunk: type must be a string');
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: chunks generated from each type's fields, mutated, against the SDK.

const ABSENT = Symbol('absent');
const anything = fc.anything({
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withNullPrototype: true,
  withSparseArray: true,
  withTypedArray: true,
  withBigInt: true,
  withObjectString: true,
  maxDepth: 3,
});
const oddKey = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'type', 'id', 'data', 'input'));

/** Builds an object by defining its properties (so `__proto__` is an own key, as JSON.parse makes it). */
function build(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value !== ABSENT) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}
const dict = <T,>(value: fc.Arbitrary<T>) => fc.array(fc.tuple(oddKey, value), { maxLength: 4 }).map(build);

/** Values zod might handle differently than a naive check: non-JSON, odd objects, boundary numbers. */
const tricky = fc.oneof(
  fc.constantFrom<unknown>(
    undefined,
    null,
    -0,
    -1,
    1.5,
    Number.NaN,
    Infinity,
    -Infinity,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    '',
    '1',
    true,
    [],
    {},
    [undefined],
    { constructor: 'x' },
    { constructor: () => 1 },
    { [Symbol('s')]: 1 },
    Object.defineProperty({}, 'hidden', { value: Number.NaN }),
  ),
  fc.constant(null).map(() => Object.assign(Object.create(null) as object, { a: 1 })),
  fc.constant(null).map(() => JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown),
  fc.constant(null).map(sparse),
  fc.constant(null).map(() => new Date(0)),
  fc.constant(null).map(() => new (class Thing {})()),
  anything,
);

/** JSON values with occasional non-JSON leaves and odd objects. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.oneof(fc.constant(null), fc.string(), fc.double(), fc.integer(), fc.boolean()), weight: 6 },
    { arbitrary: dict(fc.oneof({ arbitrary: tie('json'), weight: 6 }, { arbitrary: fc.constant(undefined), weight: 1 })), weight: 2 },
    { arbitrary: fc.array(tie('json'), { maxLength: 4 }), weight: 2 },
    { arbitrary: tricky, weight: 1 },
  ),
}));

/** Weighted: usually the valid value, sometimes missing, undefined, or something else. */
const mutated = (valid: fc.Arbitrary<unknown>, ...wrong: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    { arbitrary: valid, weight: 12 },
    { arbitrary: fc.constant(ABSENT), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: tricky, weight: 1 },
    ...wrong.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );

const providerMetadata = dict(dict(json));
const finishReasons = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'interrupted', 'other'];
const nat = fc.oneof(fc.nat(), fc.constantFrom(-1, -0, 0.5, 2 ** 53, Number.MAX_SAFE_INTEGER), fc.double());

/** An object of the given fields (each mutated), with unknown keys mixed in. */
const objectOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      fc.tuple(...Object.entries(fields).map(([key, arbitrary]) => arbitrary.map((value) => [key, value] as [string, unknown]))),
      fc.array(fc.tuple(oddKey, anything), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([entries, extra, extraFirst]) => build(extraFirst ? [...extra, ...entries] : [...entries, ...extra]));

const literal = (value: string, ...others: string[]) => mutated(fc.constant(value), fc.constantFrom(...others, value.toUpperCase(), `${value} `));

const kind: Record<string, () => fc.Arbitrary<unknown>> = {
  string: () => mutated(fc.string()),
  boolean: () => mutated(fc.boolean(), fc.constantFrom(0, 'true')),
  unknown: () => mutated(anything),
  providerMetadata: () => mutated(providerMetadata, dict(json), fc.array(json)),
  toolMetadata: () => mutated(dict(json), providerMetadata),
  providerReference: () => mutated(dict(fc.string()), dict(json)),
  inputEncoding: () => mutated(fc.constantFrom('json', 'text'), fc.string()),
  finishReason: () => mutated(fc.constantFrom(...finishReasons), fc.string()),
  int: () => mutated(fc.nat(), nat),
  citations: () =>
    mutated(
      fc.array(
        objectOf({
          source: mutated(
            fc.oneof(
              objectOf({ type: literal('source'), sourceType: literal('url', 'document'), id: kind.string!(), url: kind.string!(), title: kind.string!(), providerMetadata: kind.providerMetadata!() }),
              objectOf({
                type: literal('source'),
                sourceType: literal('document', 'url'),
                id: kind.string!(),
                mediaType: kind.string!(),
                title: kind.string!(),
                filename: kind.string!(),
                providerMetadata: kind.providerMetadata!(),
              }),
            ),
          ),
          startIndex: kind.int!(),
          endIndex: kind.int!(),
          citedText: kind.string!(),
        }),
        { maxLength: 3 },
      ),
    ),
  parts: () =>
    mutated(
      fc.array(
        fc.oneof(
          objectOf({ type: literal('text', 'file'), text: kind.string!(), providerMetadata: kind.providerMetadata!() }),
          objectOf({
            type: literal('file', 'text'),
            mediaType: kind.string!(),
            url: kind.string!(),
            filename: kind.string!(),
            providerReference: kind.providerReference!(),
            providerMetadata: kind.providerMetadata!(),
          }),
        ),
        { maxLength: 3 },
      ),
    ),
};

// The schema's fields per type, restated here (the test's own reading of the schema).
const S = 'string';
const B = 'boolean';
const PM = 'providerMetadata';
const toolExtras = { providerExecuted: B, providerMetadata: PM, toolMetadata: 'toolMetadata', dynamic: B };
const fields: Record<string, Record<string, string>> = {
  'text-start': { id: S, providerMetadata: PM },
  'text-delta': { id: S, delta: S, providerMetadata: PM },
  'text-end': { id: S, citations: 'citations', providerMetadata: PM },
  error: { errorText: S },
  'tool-input-start': { toolCallId: S, toolName: S, inputEncoding: 'inputEncoding', ...toolExtras, title: S },
  'tool-input-delta': { toolCallId: S, inputTextDelta: S },
  'tool-input-available': { toolCallId: S, toolName: S, input: 'unknown', ...toolExtras, title: S },
  'tool-input-error': { toolCallId: S, toolName: S, input: 'unknown', ...toolExtras, errorText: S, title: S },
  'tool-approval-request': { approvalId: S, toolCallId: S, approvalDescriptor: 'unknown', inputSchemaInput: 'unknown', reason: S, isAutomatic: B, signature: S },
  'tool-approval-response': { approvalId: S, approved: B, reason: S, providerExecuted: B, providerMetadata: PM },
  'tool-output-available': { toolCallId: S, output: 'unknown', ...toolExtras, preliminary: B },
  'tool-output-error': { toolCallId: S, errorText: S, ...toolExtras },
  'tool-output-denied': { toolCallId: S },
  'reasoning-start': { id: S, providerMetadata: PM },
  'reasoning-delta': { id: S, delta: S, providerMetadata: PM },
  'reasoning-end': { id: S, providerMetadata: PM },
  custom: { kind: S, providerMetadata: PM },
  'source-url': { sourceId: S, url: S, title: S, providerMetadata: PM },
  'source-document': { sourceId: S, mediaType: S, title: S, filename: S, providerMetadata: PM },
  file: { url: S, mediaType: S, providerMetadata: PM },
  'reasoning-file': { url: S, mediaType: S, providerMetadata: PM },
  'steering-message': { id: S, parts: 'parts' },
  'start-step': {},
  'finish-step': {},
  'reset-step': {},
  start: { messageId: S, messageMetadata: 'unknown' },
  finish: { finishReason: 'finishReason', messageMetadata: 'unknown' },
  abort: { reason: S },
  'message-metadata': { messageMetadata: 'unknown' },
  'data-*': { id: S, data: 'unknown', transient: B },
};
const types = Object.keys(fields).filter((t) => t !== 'data-*');

const chunkOf = (type: string) => {
  const typeArb =
    type === 'data-*'
      ? mutated(
          fc.string().map((s) => `data-${s}`),
          fc.constantFrom('data', 'Data-x', ''),
        )
      : literal(type, ...types.filter((t) => t !== type).slice(0, 3));
  return objectOf({ type: typeArb, ...Object.fromEntries(Object.entries(fields[type]!).map(([key, k]) => [key, kind[k]!()])) });
};

// CHUNK_CHECK_RUNS=n multiplies the runs (a longer search, by hand).
const scale = Number(process.env.CHUNK_CHECK_RUNS) || 1;
const runs = { numRuns: 250 * scale };

describe('checkUIMessageChunk: as the SDK, on generated chunks', () => {
  it.each(Object.keys(fields))('%s', async (type) => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(chunkOf(type), async (value) => {
        await same(value);
        if (checkUIMessageChunk(value).success) accepted++;
      }),
      runs,
    );
    // The mutations leave a share of both outcomes (about 12 % to 75 % accepted, by type).
    expect(accepted).toBeGreaterThan(runs.numRuns * 0.03);
    expect(accepted).toBeLessThan(runs.numRuns * 0.97);
  });

  it('on JSON round trips of generated chunks', async () => {
    const chunk = fc.constantFrom(...Object.keys(fields)).chain(chunkOf);
    await fc.assert(
      fc.asyncProperty(chunk, async (value) => {
        let text: string | undefined;
        try {
          text = JSON.stringify(value);
        } catch {
          return;
        }
        if (text !== undefined) await same(JSON.parse(text));
      }),
      { numRuns: 1000 * scale },
    );
  });

  it('on fully arbitrary values', async () => {
    await fc.assert(fc.asyncProperty(anything, same), { numRuns: 1000 * scale });
  });

  it('on arbitrary objects with a known type', async () => {
    const value = fc
      .tuple(fc.constantFrom(...types, 'data-x'), fc.dictionary(fc.constantFrom(...new Set(Object.values(fields).flatMap(Object.keys)), 'other'), tricky))
      .map(([type, rest]) => ({ ...rest, type }));
    await fc.assert(fc.asyncProperty(value, same), { numRuns: 1000 * scale });
  });
});
