import { fc } from '@fast-check/vitest';
import { headerSafe } from '../fuzz-cases.js';
import type { FuzzBody, FuzzRequest } from './fuzz-request.js';
import { badId, hostileJson, hostileString, hugeString, PROTO_KEYS } from './hostile-values.js';

/**
 * Hostile mutations of a valid request: ids that break the id rule (in the path and in the body),
 * hostile strings, huge strings and arrays, wrong types, prototype keys (written into the JSON text so
 * `__proto__` stays an own key), deep nesting, junk bodies, oversize bodies, odd methods, content
 * types, headers, queries and path shapes.
 */

type Path = (string | number)[];

/** Where the ids of a route live: path segments that are ids, and JSON paths of ids in the body (`messages.*.id`). */
export interface IdPlaces {
  segments: number[];
  body: string[];
}

export interface MutationLimits {
  /** The server's `limits.maxBodyBytes`: huge values stay under it, oversize bodies go over it. */
  maxBodyBytes: number;
  /** The route's own body limit when it is larger (uploads, audio): an oversize body must pass it too. */
  routeMaxBytes?: number;
}

const MARK = '__fuzz_mark_7f3a__';

function nodes(value: unknown, path: Path = [], out: { path: Path; value: unknown }[] = []) {
  out.push({ path, value });
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) nodes(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function setAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
}

/** The concrete paths of `patterns` (`a.*.b`) in `value`; a missing last key is still a place to put an id. */
export function idPaths(value: unknown, patterns: readonly string[]): Path[] {
  const out: Path[] = [];
  const walk = (node: unknown, rest: string[], path: Path) => {
    if (rest.length === 0) return void out.push(path);
    if (typeof node !== 'object' || node === null) return;
    const [head, ...tail] = rest as [string, ...string[]];
    if (head === '*') {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, tail, [...path, i]));
      return;
    }
    if (tail.length === 0 || head in node) walk((node as Record<string, unknown>)[head], tail, [...path, head]);
  };
  for (const pattern of patterns) walk(value, pattern.split('.'), []);
  return out;
}

/** JSON text of `value` with the node at `path` replaced by raw `text` (nesting, prototype keys). */
function withRawAt(value: unknown, path: Path, text: string): string {
  return JSON.stringify(setAt(value, path, MARK)).replace(`"${MARK}"`, text);
}

const jsonOf = (request: FuzzRequest): unknown => (request.body?.kind === 'json' ? request.body.value : undefined);
const withBody = (request: FuzzRequest, body: FuzzBody, mutation: string, mustRefuse = false): FuzzRequest => ({ ...request, body, mutation, mustRefuse });

const nested = (depth: number, open: '[' | '{"a":') => `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`;

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'post', 'get', 'FOO'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'image/png',
  'audio/webm;codecs=opus',
  'audio/',
  'application/octet-stream',
  '*/*',
  '',
  'json',
];

/** Junk headers: other users, no user, broken auth, lies about the length, cross-site markers, floods. */
const junkHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.oneof(
    fc.constantFrom<[string, string]>(
      ['x-user', 'bob'],
      ['x-user', 'deny'],
      ['x-user', ''],
      ['origin', 'null'],
      ['origin', 'http://evil.example'],
      ['origin', 'http://localhost'],
      ['sec-fetch-site', 'cross-site'],
      ['sec-fetch-site', 'same-origin'],
      ['sec-fetch-site', 'none'],
      ['referer', 'http://evil.example/page'],
      ['content-length', '0'],
      ['content-length', '-5'],
      ['content-length', 'abc'],
      ['content-length', '99999999999999999999'],
      ['content-encoding', 'gzip'],
      ['transfer-encoding', 'chunked'],
      ['last-event-id', '-1'],
      ['last-event-id', '99999999999999999999'],
      ['x-huge', 'h'.repeat(60_000)],
      ['cookie', 'a=b; '.repeat(500)],
      ['traceparent', '00-zzzz-0000-01'],
    ),
    hostileString(30).map((v): [string, string] => ['authorization', headerSafe(v)]),
    hostileString(30).map((v): [string, string] => ['last-event-id', headerSafe(v)]),
  ),
  { minLength: 1, maxLength: 4 },
);

