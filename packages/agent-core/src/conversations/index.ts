/**
 * `@x/agent-core/conversations`: the conversation list of a server with a store, without React —
 * `ConversationsStore` (list, search, rename, delete with undo, paging) and
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
