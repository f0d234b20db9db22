/**
 * `@x/agent-react/internal`: the framework-free core, for the kit's own packages (`@x/agent-ui`),
 * benchmarks and tests. Not a public API: anything here may change in any release.
 */
export { AgentChatController } from './core/controller.js';
export { AgentCoreChat } from './core/chat.js';
export { AgentChatState, type ChatStateChange } from './core/chat-state.js';
export { ChatStore, type HistoryInfo } from './core/chat-store.js';
export { attachSession, type ChatSession, type HistoryOwner } from './core/session.js';
export type { TrackedSlices } from './core/handle.js';
export { EventHub, EventTracker } from './core/events.js';
export { AgentChatTransport, createAgentTransport } from './core/transport.js';
export { agentEndpoint, apiBase, isNonEmptyObject } from './core/endpoints.js';
export { whenIdle } from './core/when-idle.js';
export { isDisconnectError, requestRoute } from './core/errors.js';
export { requestErrorCode } from './core/request-error-code.js';
export { resolveHeaders } from './core/endpoints.js';
export { parseUIMessageChunkStream } from './core/ui-chunk-stream.js';
export { shouldContinue, isWaitingForUser } from './core/auto-continue.js';
export { isSharedStateStore } from './core/shared-state/create-shared-state-store.js';
export { scheduleFlush, isThrottled } from './core/frame-scheduler.js';
export { shareMessages } from './core/structural-sharing.js';
export { UndoWindows, type UndoWindowClose, type UndoWindowEntry } from './core/undo-windows.js';
