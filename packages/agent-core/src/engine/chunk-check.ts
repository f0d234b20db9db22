/**
 * A hand-written check of one UI message stream chunk, with the acceptance and the output of the AI
 * SDK's `uiMessageChunkSchema` (ai 7.0.173, zod 4) and no zod: a table of field kinds per chunk type.
 *
 * What it mirrors of zod: an object is any non-null, non-array object; a field is present when
 * `key in chunk`; an optional field that is present keeps its key (`undefined` too), a required
 * `unknown` field must be present; chunks and steering-message parts are loose objects (unknown keys
 * copied, `__proto__` never), citations and their sources strip unknown keys; a record (provider
 * metadata, tool metadata, provider reference, a JSON object) must be a plain object, is read by its
 * own enumerable keys (a symbol key fails, `__proto__` is dropped); numbers must be finite; integers
 * safe. The output is built fresh (objects, records, arrays); `unknown` values are kept as they are.
 * A JSON value met again (a cycle, a shared value) gives the same output, as zod's memoizer does.
 *
 * Not mirrored (none can come from `JSON.parse`): zod's memoizer also shares the output of an input
 * repeated outside JSON values (e.g. one object as the metadata of two providers), copied here (deep
 * equal, not `===`); a JSON value nested over ~1,750 levels overflows zod's stack, here over ~3,500;
 * a throwing non-enumerable getter that only another chunk type reads throws in zod's union only.
 */
import type { UIMessageChunk } from 'ai';

/** The result of {@link checkUIMessageChunk}: the chunk as the schema outputs it, or what is wrong. */
export type CheckedChunk = { success: true; value: UIMessageChunk } | { success: false; error: Error };

/** A value check: the output value, or FAIL (the reason in `why`, its path in `where`). */
type Check = (value: unknown) => unknown;

const FAIL = Symbol('fail');
let why = '';
let where: (string | number)[] = [];

const fail = (message: string): typeof FAIL => {
  why = message;
  where = [];
  return FAIL;
};
const at = (key: string | number): typeof FAIL => {
  where.unshift(key);
  return FAIL;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's `isPlainObject` (what `z.record` accepts). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const ctor: unknown = value.constructor;
  if (ctor === undefined || typeof ctor !== 'function') return true;
  const proto: unknown = (ctor as { prototype?: unknown }).prototype;
  return isObject(proto) && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

const typeCheck =
  (type: string, article: string): Check =>
  (value) =>
    typeof value === type ? value : fail(`must be ${article} ${type}`);

const oneOf = (...values: string[]): Check => {
  const set = new Set<unknown>(values);
  const message = `must be ${values.map((v) => JSON.stringify(v)).join(' or ')}`;
  return (value) => (set.has(value) ? value : fail(message));
};

/**
 * The outputs of the JSON arrays and objects of this call by their input. zod (its memoizer, on the
 * recursive JSON schema) gives an input met again the same output: a cycle is accepted (and copied
 * as a cycle), a shared value stays shared. Only JSON values can close a cycle through the schema.
 */
let seen: Map<unknown, unknown> | undefined;

const arrayOf =
  (item: Check, memo?: boolean): Check =>
  (value) => {
    if (!Array.isArray(value)) return fail('must be an array');
    if (memo && seen?.has(value)) return seen.get(value);
    const out: unknown[] = new Array(value.length);
    if (memo) (seen ??= new Map()).set(value, out);
    for (let i = 0; i < value.length; i++) {
      const result = item(value[i]);
      if (result === FAIL) return at(i);
      out[i] = result;
    }
    return out;
  };

const recordOf =
  (item: Check, memo?: boolean): Check =>
  (value) => {
    if (!isPlainObject(value)) return fail('must be a plain object');
    if (memo && seen?.has(value)) return seen.get(value);
    const out: Record<string, unknown> = {};
    if (memo) (seen ??= new Map()).set(value, out);
    for (const key of Reflect.ownKeys(value)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      if (typeof key === 'symbol') return fail('must not have a symbol key');
      const result = item(value[key]);
      if (result === FAIL) return at(key);
      out[key] = result;
    }
    return out;
  };

/** `jsonValueSchema`: null, a string, a finite number, a boolean, a record of optional JSON values, an array of JSON values. */
function json(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : fail('must be a finite number');
    case 'object':
      if (value === null) return value;
      if (Array.isArray(value)) return jsonArray(value);
      if (isPlainObject(value)) return jsonObject(value);
  }
  return fail('must be a JSON value');
}
const optionalJson: Check = (value) => (value === undefined ? value : json(value));
const jsonArray = arrayOf(json, true);
const jsonObject = recordOf(optionalJson, true);

