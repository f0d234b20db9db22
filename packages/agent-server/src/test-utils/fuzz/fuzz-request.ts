import { pct } from '../fuzz-cases.js';

/** A request body as generated: a JSON value, raw JSON text (hostile key order, bad JSON), or bytes. */
export type FuzzBody = { kind: 'json'; value: unknown } | { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer> };

/** One generated request, printable and replayable (fast-check prints it as the counterexample). */
export interface FuzzRequest {
  route: string;
  method: string;
  /** Path segments after `basePath`, not encoded yet (ids may be hostile strings). */
  segments: string[];
  /** Raw path to use instead of `segments` (already encoded: broken escapes, double slashes). */
  rawPath?: string;
  query: [string, string][];
  headers: [string, string][];
  body?: FuzzBody;
  /** What was done to a valid request ('none': the request is valid). */
  mutation: string;
  /** The server must refuse it (a 4xx): an id broke the id rule, the body is over every limit… */
  mustRefuse: boolean;
}

export const BASE_PATH = '/api/agent';

/** The URL path of a request: every segment percent-encoded byte by byte (lone surrogates survive as U+FFFD). */
export function pathOf(request: FuzzRequest): string {
  if (request.rawPath !== undefined) return `${BASE_PATH}${request.rawPath}`;
  return `${BASE_PATH}/${request.segments.map(encodeSegment).join('/')}`;
}

/** Plain id characters stay readable; anything else is escaped (so `..` and `/` inside an id stay inside it). */
function encodeSegment(segment: string): string {
  // `.well-known` is a literal segment of a route (the A2A agent card), never a generated id.
  if (segment === '.well-known') return segment;
  return /^[A-Za-z0-9_:-][A-Za-z0-9._:-]*$/.test(segment) ? segment : pct(segment);
}

/** The Fetch `Request` of a generated request. */
export function toRequest(request: FuzzRequest): Request {
  const query = request.query.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const init: RequestInit = { method: request.method, headers };
  const body = request.body;
  if (body && !['GET', 'HEAD'].includes(request.method.toUpperCase())) {
    init.body = body.kind === 'json' ? JSON.stringify(body.value) : body.kind === 'text' ? body.text : body.bytes;
  }
  return new Request(`http://localhost${pathOf(request)}${query ? `?${query}` : ''}`, init);
}

/** A one-line description of a request for failure messages (long values cut). */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body
    ? request.body.kind === 'json'
      ? JSON.stringify(request.body.value)
      : request.body.kind === 'text'
        ? request.body.text
        : `<${request.body.bytes.length} bytes>`
    : '';
  return `${request.route} [${request.mutation}] ${request.method} ${pathOf(request).slice(0, 200)} query=${JSON.stringify(request.query).slice(0, 200)} headers=${JSON.stringify(request.headers.map(([k, v]) => [k, v.slice(0, 60)]))} body=${JSON.stringify(body.slice(0, 400))}${body.length > 400 ? `…(${body.length} chars)` : ''}`;
}
