import { injectTraceHeaders } from '../../tracing/trace-headers.js';
import type { IncomingMessage, RequestOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import { CALLER_CONTEXT_HEADERS } from './caller-context.js';
import { checkTarget, type CheckedTarget, type SsrfOptions } from './ssrf-guard.js';

/**
 * The Node side of HTTP tools: one request through the SSRF guard, with redirects followed by hand
 * (each destination checked again), the connection pinned to the checked address, a time limit
 * over the whole exchange and a cap on the bytes read. Loaded only when an agent has HTTP tools.
 */

/** One HTTP exchange to make. */
export interface HttpCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  maxRedirects: number;
  ssrf: SsrfOptions;
  signal?: AbortSignal | undefined;
  /** Signed caller headers for a request (sent to the first origin only). */
  sign?: ((request: { method: string; url: string; body?: string | undefined }) => Promise<Record<string, string>>) | undefined;
}

/** What came back. */
export interface HttpCallResult {
  status: number;
  statusText: string;
  contentType: string | undefined;
  body: Buffer;
  /** The body was longer than `maxResponseBytes` and was cut there. */
  truncated: boolean;
  /** The URL that answered (after redirects). */
  url: string;
}

/** The request ran out of time. */
export class HttpTimeoutError extends Error {
  constructor(ms: number) {
    super(`The request timed out after ${ms} ms.`);
    this.name = 'HttpTimeoutError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A `lookup` that answers the address the guard checked, whatever name it is asked for: the socket
 * connects there and nowhere else, so a DNS answer that changes after the check is never used.
 */
export function pinnedLookup(target: Pick<CheckedTarget, 'address' | 'family'>): LookupFunction {
  // `as unknown as`: Node's `LookupFunction` is overloaded by `options.all`; this one function answers both forms.
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/** Makes the exchange: guard → pinned request → manual redirects (bounded, each guarded). */
export async function httpCall(call: HttpCall): Promise<HttpCallResult> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new HttpTimeoutError(call.timeoutMs)), call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout.signal]) : timeout.signal;
  try {
    const origin = call.url.origin;
    let url = call.url;
    let method = call.method;
    let body = call.body;
    let baseHeaders = { ...call.headers };
    for (let hop = 0; ; hop++) {
      const target = await abortable(checkTarget(url, call.ssrf), signal);
      const sameOrigin = url.origin === origin;
      // Configured headers (keys) and caller headers go to the first origin only; a body keeps its type.
      const headers: Record<string, string> = sameOrigin ? { ...baseHeaders } : contentTypeOf(baseHeaders, body);
      if (sameOrigin && call.sign) Object.assign(headers, await call.sign({ method, url: url.href, body }));
      if (!sameOrigin) for (const name of CALLER_CONTEXT_HEADERS) delete headers[name];
      injectTraceHeaders(headers);
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      else delete headers['content-length'];
      const response = await send(target, method, headers, body, signal);
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode ?? 0) && location) {
        response.resume();
        if (hop >= call.maxRedirects) throw new Error(`Too many redirects (more than ${call.maxRedirects}).`);
        url = new URL(location, url);
        const status = response.statusCode!;
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          baseHeaders = Object.fromEntries(Object.entries(baseHeaders).filter(([h]) => h.toLowerCase() !== 'content-type'));
        }
        continue;
      }
      const { bytes, truncated } = await readCapped(response, call.maxResponseBytes, signal);
      return {
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        contentType: response.headers['content-type'],
        body: bytes,
        truncated,
        url: url.href,
      };
    }
  } catch (error) {
    if (timeout.signal.aborted && !call.signal?.aborted) throw new HttpTimeoutError(call.timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** One request to the guard-checked `target` (its address pinned), answered with the raw response (remote A2A agents stream it). */
export async function send(target: CheckedTarget, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal): Promise<IncomingMessage> {
  const https = target.url.protocol === 'https:';
  const { request } = https ? await import('node:https') : await import('node:http');
  // TLS keeps the URL's host name for SNI and the certificate check; only the address is pinned.
  const options: RequestOptions = { method, headers, signal, lookup: pinnedLookup(target) };
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(target.url, options, resolve);
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Reads the body up to `max` bytes; past that, the response is destroyed and marked truncated. */
async function readCapped(response: IncomingMessage, max: number, signal: AbortSignal): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const onAbort = () => response.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = max - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        size = max;
        truncated = true;
        response.destroy();
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return { bytes: Buffer.concat(chunks, size), truncated };
}

function contentTypeOf(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  const name = Object.keys(headers).find((h) => h.toLowerCase() === 'content-type');
  return body !== undefined && name ? { [name]: headers[name]! } : {};
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
