/**
 * A chat request the server answered with an error (not 2xx), or without a body. `message` is the
 * answer's body (the kit's server sends `{ "error": { "code", "message" } }`), `responseBody` the same
 * text, `statusCode` the HTTP status. The fields of the `ai` package's `APICallError`, which the chat
 * used to hold, keep their names.
 */
export class ChatApiError extends Error {
  override readonly name = 'ChatApiError';
  /** The request's URL. */
  readonly url: string;
  /** The answer's HTTP status. */
  readonly statusCode: number;
  /** The answer's body, as text. */
  readonly responseBody: string | undefined;

  constructor({ message, url, statusCode, responseBody }: { message: string; url: string; statusCode: number; responseBody?: string }) {
    super(message);
    this.url = url;
    this.statusCode = statusCode;
    this.responseBody = responseBody;
  }

  /** True for an answer a retry may change (timeouts, rate limits, server errors). */
  get isRetryable(): boolean {
    return this.statusCode === 408 || this.statusCode === 409 || this.statusCode === 429 || this.statusCode >= 500;
  }
}

/**
 * A streamed event the chat cannot take: not JSON (`kind: 'json'`, or JSON that could poison an
 * object's prototype) or not a UI message chunk (`kind: 'chunk'`). `text` is the event's data.
 */
export class ChunkParseError extends Error {
  override readonly name = 'ChunkParseError';

  constructor(
    readonly kind: 'json' | 'chunk',
    readonly text: string,
    options?: { cause?: unknown; reason?: string },
  ) {
    super(
      kind === 'json'
        ? `Invalid JSON in the stream: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`
        : `Invalid chunk in the stream${options?.reason ? ` (${options.reason})` : ''}: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
  }
}