/**
 * The field kinds of the tables below. A kind ending in `?` is optional; `=x` is the literal "x"; a
 * kind starting with `~` is assigned after the unknown keys (zod's transform of `custom`'s `kind`
 * resolves after them in the SDK's async parse, which puts the key last).
 */
const kinds: Record<string, Check> = {
  string: typeCheck('string', 'a'),
  boolean: typeCheck('boolean', 'a'),
  unknown: (value) => value,
  'int>=0': (value) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fail('must be a non-negative integer')),
  providerMetadata: recordOf(recordOf(optionalJson)),
  toolMetadata: recordOf(optionalJson),
  providerReference: recordOf(typeCheck('string', 'a')),
  inputEncoding: oneOf('json', 'text'),
  finishReason: oneOf('stop', 'length', 'content-filter', 'tool-calls', 'error', 'interrupted', 'other'),
  dataType: (value) => (typeof value === 'string' && value.startsWith('data-') ? value : fail('must start with "data-"')),
};

/** A check of an object with the given fields: unknown keys copied when `loose`, else stripped. */
function object(spec: Record<string, string>, loose: boolean): Check {
  const fields = Object.entries(spec).map(([key, kind]) => {
    const optional = kind.endsWith('?');
    const late = kind.startsWith('~');
    const name = kind.slice(late ? 1 : 0, optional ? -1 : undefined);
    return [key, name.startsWith('=') ? oneOf(name.slice(1)) : kinds[name]!, optional, late] as const;
  });
  const keys = new Set(Object.keys(spec));
  return (value) => {
    if (!isObject(value)) return fail('must be an object');
    const out: Record<string, unknown> = {};
    let last: [string, unknown] | undefined;
    for (const [key, check, optional, late] of fields) {
      const present = key in value;
      if (!present && optional) continue;
      const item = value[key];
      const result = optional && item === undefined ? item : check(item);
      if (result === FAIL) return at(key);
      if (!present) {
        fail('is required');
        return at(key);
      }
      if (late) last = [key, result];
      else out[key] = result;
    }
    if (loose) for (const key in value) if (!keys.has(key) && key !== '__proto__') out[key] = value[key];
    if (last) out[last[0]] = last[1];
    return out;
  };
}

/** An object check chosen by its `type`, as a union of objects each with a literal `type` is. */
const byType = (specs: Record<string, Record<string, string>>, loose: boolean): Map<string, Check> =>
  new Map(Object.entries(specs).map(([type, spec]) => [type, object({ type: `=${type}`, ...spec }, loose)]));

/**
 * The checks of every chunk type, built on the first chunk checked rather than when the module loads
 * (a page evaluates this module before its first paint; most of its streamed chunks are text deltas,
 * which the decoder checks without these tables).
 */
let tables: { chunks: Map<string, Check>; dataChunk: Check } | undefined;

