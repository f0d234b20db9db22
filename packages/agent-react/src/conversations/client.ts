import { conversationPaths, type ConversationHistory, type ConversationPage, type ConversationSummary, type FeedbackBody } from '@x/agent-protocol/routes';
import { DEFAULT_BASE_PATH } from '@x/agent-protocol';
import type { UIMessage } from 'ai';
import { deleteStoredMessage, fetchHistory, putFeedback, type RouteAnswer } from '../core/conversation-requests.js';

/** Where the conversation routes are and how to reach them (the same options as `useAgentChat`). */
export interface ConversationsClientOptions {
  /** The agent server's base path (default `/api/agent`); the routes live under `{api}/conversations`. */
  api?: string;
  /** Extra request headers (e.g. auth), read at each request. */
  headers?: Record<string, string> | Headers | (() => Record<string, string> | Headers | undefined);
  credentials?: RequestCredentials;
  fetch?: typeof globalThis.fetch;
}

/** A conversation route refused or could not be reached. `code` is the protocol's error code. */
export class ConversationsError extends Error {
  override readonly name = 'ConversationsError';
  /** HTTP status, 0 when the request did not reach the server. */
  readonly status: number;
  /** The server's error code (`conversation_not_found`, `invalid_title`, …) or `network_error`. */
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface ListConversationsParams {
  cursor?: string | null;
  limit?: number;
  /** Title search (case-insensitive). */
  q?: string;
  agentId?: string;
}

export interface ConversationHistoryParams {
  /** The `prevCursor` of a loaded page: loads the page before it. */
  before?: string | null;
}

/** Fetch wrappers over the conversation routes of `@x/agent-protocol` (no React). */
export interface ConversationsClient {
  list(params?: ListConversationsParams, init?: { signal?: AbortSignal }): Promise<ConversationPage>;
  history<MESSAGE extends UIMessage = UIMessage>(id: string, params?: ConversationHistoryParams): Promise<ConversationHistory<MESSAGE>>;
  rename(id: string, title: string): Promise<ConversationSummary>;
  /** Deletes the conversation. `keepalive` lets the request outlive the page (undo windows flushed on `pagehide`). */
  remove(id: string, init?: { keepalive?: boolean }): Promise<void>;
  deleteMessage(id: string, messageId: string): Promise<void>;
  setFeedback(id: string, messageId: string, body: FeedbackBody): Promise<void>;
}

function query(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The value of a route answer of the chat core's requests, or its failure as a {@link ConversationsError}. */
function unwrap<T>(answer: RouteAnswer<T>): T {
  if (answer.ok) return answer.value;
  throw new ConversationsError(answer.error.message, answer.status, answer.code ?? (answer.status === 0 ? 'network_error' : `http_${answer.status}`));
}

/** Creates a {@link ConversationsClient}. Every failure rejects with a {@link ConversationsError}. */
export function createConversationsClient(options: ConversationsClientOptions = {}): ConversationsClient {
  const base = (options.api ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');

  async function request(url: string, init: RequestInit & { json?: unknown }): Promise<Response> {
    const source = typeof options.headers === 'function' ? options.headers() : options.headers;
    const headers = new Headers(source);
    const { json, ...rest } = init;
    if (json !== undefined) headers.set('content-type', 'application/json');
    let response: Response;
    try {
      response = await (options.fetch ?? globalThis.fetch)(url, {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
      });
    } catch (error) {
      if (rest.signal?.aborted) throw error;
      throw new ConversationsError(error instanceof Error ? error.message : String(error), 0, 'network_error');
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
    const code = typeof body?.error?.code === 'string' ? body.error.code : `http_${response.status}`;
    const message = typeof body?.error?.message === 'string' ? body.error.message : `${rest.method ?? 'GET'} ${url} answered ${response.status}`;
    throw new ConversationsError(message, response.status, code);
  }

  return {
    async list(params = {}, init = {}) {
      const url = conversationPaths.list(base) + query({ cursor: params.cursor, limit: params.limit, q: params.q?.trim(), agentId: params.agentId });
      return (await (await request(url, { method: 'GET', ...(init.signal ? { signal: init.signal } : {}) })).json()) as ConversationPage;
    },
    // History, message deletion and feedback are the chat core's requests (useAgentChat uses them too).
    async history<MESSAGE extends UIMessage = UIMessage>(id: string, params: ConversationHistoryParams = {}) {
      return unwrap(await fetchHistory<MESSAGE>(options, id, params.before ?? undefined));
    },
    async rename(id, title) {
      const response = await request(conversationPaths.one(base, id), { method: 'PATCH', json: { title } });
      return ((await response.json()) as { conversation: ConversationSummary }).conversation;
    },
    async remove(id, init = {}) {
      await request(conversationPaths.one(base, id), { method: 'DELETE', ...(init.keepalive ? { keepalive: true } : {}) });
    },
    async deleteMessage(id, messageId) {
      unwrap(await deleteStoredMessage(options, id, messageId));
    },
    async setFeedback(id, messageId, body) {
      unwrap(await putFeedback(options, id, messageId, body));
    },
  };
}
