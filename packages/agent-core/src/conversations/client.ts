import { conversationPaths, type ConversationHistory, type ConversationPage, type ConversationSummary, type FeedbackBody } from '@x/agent-protocol/routes';
import type { UIMessage } from 'ai';
import { deleteStoredMessage, fetchHistory, putFeedback, type RouteAnswer } from '../conversation-requests.js';
import { apiBase, type ConnectionOptions } from '../endpoints.js';
import { AgentRequestError, requestRoute } from '../errors.js';

/** How the conversation list reaches the server: the same connection as `useAgentChat` (routes under `{api}/conversations`). */
export type ConversationsClientOptions = ConnectionOptions;

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

/** The value of a route answer of the chat core's requests, or its failure as an {@link AgentRequestError}. */
function unwrap<T>(answer: RouteAnswer<T>): T {
  if (answer.ok) return answer.value;
  throw answer.error instanceof AgentRequestError ? answer.error : new AgentRequestError(answer.error.message, answer.status, answer.code);
}

/** Creates a {@link ConversationsClient}. Every failure rejects with an {@link AgentRequestError}. */
export function createConversationsClient(options: ConversationsClientOptions = {}): ConversationsClient {
  const base = apiBase(options.api);

  const request = (url: string, init: RequestInit & { json?: unknown }): Promise<Response> => requestRoute(options, url, init);

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
