'use client';
/**
 * `@x/agent-react/conversations`: the conversation list of a server with a store — `useConversations`
 * (list, search, rename, delete with undo, paging), over `ConversationsStore` and
 * `createConversationsClient` from `@x/agent-core/conversations` (re-exported here).
 */
export {
  createConversationsClient,
  ConversationsStore,
  type ConversationsClient,
  type ConversationsClientOptions,
  type ConversationHistoryParams,
  type ListConversationsParams,
  type ConversationsFailure,
  type ConversationsSnapshot,
  type ConversationsStatus,
  type ConversationsStoreOptions,
  type PendingDelete,
} from '@x/agent-core/conversations';
export { useConversations, type Conversations, type UseConversationsOptions } from './use-conversations.js';
