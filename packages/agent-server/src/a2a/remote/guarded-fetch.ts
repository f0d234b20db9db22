import type { IncomingMessage } from 'node:http';
import { send } from '../../tools/http/http-request.js';
import { checkTarget, type SsrfOptions } from '../../tools/http/ssrf-guard.js';
import { RemoteAgentError } from './remote-agent-error.js';

/** What every request to a remote agent goes through. */
export interface GuardedFetchOptions {
  /** The HTTP tools' SSRF guard settings (private addresses, allowed hosts, the resolver seam). */
  ssrf: SsrfOptions;
  /** Largest response body in bytes (a streamed body counts as it arrives). */
  maxResponseBytes: number;
  /** Redirects followed, each destination checked by the guard again. */
  maxRedirects: number;
  /** Headers sent to the first origin only (never after a redirect to another origin). */
  headers?: Record<string, string>;
  /** Aborts every request made with this fetch. */
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A `fetch` for `@a2a-js/sdk`'s client and the card reader: every URL (the card's, each interface's,
 * each redirect's) passes the HTTP tools' SSRF guard (`checkTarget`) and the connection is pinned to
 * the address it checked (`send`); the body is streamed and cut off past `maxResponseBytes`.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    let url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    let method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    let body = await bodyText(init?.body ?? (request ? await request.text() : undefined));
    const signals = [init?.signal, request?.signal, options.signal].filter((s): s is AbortSignal => s instanceof AbortSignal);
    const signal = signals.length > 0 ? AbortSignal.any(signals) : new AbortController().signal;
    const given = Object.fromEntries(new Headers(init?.headers ?? request?.headers ?? {}));
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      const target = await checkTarget(url, options.ssrf);
      const headers: Record<string, string> = url.origin === origin ? { ...given, ...options.headers } : pick(given, ['content-type', 'accept', 'a2a-version']);
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      // Node gives the request's signal to its socket, which a keep-alive agent reuses: a signal that
      // outlives the exchange (the turn's) would destroy a pooled socket with no listener. So each
      // exchange gets its own signal, following the caller's only until its body is done.
      const exchange = new AbortController();
      // (On the next turn of the event loop: Node's socket errors an abort right after it was made
      // before the request listens to it, as an uncaught error.)
      const follow = () => setImmediate(() => exchange.abort(signal.reason));
      signal.addEventListener('abort', follow, { once: true });
      const release = () => signal.removeEventListener('abort', follow);
      let response: IncomingMessage;
      try {
        response = await send(target, method, headers, body, exchange.signal);
      } catch (error) {
        release();
        throw error;
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.on('error', () => {}).resume();
        release();
        if (hop >= options.maxRedirects) throw new RemoteAgentError('protocol', `Too many redirects (more than ${options.maxRedirects}).`);
        url = new URL(location, url);
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return toResponse(response, options.maxResponseBytes, release);
    }
  };
}

async function bodyText(body: BodyInit | null | undefined): Promise<string | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  return new Response(body).text();
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name.toLowerCase())));
}

/** A Web `Response` streaming the node response, erroring once it passes `max` bytes. */
function toResponse(response: IncomingMessage, max: number, release: () => void): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // An abort (Stop, timeout) destroys the response; a reader sees it through the iterator, and an
  // unread or finished body must not turn it into an unhandled 'error' event.
  response.on('error', () => {});
  const chunks = (response as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let size = 0;
  const status = response.statusCode ?? 0;
  const nullBody = status === 204 || status === 304;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        release();
        throw error;
      }
      if (next.done) {
        release();
        return controller.close();
      }
      size += next.value.length;
      if (size > max) {
        release();
        response.destroy();
        throw new RemoteAgentError('too-large', `The remote agent's response is larger than ${max} bytes.`);
      }
      controller.enqueue(new Uint8Array(next.value));
    },
    cancel() {
      release();
      response.destroy();
    },
  });
  if (nullBody) release();
  return new Response(nullBody ? null : stream, { status: status < 200 || status > 599 ? 502 : status, statusText: response.statusMessage ?? '', headers });
}
