import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AgentServer } from '../config/types.js';
import { errorResponse } from '../http/error-response.js';
import type { NodeHandler, NodeRequest } from './node-types.js';

export { agentErrorHandler, type NodeErrorHandler } from './node-error-handler.js';

export type { NodeHandler, NodeNext, NodeRequest } from './node-types.js';

/**
 * Serves an agent server over node:http (`createServer(toNodeHandler(server))`), Express 5
 * (`app.use(toNodeHandler(server))`, also mounted at a path — routing uses `req.originalUrl`, so
 * `basePath` stays the full path) and Next's pages router.
 *
 * - A body already parsed by `express.json()` / `express.text()` / `express.raw()` or Next's body
 *   parser is used as it is (and checked like a raw one; parsed text goes on as UTF-8, so its
 *   `charset` becomes utf-8 while the media type stays); otherwise the request stream is read
 *   with the kit's body size limit. A parser's own failures (bad JSON, its size limit) happen before
 *   this handler runs: add `agentErrorHandler()` after it to answer them as the kit's JSON errors.
 * - A client that disconnects aborts the turn (the model call stops, onFinish sees `isAborted`).
 * - The reply is written with backpressure: the model stream is read only as fast as the socket
 *   drains, so a slow reader never makes the server buffer the whole reply.
 * - Only POST is served; other methods (HEAD and OPTIONS too) answer 405 JSON with `allow: POST`.
 *   CORS, preflight included, is the host's job (e.g. the `cors` middleware before this handler).
 * - An unexpected failure goes to `next(error)` under Express; without `next` it is answered with
 *   a 500 JSON error (no stack).
 */
export function toNodeHandler(server: AgentServer): NodeHandler {
  return function agentNodeHandler(req, res, next) {
    handle(server, req, res).catch((error: unknown) => {
      if (next && !res.headersSent) return next(error);
      if (!res.headersSent) void writeResponse(errorResponse('internal_error', 'The server failed to handle the request.'), res);
      else res.destroy();
    });
  };
}

async function handle(server: AgentServer, req: NodeRequest, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  // `close` on the response fires when the client goes away (or after we finished writing).
  res.on('close', () => {
    if (!res.writableFinished) controller.abort(new DOMException('The client disconnected.', 'AbortError'));
  });
  const response = await server.fetch(toWebRequest(req, controller.signal));
  await writeResponse(response, res, controller.signal);
}

/**
 * The Web `Request` of a node request. Never throws on odd input: a malformed `Host` falls back to
 * `localhost`, header values the Fetch API refuses are dropped, HTTP/2 pseudo-headers skipped.
 */
export function toWebRequest(req: NodeRequest, signal: AbortSignal): Request {
  const url = requestUrl(req);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key.startsWith(':')) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      try {
        headers.append(key, v);
      } catch {
        // a header the Fetch API cannot carry; the route never needs it
      }
    }
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    const parsed = parsedBody(req);
    if (parsed !== undefined) {
      init.body = parsed;
      // A parser decoded text from the request's charset; what is sent on is UTF-8. The media type
      // stays as it was (a form is still refused as one).
      if (typeof parsed === 'string') headers.set('content-type', withUtf8Charset(headers.get('content-type')));
      headers.delete('content-length');
      headers.delete('content-encoding'); // a body parser already inflated it
      headers.delete('transfer-encoding');
    } else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

/** What a body parser (express.json/text/raw, Next pages) left in `req.body`, as request bytes or text. */
function parsedBody(req: NodeRequest): string | Uint8Array<ArrayBuffer> | undefined {
  if (req.body === undefined) return undefined;
  // Express 5 leaves `req.body` undefined when no parser ran; a parser consumed the stream.
  if (!req.readableEnded && !req.complete && req.readable) return undefined;
  if (typeof req.body === 'string') return req.body;
  if (req.body instanceof Uint8Array) return new Uint8Array(req.body); // raw bytes: UTF-8 is checked downstream
  try {
    return JSON.stringify(req.body) ?? '';
  } catch {
    return ''; // circular or BigInt: not something a JSON parser produced; answered as an empty body
  }
}

/** `content-type` with its charset parameter (if any) replaced by `utf-8`. */
function withUtf8Charset(contentType: string | null): string {
  if (!contentType) return 'application/json; charset=utf-8';
  const [type, ...params] = contentType.split(';');
  const kept = params.map((p) => p.trim()).filter((p) => p && !/^charset\s*=/i.test(p));
  return [type!.trim(), ...kept, 'charset=utf-8'].join('; ');
}

function requestUrl(req: NodeRequest): URL {
  const protocol = (req.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http';
  let origin = `${protocol}://localhost`;
  const host = req.headers.host;
  if (host) {
    try {
      const parsed = new URL(`${protocol}://${host}`);
      if (parsed.pathname === '/' && !parsed.search && !parsed.username) origin = parsed.origin;
    } catch {
      // malformed Host: keep localhost
    }
  }
  let target = req.originalUrl ?? req.url ?? '/';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    // absolute-form request target (sent to proxies): keep its path and query
    try {
      const absolute = new URL(target);
      target = absolute.pathname + absolute.search;
    } catch {
      target = '/';
    }
  }
  if (!target.startsWith('/')) target = `/${target}`;
  try {
    return new URL(origin + target);
  } catch {
    return new URL(`${origin}/`);
  }
}

/**
 * Writes a Web `Response` to a node response: status, headers, then the body chunk by chunk,
 * waiting for `drain` whenever the socket is full. Stops (and cancels the body) when `signal`
 * aborts or the socket closes; a failing body destroys the socket so the client sees the cut.
 */
export async function writeResponse(response: Response, res: ServerResponse, signal?: AbortSignal): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, key) => res.appendHeader(key, value));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel(signal?.reason).catch(() => {});
  if (signal?.aborted || res.destroyed) {
    cancel();
    return;
  }
  res.flushHeaders();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        cancel();
        break;
      }
      if (!res.write(value)) await drained(res);
    }
    if (!res.destroyed) res.end();
  } catch {
    res.destroy();
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
