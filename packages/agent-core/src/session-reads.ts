import type { UITools } from 'ai';
import type { AgentRequestOptions } from './endpoints.js';
import type { ChatSession } from './chat-session.js';
import { isSharedStateStore, type SharedStateLink } from './shared-state/create-shared-state-store.js';
import type { SharedStateInput, UseAgentChatOptions } from './types.js';

// What the chat's actions (send, stop, history, runs) read from a session and its options. Kept
// apart from session.ts, so those modules never import the module that imports them.

/** The shared-state store behind a `sharedState` option, if it is one. */
export function sharedStateLink(input: SharedStateInput | undefined): SharedStateLink | undefined {
  if (isSharedStateStore(input)) return input;
  const store = (input as { store?: unknown } | undefined)?.store;
  return isSharedStateStore(store) ? store : undefined;
}

/** What the transport and the conversation routes read at send time. */
export function requestOptions<TOOLS extends UITools>(options: UseAgentChatOptions<TOOLS>, session: ChatSession<TOOLS>): AgentRequestOptions {
  const link = sharedStateLink(options.sharedState);
  return {
    agentId: options.agentId,
    ...(options.api !== undefined ? { api: options.api } : {}),
    ...(session.conversationId ? { conversationId: session.conversationId } : {}),
    onlyNew: session.historyOwner === 'server',
    sharedState: link ? link.expose() : (options.sharedState as Record<string, unknown> | undefined),
    urlQuery: options.urlQuery,
    pageId: options.pageId,
    headers: options.headers,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.idleTimeoutMs !== undefined ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
  };
}

/** True while a reply is submitted or streaming. */
export function isBusy(chat: { status: string }): boolean {
  return chat.status === 'submitted' || chat.status === 'streaming';
}
