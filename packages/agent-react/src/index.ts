'use client';
export { useAgentChat } from './use-agent-chat.js';
export type {
  AgentChat,
  AgentToolCall,
  BeforeSendContext,
  OutgoingMessage,
  SendRefusal,
  SendResult,
  SharedStateInput,
  UseAgentChatOptions,
} from './agent-chat-types.js';
export { AgentChatStore, type AgentChatSnapshot } from './chat-store.js';
export { AgentChatController, type ChatSession, type TrackedSlices } from './chat-controller.js';
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
export type { AgentEventHandlers, AgentEventMap, AgentEventSource, StopReason } from './events.js';
export { useToolApproval, pendingApprovals, type PendingApproval, type ToolApproval } from './use-tool-approval.js';
export { useSharedState, type SharedState } from './shared-state/use-shared-state.js';
export {
  createSharedStateStore,
  isSharedStateStore,
  type ApplyUpdatesContext,
  type ApplyUpdatesResult,
  type SharedStateLink,
  type SharedStateOptions,
  type SharedStateSnapshot,
  type SharedStateStore,
  type SharedStateWrite,
} from './shared-state/create-shared-state-store.js';
export type { ControlledSharedState, SharedStateSource } from './shared-state/backends.js';
export type { SharedStateValidator, StandardSchemaLike } from './shared-state/validators.js';
export { sanitizeHistory } from './history.js';
export { shouldContinue, isWaitingForUser } from './auto-continue.js';
export { AgentChatTransport, createAgentTransport, agentEndpoint, type AgentRequestOptions, type Resolvable } from './transport.js';
export { parseUIMessageChunkStream } from './ui-chunk-stream.js';
export type { ThrottleSetting } from './frame-scheduler.js';
export type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
export * from './conversations/index.js';
