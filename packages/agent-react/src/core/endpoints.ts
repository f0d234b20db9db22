import { DEFAULT_BASE_PATH } from '@x/agent-protocol';

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
