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

type SendOptions<MESSAGE extends UIMessage> = Parameters<ChatTransport<MESSAGE>['sendMessages']>[0];
type ReconnectOptions<MESSAGE extends UIMessage> = Parameters<ChatTransport<MESSAGE>['reconnectToStream']>[0];
/** The response body as UI message chunks (the transport's decoder). */
export type DecodeBody = (body: ReadableStream<Uint8Array>) => ReadableStream<UIMessageChunk>;

// The requests of the `ai` package's `HttpChatTransport`, with its options (`api`, `headers`, `body`,
// `credentials`, `fetch`, `prepareSendMessagesRequest`, `prepareReconnectToStreamRequest`): a POST of
// the messages to `api`, a GET of `{api}/{chatId}/stream` to reconnect (204: nothing to resume).

/** The options' headers, body and credentials, resolved, with the call's own headers and body merged in. */
async function baseRequest<MESSAGE extends UIMessage>(init: HttpChatTransportInitOptions<MESSAGE>, extraHeaders: HeadersInit | Record<string, string> | undefined, extraBody: object | undefined) {
  const resolvedBody = (await resolve(init.body)) ?? {};
  return {
    body: { ...resolvedBody, ...extraBody },
    headers: { ...normalizeHeaders(await resolve(init.headers)), ...normalizeHeaders(extraHeaders) },
    credentials: await resolve(init.credentials),
  };
}

/** A 2xx answer's body, decoded; a refusal or an empty body as a {@link ChatApiError}. */
async function decodedBody(response: Response, url: string, decode: DecodeBody): Promise<ReadableStream<UIMessageChunk>> {
  if (!response.ok) throw await failedResponse(response, url);
  if (!response.body) throw new ChatApiError({ message: 'The response body is empty.', url, statusCode: response.status });
  return decode(response.body);
}

/** POSTs the messages (through `prepareSendMessagesRequest` when given); the answer's body, decoded. */
export async function sendOverHttp<MESSAGE extends UIMessage>(
  init: HttpChatTransportInitOptions<MESSAGE>,
  { abortSignal, ...options }: SendOptions<MESSAGE>,
  decode: DecodeBody,
): Promise<ReadableStream<UIMessageChunk>> {
  const api = init.api ?? '/api/chat';
  const base = await baseRequest(init, options.headers, options.body);
  const prepared = await init.prepareSendMessagesRequest?.({
    api,
    id: options.chatId,
    messages: options.messages,
    body: base.body,
    headers: base.headers,
    credentials: base.credentials,
    requestMetadata: options.metadata,
    trigger: options.trigger,
    messageId: options.messageId,
  });
  const url = prepared?.api ?? api;
  const headers = prepared?.headers !== undefined ? normalizeHeaders(prepared.headers) : base.headers;
  const body = prepared?.body !== undefined
    ? prepared.body
    : { ...base.body, id: options.chatId, messages: options.messages, trigger: options.trigger, messageId: options.messageId };
  const response = await (init.fetch ?? globalThis.fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    credentials: prepared?.credentials ?? base.credentials,
    signal: abortSignal ?? null,
  });
  return decodedBody(response, url, decode);
}

/** GETs the stream of the reply in progress (through `prepareReconnectToStreamRequest`); null when the server has none (204). */
export async function reconnectOverHttp<MESSAGE extends UIMessage>(
  init: HttpChatTransportInitOptions<MESSAGE>,
  options: ReconnectOptions<MESSAGE>,
  decode: DecodeBody,
): Promise<ReadableStream<UIMessageChunk> | null> {
  const api = init.api ?? '/api/chat';
  const base = await baseRequest(init, options.headers, options.body);
  const prepared = await init.prepareReconnectToStreamRequest?.({
    api,
    id: options.chatId,
    body: base.body,
    headers: base.headers,
    credentials: base.credentials,
    requestMetadata: options.metadata,
  });
  let url = prepared?.api;
  if (url == null) {
    if (options.chatId === '.' || options.chatId === '..') throw new TypeError('Chat IDs must not be "." or ".." when using the default reconnect URL.');
    url = appendPath(api, `/${encodeURIComponent(options.chatId)}/stream`);
  }
  const response = await (init.fetch ?? globalThis.fetch)(url, {
    method: 'GET',
    headers: prepared?.headers !== undefined ? normalizeHeaders(prepared.headers) : base.headers,
    credentials: prepared?.credentials ?? base.credentials,
    signal: options.abortSignal ?? null,
  });
  if (response.status === 204) return null;
  return decodedBody(response, url, decode);
}
