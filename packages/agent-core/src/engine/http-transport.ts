import type { ChatTransport, HttpChatTransportInitOptions, UIMessage, UIMessageChunk } from 'ai';
import { ChatApiError } from './chat-errors.js';


/** A value, or a function returning it (or a promise of it): the `ai` package's `Resolvable`. */
async function resolve<T>(value: T | (() => T | PromiseLike<T>) | PromiseLike<T>): Promise<T> {
  return typeof value === 'function' ? (value as () => T | PromiseLike<T>)() : value;
}

/** Headers of any form as a plain record with lower-case names; entries without a value are dropped. */
export function normalizeHeaders(headers: HeadersInit | Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers == null) return out;
  if (headers instanceof Headers) {
    headers.forEach((value, key) => (out[key.toLowerCase()] = value));
    return out;
  }
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [key, value] of entries) if (value != null) out[key.toLowerCase()] = value;
  return out;
}

/** `url` with `path` appended to its path (before a query or fragment), one slash between them. */
function appendPath(url: string, path: string): string {
  const end = url.search(/[?#]/);
  const base = end === -1 ? url : url.slice(0, end);
  const rest = end === -1 ? '' : url.slice(end);
  return `${base.endsWith('/') && path.startsWith('/') ? base.slice(0, -1) : base}${path}${rest}`;
}

/** The error of a response that is not 2xx: its body is the message (as the `ai` package's chat gives it). */
async function failedResponse(response: Response, url: string): Promise<ChatApiError> {
  const responseBody = await response.text();
  return new ChatApiError({ message: responseBody || 'Failed to fetch the chat response.', url, statusCode: response.status, responseBody });
}

/**
 * A chat transport over HTTP with the options of the `ai` package's `HttpChatTransport` (`api`,
 * `headers`, `body`, `credentials`, `fetch`, `prepareSendMessagesRequest`,
 * `prepareReconnectToStreamRequest`) and the same requests: a POST of the messages to `api`, a GET of
 * `{api}/{chatId}/stream` to reconnect (204: nothing to resume). Subclasses decode the response body.
 */
export abstract class HttpTransport<MESSAGE extends UIMessage> implements ChatTransport<MESSAGE> {
  /** Where messages are POSTed (default `/api/chat`). */
  protected readonly api: string;
  /** The options it was made with. */
  protected readonly options: HttpChatTransportInitOptions<MESSAGE>;
  /** Whether a resumed stream starts over from the reply's beginning (the chat then drops what it holds). */
  resumeStreamIsReplay = true;

  constructor(options: HttpChatTransportInitOptions<MESSAGE> = {}) {
    this.options = options;
    this.api = options.api ?? '/api/chat';
  }

  /** The response body as UI message chunks. */
  protected abstract processResponseStream(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk>;

  async #base(extraHeaders: HeadersInit | Record<string, string> | undefined, extraBody: object | undefined) {
    const { body, headers, credentials } = this.options;
    const resolvedBody = (await resolve(body)) ?? {};
    return {
      body: { ...resolvedBody, ...extraBody },
      headers: { ...normalizeHeaders(await resolve(headers)), ...normalizeHeaders(extraHeaders) },
      credentials: await resolve(credentials),
    };
  }

  /** POSTs the messages (through `prepareSendMessagesRequest` when given); the answer's stream, decoded. */
  async sendMessages({ abortSignal, ...options }: Parameters<ChatTransport<MESSAGE>['sendMessages']>[0]): Promise<ReadableStream<UIMessageChunk>> {
    const base = await this.#base(options.headers, options.body);
    const prepared = await this.options.prepareSendMessagesRequest?.({
      api: this.api,
      id: options.chatId,
      messages: options.messages,
      body: base.body,
      headers: base.headers,
      credentials: base.credentials,
      requestMetadata: options.metadata,
      trigger: options.trigger,
      messageId: options.messageId,
    });
    const api = prepared?.api ?? this.api;
    const headers = prepared?.headers !== undefined ? normalizeHeaders(prepared.headers) : base.headers;
    const body = prepared?.body !== undefined
      ? prepared.body
      : { ...base.body, id: options.chatId, messages: options.messages, trigger: options.trigger, messageId: options.messageId };
    const response = await (this.options.fetch ?? globalThis.fetch)(api, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      credentials: prepared?.credentials ?? base.credentials,
      signal: abortSignal ?? null,
    });
    if (!response.ok) throw await failedResponse(response, api);
    if (!response.body) throw new ChatApiError({ message: 'The response body is empty.', url: api, statusCode: response.status });
    return this.processResponseStream(response.body);
  }

  /** GETs the stream of the reply in progress; null when the server has none (204). */
  async reconnectToStream(options: Parameters<ChatTransport<MESSAGE>['reconnectToStream']>[0]): Promise<ReadableStream<UIMessageChunk> | null> {
    const base = await this.#base(options.headers, options.body);
    const prepared = await this.options.prepareReconnectToStreamRequest?.({
      api: this.api,
      id: options.chatId,
      body: base.body,
      headers: base.headers,
      credentials: base.credentials,
      requestMetadata: options.metadata,
    });
    let api = prepared?.api;
    if (api == null) {
      if (options.chatId === '.' || options.chatId === '..') throw new TypeError('Chat IDs must not be "." or ".." when using the default reconnect URL.');
      api = appendPath(this.api, `/${encodeURIComponent(options.chatId)}/stream`);
    }
    const response = await (this.options.fetch ?? globalThis.fetch)(api, {
      method: 'GET',
      headers: prepared?.headers !== undefined ? normalizeHeaders(prepared.headers) : base.headers,
      credentials: prepared?.credentials ?? base.credentials,
      signal: options.abortSignal ?? null,
    });
    if (response.status === 204) return null;
    if (!response.ok) throw await failedResponse(response, api);
    if (!response.body) throw new ChatApiError({ message: 'The response body is empty.', url: api, statusCode: response.status });
    return this.processResponseStream(response.body);
  }
}
