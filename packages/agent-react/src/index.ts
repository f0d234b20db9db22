'use client';
// The chat hooks. Beside them: `@x/agent-react/conversations` (the conversation list and its
// client), `/runs` (run records), `/core` (the chat without React), `/files`, `/ag-ui`.
export { useAgentChat } from './use-agent-chat.js';
export type {
  AgentToolCall,
  BeforeSendContext,
  OutgoingMessage,
  OutgoingDataPart,
  SendRefusal,
  SendResult,
  SharedStateInput,
  UseAgentChatOptions,
  UseAgentChatResult,
} from './core/types.js';
export type { AgentChatSnapshot, AgentChatStore, ConnectionState, HistoryStatus, MessageBranches, QueuePausedReason } from './core/chat-store.js';
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
export type { AgentEventHandlers, AgentEventMap, AgentEventSource, StopReason } from './core/events.js';
export { useToolApproval, pendingApprovals, type PendingApproval, type ToolApproval } from './use-tool-approval.js';
export { useSharedState, type SharedState } from './shared-state/use-shared-state.js';
export {
  createSharedStateStore,
  type ApplyUpdatesContext,
  type ApplyUpdatesResult,
  type SharedStateLink,
  type SharedStateOptions,
  type SharedStateSnapshot,
  type SharedStateStore,
  type SharedStateWrite,
} from './core/shared-state/create-shared-state-store.js';
export type { AppStateStore, ControlledSharedState, SharedStateSource } from './core/shared-state/backends.js';
export type { SharedStateValidator, StandardSchemaLike } from './core/shared-state/validators.js';
export { sanitizeHistory } from './core/history.js';
export { AgentChatTransport, type AgentRequestOptions, type Resolvable, type RunCursor } from './core/transport.js';
export type { ConnectionOptions } from './core/endpoints.js';
export { AgentRequestError } from './core/errors.js';
export type { ThrottleSetting } from './core/frame-scheduler.js';
