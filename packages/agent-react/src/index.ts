'use client';
// The chat hooks, over `@x/agent-core` (the chat without React; the types, stores and transport
// re-exported below are its own). Beside them: `@x/agent-react/conversations` (the conversation
// list), `/runs` (run records), `/resume`, `/live`, `/files`, `/ag-ui`.
export { useAgentChat } from './use-agent-chat.js';
export {
  useAgentBusy,
  useAgentChatSelector,
  useAgentError,
  useAgentMessage,
  useAgentMessageIds,
  useAgentMessages,
  useAgentStatus,
} from './selectors.js';
export { useAgentEvents } from './use-agent-events.js';
export { useToolApproval, pendingApprovals, type PendingApproval, type ToolApproval } from './use-tool-approval.js';
export { useSharedState, type SharedState } from './shared-state/use-shared-state.js';

// From @x/agent-core, for apps that use the hooks only.
export {
  AgentChatTransport,
  AgentRequestError,
  ChatApiError,
  ChunkParseError,
  createSharedStateStore,
  sanitizeHistory,
  type AgentChatSnapshot,
  type AgentChatStore,
  type AgentEventHandlers,
  type AgentEventMap,
  type AgentEventSource,
  type AgentRequestOptions,
  type AgentToolCall,
  type ApplyUpdatesContext,
  type ApplyUpdatesResult,
  type AppStateStore,
  type BeforeSendContext,
  type ConnectionOptions,
  type ConnectionState,
  type ControlledSharedState,
  type HistoryStatus,
  type MessageBranches,
  type OutgoingDataPart,
  type OutgoingMessage,
  type QueuePausedReason,
  type Resolvable,
  type RunCursor,
  type SendRefusal,
  type SendResult,
  type SharedStateInput,
  type SharedStateLink,
  type SharedStateOptions,
  type SharedStateSnapshot,
  type SharedStateSource,
  type SharedStateStore,
  type SharedStateValidator,
  type SharedStateWrite,
  type StandardSchemaLike,
  type StopReason,
  type ThrottleSetting,
  type UseAgentChatOptions,
  type UseAgentChatResult,
} from '@x/agent-core';