function buildTables(): { chunks: Map<string, Check>; dataChunk: Check } {
  const pm = 'providerMetadata?';
  /** A citation's `source`: a discriminated union on `sourceType` of two objects (unknown keys stripped). */
  const sources = new Map<unknown, Check>([
    ['url', object({ type: '=source', sourceType: '=url', id: 'string', url: 'string', title: 'string?', providerMetadata: pm }, false)],
    [
      'document',
      object({ type: '=source', sourceType: '=document', id: 'string', mediaType: 'string', title: 'string', filename: 'string?', providerMetadata: pm }, false),
    ],
  ]);
  kinds.source = (value) => {
    if (!isObject(value)) return fail('must be an object');
    const check = sources.get(value.sourceType);
    if (check) return check(value);
    fail('must be "url" or "document"');
    return at('sourceType');
  };
  kinds.citations = arrayOf(object({ source: 'source', startIndex: 'int>=0?', endIndex: 'int>=0?', citedText: 'string?' }, false));

  const parts = byType(
    {
      text: { text: 'string', providerMetadata: pm },
      file: { mediaType: 'string', url: 'string', filename: 'string?', providerReference: 'providerReference?', providerMetadata: pm },
    },
    true,
  );
  kinds.parts = arrayOf((value) => {
    if (!isObject(value)) return fail('must be an object');
    const check = parts.get(value.type as string);
    if (check) return check(value);
    fail('must be "text" or "file"');
    return at('type');
  });

  const toolCall = { toolCallId: 'string', toolName: 'string' };
  const toolExtras = { providerExecuted: 'boolean?', providerMetadata: pm, toolMetadata: 'toolMetadata?', dynamic: 'boolean?' };

  /** The fields of each chunk type of `uiMessageChunkSchema` (all loose objects), in the schema's order. */
  const chunks = byType(
    {
      'text-start': { id: 'string', providerMetadata: pm },
      'text-delta': { id: 'string', delta: 'string', providerMetadata: pm },
      'text-end': { id: 'string', citations: 'citations?', providerMetadata: pm },
      error: { errorText: 'string' },
      'tool-input-start': { ...toolCall, inputEncoding: 'inputEncoding?', ...toolExtras, title: 'string?' },
      'tool-input-delta': { toolCallId: 'string', inputTextDelta: 'string' },
      'tool-input-available': { ...toolCall, input: 'unknown', ...toolExtras, title: 'string?' },
      'tool-input-error': { ...toolCall, input: 'unknown', ...toolExtras, errorText: 'string', title: 'string?' },
      'tool-approval-request': {
        approvalId: 'string',
        toolCallId: 'string',
        approvalDescriptor: 'unknown?',
        inputSchemaInput: 'unknown?',
        reason: 'string?',
        isAutomatic: 'boolean?',
        signature: 'string?',
      },
      'tool-approval-response': { approvalId: 'string', approved: 'boolean', reason: 'string?', providerExecuted: 'boolean?', providerMetadata: pm },
      'tool-output-available': { toolCallId: 'string', output: 'unknown', ...toolExtras, preliminary: 'boolean?' },
      'tool-output-error': { toolCallId: 'string', errorText: 'string', ...toolExtras },
      'tool-output-denied': { toolCallId: 'string' },
      'reasoning-start': { id: 'string', providerMetadata: pm },
      'reasoning-delta': { id: 'string', delta: 'string', providerMetadata: pm },
      'reasoning-end': { id: 'string', providerMetadata: pm },
      custom: { kind: '~string', providerMetadata: pm },
      'source-url': { sourceId: 'string', url: 'string', title: 'string?', providerMetadata: pm },
      'source-document': { sourceId: 'string', mediaType: 'string', title: 'string', filename: 'string?', providerMetadata: pm },
      file: { url: 'string', mediaType: 'string', providerMetadata: pm },
      'reasoning-file': { url: 'string', mediaType: 'string', providerMetadata: pm },
      'steering-message': { id: 'string', parts: 'parts' },
      'start-step': {},
      'finish-step': {},
      'reset-step': {},
      start: { messageId: 'string?', messageMetadata: 'unknown?' },
      finish: { finishReason: 'finishReason?', messageMetadata: 'unknown?' },
      abort: { reason: 'string?' },
      'message-metadata': { messageMetadata: 'unknown' },
    },
    true,
  );
  const dataChunk = object({ type: 'dataType', id: 'string?', data: 'unknown', transient: 'boolean?' }, true);
  return { chunks, dataChunk };
}

const pathOf = (path: (string | number)[]): string =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (i ? '.' : '') + key : `[${JSON.stringify(key)}]`)).join('');

/**
 * Checks a parsed chunk of a UI message stream as the AI SDK's `uiMessageChunkSchema` does: the same
 * chunks are accepted, and the value is what the schema's parse outputs (keys unknown to a chunk
 * type kept, unknown keys of a citation dropped, records and arrays copied). On failure the error
 * names the chunk type and the path, e.g. `Invalid chunk (tool-input-start): toolName must be a string`.
 */
export function checkUIMessageChunk(value: unknown): CheckedChunk {
  const type = isObject(value) ? value.type : undefined;
  const { chunks, dataChunk } = (tables ??= buildTables());
  const check = typeof type === 'string' ? (chunks.get(type) ?? (type.startsWith('data-') ? dataChunk : undefined)) : undefined;
  if (!check) {
    const what = !isObject(value) ? 'must be an object' : typeof type === 'string' ? `has an unknown type ${JSON.stringify(type)}` : 'type must be a string';
    return { success: false, error: new Error(`Invalid chunk: ${what}`) };
  }
  try {
    const out = check(value);
    if (out !== FAIL) return { success: true, value: out as UIMessageChunk };
    return { success: false, error: new Error(`Invalid chunk (${type as string}): ${pathOf(where)} ${why}`) };
  } catch (cause) {
    // A getter that throws, or a structure too deep: the schema's parse throws too.
    return { success: false, error: new Error(`Invalid chunk (${type as string}): ${String(cause)}`, { cause }) };
  } finally {
    seen = undefined;
  }
}
