/**
 * `@x/agent-core`: the framework-free chat client (no React). `createAgentChat` is the chat for any
 * framework or none; `@x/agent-react`'s hooks and `@x/agent-ui` are built on the same exports. See
 * the package README.
 */
// The chat client and what it holds.
export { createAgentChat, type AgentChatClient } from './create-agent-chat.js';
export { AgentChatController } from './controller.js';
export { AgentCoreChat, type AgentCoreChatInit } from './chat.js';
// The chat's state machine (the `ai` package's `AbstractChat` behaviour, none of its runtime) over any state.
export { ChatEngine, type ChatEngineInit } from './engine/chat-engine.js';
// The parts a binding reads (the types of the controller's and the session's members; their
// classes are not separate exports).
export type { ChatSession, HistoryOwner, Reconnect } from './chat-session.js';
export type { ChatStore, HistoryInfo } from './chat-store.js';
export type { ChatStateChange } from './chat-state.js';
export type { EventHub, EventTracker } from './events.js';
export type { TrackedSlices } from './handle.js';
export type { AgentChatSnapshot, AgentChatStore, ConnectionState, HistoryStatus, MessageBranches, QueuePausedReason } from './chat-store.js';
export type {
  AgentToolCall,
  BeforeSendContext,
  OutgoingDataPart,
  OutgoingMessage,
  SendRefusal,
  SendResult,
  SharedStateInput,
  UseAgentChatOptions,
  UseAgentChatResult,
} from './types.js';
export type { AgentEventHandlers, AgentEventMap, AgentEventSource, StopReason } from './events.js';
export { SnapshotStore } from './snapshot-store.js';
export { pendingApprovals, type PendingApproval } from './approvals.js';
export { sanitizeHistory } from './history.js';
export type { ThrottleSetting } from './frame-scheduler.js';
export { whenIdle } from './when-idle.js';
export { UndoWindows, type UndoWindowClose, type UndoWindowEntry } from './undo-windows.js';

// The transport and the requests to a server of the kit.
export { AgentChatTransport, type AgentChatTransportOptions, type AgentRequestOptions, type Resolvable, type RunCursor } from './transport.js';
export { ChatApiError, ChunkParseError } from './engine/chat-errors.js';
export { resolveHeaders, type ConnectionOptions } from './endpoints.js';
export { AgentRequestError, isDisconnectError, requestRoute } from './errors.js';
export { requestErrorCode } from './request-error-code.js';

// Shared state.
export {
  createSharedStateStore,
  type ApplyUpdatesContext,
  type ApplyUpdatesResult,
  type SharedStateLink,
  type SharedStateOptions,
  type SharedStateSnapshot,
  type SharedStateStore,
  type SharedStateWrite,
} from './shared-state/create-shared-state-store.js';
export type { AppStateStore, ControlledSharedState, SharedStateSource } from './shared-state/backends.js';
export type { SharedStateValidator, StandardSchemaLike } from './shared-state/validators.js';
