export { memoryStore } from './memory-store.js';
export {
  StoreConflictError,
  StoreUnavailableError,
  type BeginTurnInput,
  type ConversationRecord,
  type ConversationStore,
  type FinishTurnInput,
  type ListConversationsQuery,
  type ListMessagesQuery,
  type MessageInput,
  type MessageRecord,
  type PathMessageRecord,
  type RunRecord,
  type RunStatus,
  type RunTimeline,
  type SubRunInput,
} from './types.js';
