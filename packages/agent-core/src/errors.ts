import { resolveHeaders, type ConnectionOptions } from './endpoints.js';

/** `error` as an `Error` (a thrown string or object becomes the message of one). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The error a dropped connection gives: the same test as the `ai` package's chat (`isDisconnect`). */
export function isDisconnectError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const message = error.message.toLowerCase();
  return message.includes('fetch') || message.includes('network') || message === 'load failed';
}

/**
 * A request to an agent server's routes failed — the one error class of the kit's client requests
 * (conversation routes, run records, uploads). `status` is the HTTP status, 0 when no answer arrived;
 * `code` is the server's error code (`conversation_not_found`, `payload_too_large`, … see
 * `AgentErrorCode`), `http_<status>` for an answer without one, or `network_error`, `aborted` or
 * `bad_response` (an answer of the wrong shape) on the client's side.
 */
export class AgentRequestError extends Error {
  override readonly name = 'AgentRequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The failure a route's answer (not 2xx) stands for: its error body's code and message when it has one. */
async function requestErrorOf(response: Response, method: string, url: string): Promise<AgentRequestError> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${response.status}`;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `${method} ${url} answered ${response.status}`;
  return new AgentRequestError(message, response.status, code);
}

/**
 * Sends one request to an agent route with the connection's headers, credentials and fetch (`json`:
 * a JSON body). Resolves the response when it is 2xx; rejects with an {@link AgentRequestError}
 * otherwise, and with `network_error` when no answer arrived (an aborted request rejects with the
 * abort's own error).
 */
export async function requestRoute(connection: ConnectionOptions, url: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = resolveHeaders(connection.headers);
  new Headers(rest.headers).forEach((value, key) => headers.set(key, value));
  if (json !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await (connection.fetch ?? globalThis.fetch)(url, {
      ...rest,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      ...(connection.credentials ? { credentials: connection.credentials } : {}),
    });
  } catch (error) {
    if (rest.signal?.aborted) throw error;
    throw new AgentRequestError(error instanceof Error ? error.message : String(error), 0, 'network_error');
  }
  if (response.ok) return response;
  throw await requestErrorOf(response, rest.method ?? 'GET', url);
}
