/**
 * Seeded generators of malformed (and some valid) chat requests for the route fuzz test. Every
 * case is a plain description (method, path, headers, body bytes) so a failure can be printed and
 * replayed from its seed and index.
 */

/** mulberry32: a small, fast, seedable PRNG (same seed → same sequence). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  bool(p = 0.5): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

export type FuzzKind =
  | 'valid'
  | 'mutated-field'
  | 'junk-json'
  | 'bad-message'
  | 'bad-part'
  | 'proto-key'
  | 'deep-nesting'
  | 'huge-string'
  | 'oversize'
  | 'bad-utf8'
  | 'bad-json-text'
  | 'content-type'
  | 'headers'
  | 'method'
  | 'path'
  | 'query';

export interface FuzzCase {
  index: number;
  kind: FuzzKind;
  method: string;
  path: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
  /** Send the body as a stream in these chunk sizes (exercises chunk boundaries). */
  chunked?: number[];
  /** The request is well-formed: the answer must be a 200 stream. */
  valid: boolean;
}

const RESERVED = ['__proto__', 'constructor', 'prototype'] as const;
const PART_STATES = ['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'output-available', 'output-error', 'output-denied'];
const encoder = new TextEncoder();

/** Strings that tend to break things: unicode, lone surrogates, control characters, long runs. */
export function junkString(rng: Rng, max = 40): string {
  const pieces = ['', 'a', 'é', '日本', '👩‍👩‍👧', '\u0000', '\u001f', '\ud800', '\udfff', '\u202e', '\ufeff', '"', '\\', '</script>', '${x}', '%s', '\r\n', '\u2028', 'null', '{}', '[]', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
  let s = '';
  const n = rng.int(max);
  for (let i = 0; i < n; i++) s += rng.bool(0.6) ? rng.pick(pieces) : String.fromCharCode(rng.int(0xffff));
  return s;
}

/** Any JSON-ish value (objects may carry reserved keys), bounded in size. */
export function junkValue(rng: Rng, depth = 0): unknown {
  const roll = rng.int(depth > 3 ? 6 : 9);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return rng.bool();
    case 2:
      return rng.pick([0, -0, 1, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, 1.2345678901234568e29]);
    case 3:
    case 4:
      return junkString(rng);
    case 5:
      return rng.pick(['user', 'assistant', 'system', 'tool', 'text', '', 'submit-message']);
    case 6: {
      const n = rng.int(4);
      return Array.from({ length: n }, () => junkValue(rng, depth + 1));
    }
    default: {
      const obj: Record<string, unknown> = {};
      const n = rng.int(4);
      for (let i = 0; i < n; i++) setOwn(obj, rng.bool(0.15) ? rng.pick(RESERVED) : junkString(rng, 8), junkValue(rng, depth + 1));
      return obj;
    }
  }
}

/** A header value the Fetch API can carry (bytes 0x20–0xff, no CR/LF/NUL), with odd characters kept. */
export function headerSafe(text: string): string {
  return Array.from(text, (ch) => (ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) <= 0xff && ch.length === 1 ? ch : String.fromCharCode(0x80 + (ch.charCodeAt(0) % 0x80)))).join('');
}

/** Defines an own enumerable property, also for `__proto__` (so JSON.stringify writes the key). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

let ids = 0;
function userMessage(text: string) {
  return { id: `u${++ids}`, role: 'user', parts: [{ type: 'text', text }] };
}

/** A request body the route must accept. */
function validBody(rng: Rng): Record<string, unknown> {
  const messages: unknown[] = [userMessage(rng.bool(0.7) ? 'Hello' : junkString(rng, 30))];
  if (rng.bool(0.3)) {
    messages.push({ id: `a${++ids}`, role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: junkString(rng, 20), state: 'done' }] });
    messages.push(userMessage('and then?'));
  }
  if (rng.bool(0.2)) messages.push({ id: `e${++ids}`, role: 'assistant', parts: [] }); // dropped before validation
  const body: Record<string, unknown> = { messages };
  if (rng.bool(0.3)) body.id = `chat-${rng.int(1e6)}`;
  if (rng.bool(0.3)) body.conversationId = `c-${rng.int(1e6)}`;
  if (rng.bool(0.3)) body.sharedState = { filter: junkString(rng, 10), count: rng.int(100), nested: { list: [1, 2, 3] } };
  if (rng.bool(0.2)) body.urlQuery = { q: junkString(rng, 10), tags: ['a', 'b'] };
  if (rng.bool(0.2)) body.pageId = 'page-1';
  if (rng.bool(0.2)) body.trigger = rng.pick(['submit-message', 'regenerate-message']);
  if (rng.bool(0.1)) body.unknownExtra = { ignored: [1, 'two', null] }; // unknown top-level keys are dropped
  return body;
}

