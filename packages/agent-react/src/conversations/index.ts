export { createConversationsClient, ConversationsError, type ConversationsClient, type ConversationsClientOptions, type ConversationHistoryParams, type ListConversationsParams } from './client.js';
export {
  ConversationsStore,
  type ConversationsFailure,
  type ConversationsSnapshot,
  type ConversationsStatus,
  type ConversationsStoreOptions,
  type PendingDelete,
} from './store.js';
export { useConversations, type Conversations, type UseConversationsOptions } from './use-conversations.js';
export type { ConversationSummary, ConversationPage, ConversationHistory } from '@x/agent-protocol/routes';