/** Junk query pairs: hostile values, prototype keys, duplicated keys, cursors and limits out of range. */
const junkQuery: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.constantFrom('cursor', 'before', 'limit', 'q', 'agentId', 'conversationId', 'filename', 'exp', 'sig', '__proto__', 'constructor[prototype][polluted]', 'x'),
    fc.oneof(hostileString(30), fc.constantFrom('0', '-1', '101', '1e9', 'NaN', '', '%', 'x'.repeat(300), 'x'.repeat(10_000))),
  ),
  { minLength: 1, maxLength: 3 },
);

/** Odd path shapes around the route's own path. */
const pathShapes = (request: FuzzRequest): fc.Arbitrary<string> => {
  const base = `/${request.segments.map(encodeURIComponent).join('/')}`;
  return fc.constantFrom(`${base}/`, `${base}//`, `/${base}`, `${base}/extra`, `${base}/%`, `${base}/%ZZ`, `${base}/%E0%A4%A`, `${base}/..`, `${base}/%2e%2e`, `${base}/.`, `${base}%00`, `/${request.segments.join('//')}`, base.toUpperCase());
};

/** Every hostile mutation that applies to `request` (a valid one), as one arbitrary. */
export function hostileMutation(request: FuzzRequest, ids: IdPlaces, limits: MutationLimits): fc.Arbitrary<FuzzRequest> {
  const options: fc.Arbitrary<FuzzRequest>[] = [];
  const json = jsonOf(request);
  const hasBody = request.body !== undefined;

  if (ids.segments.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...ids.segments), badId).map(([i, id]) => ({
        ...request,
        segments: request.segments.map((s, j) => (j === i ? id : s)),
        mutation: `path-id ${i}`,
        // an empty or `.` last segment is another route's path: URL parsers make `conversations/.` the list
        mustRefuse: !((id === '' || id === '.') && i === request.segments.length - 1),
      })),
    );
  }
  if (json !== undefined) {
    const all = nodes(json);
    const strings = all.filter((n) => typeof n.value === 'string');
    const objects = all.filter((n) => typeof n.value === 'object' && n.value !== null && !Array.isArray(n.value));
    const arrays = all.filter((n) => Array.isArray(n.value) && n.value.length > 0);
    const places = idPaths(json, ids.body);
    if (places.length > 0) {
      options.push(fc.tuple(fc.constantFrom(...places), badId).map(([path, id]) => withBody(request, { kind: 'json', value: setAt(json, path, id) }, `body-id ${path.join('.')}`, true)));
    }
    if (strings.length > 0) {
      options.push(fc.tuple(fc.constantFrom(...strings), hostileString(60)).map(([n, s]) => withBody(request, { kind: 'json', value: setAt(json, n.path, s) }, `body-string ${n.path.join('.')}`)));
      options.push(
        fc
          .tuple(fc.constantFrom(...strings), hugeString(Math.floor(limits.maxBodyBytes * 0.4)))
          .map(([n, s]) => withBody(request, { kind: 'json', value: setAt(json, n.path, s) }, `body-huge-string ${n.path.join('.')} (${s.length})`)),
      );
    }
    if (arrays.length > 0) {
      options.push(
        fc.tuple(fc.constantFrom(...arrays), fc.integer({ min: 50, max: 20_000 })).map(([n, count]) => {
          const item = (n.value as unknown[])[0];
          const size = JSON.stringify(item ?? null).length + 1;
          const copies = Math.max(1, Math.min(count, Math.floor((limits.maxBodyBytes * 0.9) / size)));
          return withBody(request, { kind: 'json', value: setAt(json, n.path, Array.from({ length: copies }, () => item)) }, `body-huge-array ${n.path.join('.')} (${copies})`);
        }),
      );
    }
    options.push(fc.tuple(fc.constantFrom(...all), hostileJson).map(([n, v]) => withBody(request, { kind: 'json', value: setAt(json, n.path, v) }, `body-wrong-type ${n.path.join('.') || '(root)'}`)));
    if (objects.length > 0) {
      options.push(
        fc.tuple(fc.constantFrom(...objects), fc.constantFrom(...PROTO_KEYS), fc.constantFrom('{"polluted":true,"isAdmin":true}', '{"prototype":{"polluted":true}}', 'null', '"x"', '[]')).map(([n, key, payload]) => {
          const text = withRawAt(json, n.path, `{"${key}":${payload},${JSON.stringify(n.value).slice(1)}`.replace(/,}$/, '}'));
          return withBody(request, { kind: 'text', text }, `body-proto ${key} at ${n.path.join('.') || '(root)'}`);
        }),
      );
    }
    options.push(
      fc.tuple(fc.constantFrom(...all), fc.constantFrom(33, 64, 200, 5_000, 100_000), fc.constantFrom<'[' | '{"a":'>('[', '{"a":')).map(([n, depth, open]) =>
        withBody(request, { kind: 'text', text: withRawAt(json, n.path, nested(depth, open)) }, `body-deep ${depth} at ${n.path.join('.') || '(root)'}`, depth * 2 > limits.maxBodyBytes),
      ),
    );
  }
  if (hasBody || request.method !== 'GET') {
    options.push(
      fc.oneof(
        hostileJson.map((v) => withBody(request, { kind: 'json', value: v }, 'body-junk json')),
        fc
          .constantFrom('', ' ', '{', '{"a":1,}', 'undefined', 'NaN', '\u0000', '{"a":"\\ud800"}', '{"a":1}{"a":2}', '// x\n{}', '\ufeff{}', '[]', 'null', '"str"')
          .map((text) => withBody(request, { kind: 'text', text }, `body-junk text ${JSON.stringify(text)}`)),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => withBody(request, { kind: 'bytes', bytes: new Uint8Array(bytes) }, 'body-junk bytes')),
      ),
    );
    const limit = Math.max(limits.maxBodyBytes, limits.routeMaxBytes ?? 0);
    options.push(
      fc.integer({ min: limit + 1, max: limit * 2 }).map((size) => {
        const text = JSON.stringify({ pad: 'y'.repeat(size) });
        return withBody(request, request.body?.kind === 'bytes' ? { kind: 'bytes', bytes: new Uint8Array(size) } : { kind: 'text', text }, `body-oversize ${size}`, hasBody);
      }),
    );
  }
  options.push(fc.constantFrom(...METHODS.filter((m) => m !== request.method)).map((method) => ({ ...request, method, mutation: `method ${method}`, mustRefuse: false })));
  options.push(
    fc.constantFrom(...CONTENT_TYPES).map((type) => ({
      ...request,
      headers: [...request.headers.filter(([k]) => k !== 'content-type'), ...(type ? ([['content-type', type]] as [string, string][]) : [])],
      mutation: `content-type ${JSON.stringify(type)}`,
      mustRefuse: false,
    })),
  );
  options.push(junkHeaders.map((extra) => ({ ...request, headers: [...request.headers.filter(([k]) => !extra.some(([e]) => e === k)), ...extra], mutation: `headers ${extra.map(([k]) => k).join(',')}`, mustRefuse: false })));
  options.push(junkQuery.map((extra) => ({ ...request, query: [...request.query, ...extra], mutation: `query ${extra.map(([k]) => k).join(',')}`, mustRefuse: false })));
  options.push(pathShapes(request).map((rawPath) => ({ ...request, rawPath, mutation: `path-shape ${rawPath.slice(0, 60)}`, mustRefuse: false })));
  return fc.oneof(...options);
}