/** Every object node of a value, with the path to it (for targeted mutation). */
function objectNodes(value: unknown, path: string[] = [], out: { node: Record<string, unknown> | unknown[]; path: string[] }[] = []) {
  if (typeof value === 'object' && value !== null) {
    out.push({ node: value as Record<string, unknown>, path });
    for (const [k, v] of Object.entries(value)) objectNodes(v, [...path, k], out);
  }
  return out;
}

function mutateAt(rng: Rng, body: unknown, make: () => unknown): void {
  const target = rng.pick(objectNodes(body));
  if (Array.isArray(target.node)) {
    if (target.node.length > 0 && rng.bool(0.7)) target.node[rng.int(target.node.length)] = make();
    else target.node.push(make());
  } else {
    const keys = Object.keys(target.node);
    const key = keys.length > 0 && rng.bool(0.7) ? rng.pick(keys) : junkString(rng, 6) || 'k';
    if (rng.bool(0.1)) delete target.node[key];
    else setOwn(target.node, key, make());
  }
}

function nested(rng: Rng, depth: number): string {
  const open = rng.bool() ? '[' : '{"a":';
  const close = open === '[' ? ']' : '}';
  return open.repeat(depth) + (rng.bool() ? '1' : '"x"') + close.repeat(depth);
}

