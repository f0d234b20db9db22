import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { AgentServer } from '../config/types.js';
import { errorResponse } from '../http/error-response.js';

type NodeRequest = IncomingMessage & { originalUrl?: string; body?: unknown };
type Next = (error?: unknown) => void;

/**
 * Serves an agent server over node:http, Express 5 (`app.use(toNodeHandler(server))` or mounted at a
 * path) and Next's pages router. A client that disconnects aborts the turn (the model call stops and
 * onFinish sees `isAborted`). The response body is written with backpressure, so a slow reader never
 * makes the server buffer the whole reply.
 */
export function toNodeHandler(server: AgentServer) {
  return function agentNodeHandler(req: NodeRequest, res: ServerResponse, next?: Next): void {
    handle(server, req, res).catch((error: unknown) => {
      if (next) return next(error);
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

export function toWebRequest(req: NodeRequest, signal: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const url = new URL(req.originalUrl ?? req.url ?? '/', `${protocol}://${host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const method = req.method ?? 'GET';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    if (req.body !== undefined && req.readableEnded) {
      // A body parser (express.json(), Next pages) already read the stream: send what it parsed.
      init.body =
        typeof req.body === 'string'
          ? req.body
          : req.body instanceof Uint8Array
            ? new TextDecoder().decode(req.body)
            : JSON.stringify(req.body);
      headers.delete('content-length');
    } else {
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

export async function writeResponse(response: Response, res: ServerResponse, signal?: AbortSignal): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, key) => res.appendHeader(key, value));
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
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
