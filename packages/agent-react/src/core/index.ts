/**
 * `@x/agent-react/core`: the framework-free chat client `useAgentChat` is built on (no React). See
 * the package README, "Without React".
 */
export { createAgentChat, type AgentChatClient } from './create-agent-chat.js';
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
export type { Resolvable } from './endpoints.js';
export type { ThrottleSetting } from './frame-scheduler.js';
export type { ApplyUpdatesContext, ApplyUpdatesResult, SharedStateLink } from './shared-state/create-shared-state-store.js';
export { SnapshotStore } from './snapshot-store.js';