const bytes = (text: string) => encoder.encode(text);
/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD; encodeURIComponent would throw). */
export const pct = (text: string) => Array.from(encoder.encode(text), (b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const json = (value: unknown) => bytes(JSON.stringify(value));

/** A junk message part (or a non-object in the parts list). */
function badPart(rng: Rng): unknown {
  const tool = rng.pick(['weather', 'missing_tool', 'update-page-state', 'read-file', junkString(rng, 8)]);
  const options: (() => unknown)[] = [
    () => ({ type: 'text' }),
    () => ({ type: 'text', text: junkValue(rng) }),
    () => ({ type: 'reasoning', text: junkString(rng), providerMetadata: junkValue(rng) }),
    () => ({ type: `tool-${tool}`, toolCallId: junkString(rng, 6), state: rng.pick([...PART_STATES, junkString(rng, 6)]), input: junkValue(rng), output: junkValue(rng) }),
    () => ({ type: `tool-${tool}`, toolCallId: 'c1', state: 'approval-responded', input: { city: 'Paris' }, approval: { id: 'ap1', approved: rng.bool(), reason: junkValue(rng) } }),
    () => ({ type: 'dynamic-tool', toolName: junkValue(rng), toolCallId: 'c2', state: rng.pick(PART_STATES), input: junkValue(rng) }),
    () => ({ type: `data-${junkString(rng, 6)}`, id: junkValue(rng), data: junkValue(rng) }),
    () => ({ type: 'file', mediaType: junkValue(rng), url: rng.pick(['data:,x', 'javascript:alert(1)', 'http://127.0.0.1:1/x', junkString(rng)]) }),
    () => ({ type: 'source-url', sourceId: junkValue(rng), url: junkValue(rng) }),
    () => ({ type: 'step-start', extra: junkValue(rng) }),
    () => ({ type: junkString(rng, 12) || 'x' }),
    () => ({ type: '' }),
    () => ({}),
    () => null,
    () => junkString(rng),
    () => rng.int(10),
    () => [],
  ];
  return rng.pick(options)();
}

/** One generated case (deterministic for a given rng state and index). */
export function generateCase(rng: Rng, index: number, maxBodyBytes: number): FuzzCase {
  const kinds: FuzzKind[] = ['valid', 'valid', 'mutated-field', 'junk-json', 'bad-message', 'bad-part', 'bad-part', 'proto-key', 'proto-key', 'deep-nesting', 'huge-string', 'oversize', 'bad-utf8', 'bad-json-text', 'content-type', 'headers', 'method', 'path', 'query'];
  const kind = rng.pick(kinds);
  const c: FuzzCase = {
    index,
    kind,
    method: 'POST',
    path: '/api/agent/assistant',
    headers: [['content-type', 'application/json']],
    body: json(validBody(rng)),
    valid: false,
  };
  switch (kind) {
    case 'valid': {
      c.valid = true;
      const body = validBody(rng);
      if (rng.bool(0.2)) c.headers = [['content-type', rng.pick(['application/json; charset=utf-8', 'Application/JSON', 'application/vnd.chat+json', 'application/json;charset="UTF-8"'])]];
      let b = json(body);
      if (rng.bool(0.1)) b = new Uint8Array([0xef, 0xbb, 0xbf, ...b]); // BOM
      c.body = b;
      if (rng.bool(0.5)) c.chunked = splitSizes(rng, b.length);
      if (rng.bool(0.2)) c.path += `?conversationId=${`q-${rng.int(1e6)}`}`;
      break;
    }
    case 'mutated-field': {
      const body = validBody(rng);
      const field = rng.pick(['messages', 'id', 'conversationId', 'sharedState', 'urlQuery', 'pageId', 'trigger', 'messageId']);
      setOwn(body, field, rng.bool(0.3) ? rng.pick([null, '', 0, [], {}, 'x'.repeat(300), [[]], true]) : junkValue(rng));
      c.body = json(body);
      break;
    }
    case 'junk-json':
      c.body = json(junkValue(rng));
      break;
    case 'bad-message': {
      const body = validBody(rng);
      const message: Record<string, unknown> = { id: `m${index}`, role: 'user', parts: [{ type: 'text', text: 'x' }] };
      const what = rng.int(6);
      if (what === 0) setOwn(message, 'role', rng.pick(['system', 'tool', 'developer', '', 'USER', null, 1, ['user']]));
      else if (what === 1) delete message.id;
      else if (what === 2) setOwn(message, 'id', junkValue(rng));
      else if (what === 3) setOwn(message, 'parts', rng.pick([null, 'text', 5, {}, { type: 'text', text: 'x' }]));
      else if (what === 4) setOwn(message, 'metadata', junkValue(rng));
      else c.body = json({ ...body, messages: [rng.pick([null, 1, 'hi', [], true])] });
      if (what !== 5) (body.messages as unknown[]).splice(rng.int((body.messages as unknown[]).length + 1), 0, message);
      if (what !== 5) c.body = json(body);
      break;
    }
    case 'bad-part': {
      const body = validBody(rng);
      const messages = body.messages as { parts: unknown[]; role: string }[];
      const target = rng.pick(messages);
      if (rng.bool(0.5)) target.role = 'assistant';
      const n = 1 + rng.int(3);
      for (let i = 0; i < n; i++) target.parts.splice(rng.int(target.parts.length + 1), 0, badPart(rng));
      c.body = json(body);
      break;
    }
    case 'proto-key': {
      const body = validBody(rng);
      const key = rng.pick(RESERVED);
      const target = rng.pick(objectNodes(body).filter((n) => !Array.isArray(n.node)));
      setOwn(target.node as Record<string, unknown>, key, rng.bool(0.7) ? { polluted: true, isAdmin: true, toString: 'x' } : junkValue(rng));
      c.body = json(body);
      break;
    }
    case 'deep-nesting': {
      const depth = rng.pick([33, 65, 200, 5_000, 100_000]);
      const body = validBody(rng);
      const marker = '"__DEEP__"';
      mutateAt(rng, body, () => '__DEEP__');
      c.body = bytes(JSON.stringify(body).replace(marker, nested(rng, depth)));
      if (depth > maxBodyBytes / 4) c.headers.push(['x-note', 'deep-over-limit']);
      break;
    }
    case 'huge-string': {
      const body = validBody(rng);
      const size = rng.pick([1_000, 10_000, Math.floor(maxBodyBytes * 0.9)]);
      mutateAt(rng, body, () => rng.pick(['x', '日', '\u0000', '\\']).repeat(size));
      c.body = json(body);
      break;
    }
    case 'oversize': {
      const body = validBody(rng);
      (body.messages as { parts: { text?: string }[] }[])[0]!.parts[0]!.text = 'y'.repeat(maxBodyBytes + 1 + rng.int(maxBodyBytes));
      c.body = json(body);
      if (rng.bool(0.5)) c.chunked = splitSizes(rng, c.body.length);
      if (rng.bool(0.3)) c.headers.push(['content-length', String(rng.pick([10, c.body.length, 0]))]); // a lie or the truth
      break;
    }
    case 'bad-utf8': {
      const good = json(validBody(rng));
      const at = rng.int(good.length);
      const bad = rng.pick([[0xff], [0xc0, 0xaf], [0x80], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe6, 0x97]]);
      c.body = rng.bool(0.2)
        ? new Uint8Array([0xfe, 0xff, ...Array.from(good).flatMap((b) => [0, b])]) // UTF-16BE with its BOM
        : new Uint8Array([...good.slice(0, at), ...bad, ...good.slice(at)]);
      if (rng.bool(0.5)) c.chunked = splitSizes(rng, c.body.length);
      break;
    }
    case 'bad-json-text': {
      const text = JSON.stringify(validBody(rng));
      c.body = bytes(
        rng.pick([
          '',
          '   ',
          text.slice(0, rng.int(text.length)),
          `${text},`,
          text.replace(/"/g, "'"),
          `${text}${text}`,
          'undefined',
          'NaN',
          '{"messages": [,]}',
          '\u0000',
          `// comment\n${text}`,
          '{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"\\ud800"}]}]}',
          '{"messages":[{"id":"1","role":"user","parts":[{"type":"text","text":"\\u0000"}]}]}',
          '{"messages":[],"messages":"dup"}',
          '{"__proto__":{"polluted":true},"messages":[]}',
          '{"constructor":{"prototype":{"polluted":true}},"messages":[]}',
        ]),
      );
      break;
    }
    case 'content-type': {
      const types = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/jsonp', 'application/json-seq', 'text/json', '*/*', '', 'application/', 'json', headerSafe(junkString(rng, 20))];
      c.headers = [];
      if (rng.bool(0.8)) c.headers.push(['content-type', rng.pick(types)]);
      if (rng.bool(0.3)) c.headers.push(['content-type', rng.pick([...types, 'application/json'])]); // duplicated header
      if (c.headers.length === 0 && rng.bool()) c.headers.push(['content-type', 'text/plain']);
      break;
    }
    case 'headers': {
      const extra: [string, string][] = [
        ['content-length', rng.pick(['0', '1', '-5', 'abc', '1e3', ' 12 ', '99999999999999999999', String(rng.int(100))])],
        ['x-huge', 'h'.repeat(rng.pick([1_000, 100_000]))],
        ['authorization', headerSafe(junkString(rng, 30))],
        ['cookie', 'a=b; '.repeat(500)],
        ['accept', rng.pick(['text/html', '*/*', '', 'application/json'])],
        ['x-fuzz-auth', rng.pick(['deny', 'allow', ''])],
        ['content-encoding', rng.pick(['gzip', 'br', 'identity'])],
        ['transfer-encoding', 'chunked'],
      ];
      const n = 1 + rng.int(4);
      for (let i = 0; i < n; i++) c.headers.push(rng.pick(extra));
      if (rng.bool(0.1)) for (let i = 0; i < 300; i++) c.headers.push([`x-many-${i}`, String(i)]);
      break;
    }
    case 'method': {
      c.method = rng.pick(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'post', 'FOO']);
      if (c.method === 'GET' || c.method === 'HEAD') c.body = null;
      break;
    }
    case 'path': {
      c.path = rng.pick([
        '/api/agent/',
        '/api/agent',
        '/api/agent/nobody',
        '/api/agent/private',
        '/api/agent/__proto__',
        '/api/agent/constructor',
        '/api/agent/hasOwnProperty',
        '/api/agent/toString',
        '/api/agent/%',
        '/api/agent/%ZZ',
        '/api/agent/%E0%A4%A',
        '/api/agent/%00',
        '/api/agent/assistant/extra',
        '/api/agent//assistant',
        '/api/agent/assistant/',
        '/api/agent/../agent/assistant',
        '/api/agent/ASSISTANT',
        '/api/agent/events',
        '/other',
        '/',
        `/api/agent/${pct(junkString(rng, 20))}`,
        `/api/agent/${'a'.repeat(10_000)}`,
      ]);
      break;
    }
    case 'query': {
      const value = rng.pick([pct(junkString(rng, 30)), 'c'.repeat(rng.pick([256, 257, 10_000])), '', '%', '%ZZ', 'a&conversationId=b', '__proto__']);
      c.path += `?conversationId=${value}`;
      if (rng.bool(0.3)) c.path += `&${rng.pick(['__proto__', 'constructor'])}[polluted]=1`;
      break;
    }
  }
  return c;
}

function splitSizes(rng: Rng, total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  while (left > 0) {
    const n = Math.min(left, 1 + rng.int(rng.bool(0.5) ? 7 : 4_096));
    sizes.push(n);
    left -= n;
  }
  return sizes;
}
