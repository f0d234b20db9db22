'use client';
/**
 * `@x/agent-react/conversations`: the conversation list of a server with a store — `useConversations`
 * (list, search, rename, delete with undo, paging), the framework-free `ConversationsStore`, and
 * `createConversationsClient` (the conversation routes as typed calls).
 */
export { createConversationsClient, type ConversationsClient, type ConversationsClientOptions, type ConversationHistoryParams, type ListConversationsParams } from './client.js';
export {
  ConversationsStore,
  type ConversationsFailure,
  type ConversationsSnapshot,
  type ConversationsStatus,
  type ConversationsStoreOptions,
  type PendingDelete,
} from './store.js';
export { useConversations, type Conversations, type UseConversationsOptions } from './use-conversations.js';
