import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { DEFAULT_BASE_PATH, type AgentRequestBody } from '@x/agent-protocol';
import { parseUIMessageChunkStream } from './ui-chunk-stream.js';

/** A value, or a function that returns it (read at send time). */
export type Resolvable<T> = T | (() => T);

/** What the transport reads at the moment a request is sent. */
export interface AgentRequestOptions {
  agentId: string;
  /** A path (`/api/agent`) or a full URL; default `/api/agent`. */
  api?: string | URL;
  conversationId?: string;
  /** The server owns the history: send only the last message (what is new), not the transcript. */
  onlyNew?: boolean;
  /** The exposed page state; sent only when it is a non-empty plain object. */
  sharedState?: Record<string, unknown> | undefined;
  urlQuery?: Record<string, string | string[]> | undefined;
  pageId?: string | undefined;
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/** The route's base: `api` (a path or a full URL) without trailing slashes; default `/api/agent`. */
export function apiBase(api: string | URL | undefined): string {
  return String(api ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
}

/** `{api}/{agentId}` with the agent id URL-encoded and trailing slashes of `api` removed. */
export function agentEndpoint(api: string | URL | undefined, agentId: string): string {
  return `${apiBase(api)}/${encodeURIComponent(agentId)}`;
}

/** True for a plain object with at least one own key: only then is sharedState sent. */
export function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

/**
 * `DefaultChatTransport` with the kit's response decoding: one parse/validate/coalesce pass per
 * network read instead of one per SSE event, so a burst of thousands of deltas reaches the chat as
 * a few chunks (see `parseUIMessageChunkStream`). Requests, errors and resumption are unchanged.
 */
export class AgentChatTransport<MESSAGE extends UIMessage> extends DefaultChatTransport<MESSAGE> {
  protected override processResponseStream(stream: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
    return parseUIMessageChunkStream(stream);
  }
}

/**
 * The chat transport of the kit: POSTs `{api}/{agentId}` with the protocol's request body. Every
 * option is read through `read()` when a request is sent, so one transport serves the chat for its
 * whole life (no new transport per render) and always sends the latest sharedState/urlQuery/pageId.
 * `onRequest` sees the body that is about to be sent (the shared-state allowlist is taken from it).
 */
export function createAgentTransport<MESSAGE extends UIMessage>(
  read: () => AgentRequestOptions,
  onRequest?: (body: AgentRequestBody) => void,
): AgentChatTransport<MESSAGE> {
  return new AgentChatTransport<MESSAGE>({
    fetch: (input, init) => (read().fetch ?? globalThis.fetch)(input, init),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body, headers }) => {
      const options = read();
      const extraHeaders = typeof options.headers === 'function' ? options.headers() : options.headers;
      const requestBody = {
        ...body,
        id,
        messages: options.onlyNew ? messages.slice(-1) : messages,
        trigger,
        ...(messageId ? { messageId } : {}),
        ...(options.conversationId ? { conversationId: options.conversationId } : {}),
        ...(isNonEmptyObject(options.sharedState) ? { sharedState: options.sharedState } : {}),
        ...(isNonEmptyObject(options.urlQuery) ? { urlQuery: options.urlQuery } : {}),
        ...(options.pageId ? { pageId: options.pageId } : {}),
      } as AgentRequestBody;
      onRequest?.(requestBody);
      return {
        api: agentEndpoint(options.api, options.agentId),
        body: requestBody,
        headers: mergeHeaders(extraHeaders, headers),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      };
    },
  });
}

function mergeHeaders(...sources: (HeadersInit | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of sources) {
    if (!source) continue;
    new Headers(source).forEach((value, key) => {
      out[key] = value;
    });
  }
  return out;
}
