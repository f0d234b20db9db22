import { DEFAULT_BASE_PATH } from '@x/agent-protocol';

/** A value, or a function that returns it (read at send time). */
export type Resolvable<T> = T | (() => T);

/**
 * How the client reaches an agent server: the one connection shape of the chat, the conversation
 * list, run records and uploads. Every field is read when a request is sent.
 */
export interface ConnectionOptions {
  /** Where the agent routes are mounted: a path (`/api/agent`, the default) or a full URL. */
  api?: string | URL;
  /** Extra request headers (e.g. auth): an object, or a function read at each request. */
  headers?: Resolvable<Record<string, string> | Headers | undefined>;
  /** `credentials` of the requests (e.g. `include` for cookies across origins). */
  credentials?: RequestCredentials;
  /** The fetch the requests go through (tests, proxies, auth wrappers). */
  fetch?: typeof globalThis.fetch;
}

/** The request headers of a connection now (its function called, if it is one). */
export function resolveHeaders(headers: ConnectionOptions['headers']): Headers {
  return new Headers(typeof headers === 'function' ? headers() : headers);
}

/** What the transport reads at the moment a request is sent. */
export interface AgentRequestOptions extends ConnectionOptions {
  agentId: string;
  conversationId?: string;
  /** The server owns the history: send only the last message (what is new), not the transcript. */
  onlyNew?: boolean;
  /** The exposed page state; sent only when it is a non-empty plain object. */
  sharedState?: Record<string, unknown> | undefined;
  urlQuery?: Record<string, string | string[]> | undefined;
  pageId?: string | undefined;
  /** Silence (ms) after which a reply stream counts as dropped; 0: never (`UseAgentChatOptions.idleTimeoutMs`). */
  idleTimeoutMs?: number;
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
