/**
 * `@x/agent-react/core`: the framework-free chat client `useAgentChat` is built on (no React). See
 * the package README, "Without React".
 */
export { createAgentChat, type AgentChatClient } from './create-agent-chat.js';
export type { AgentChatSnapshot, ConnectionState, HistoryStatus } from './chat-store.js';
export type { UseAgentChatOptions, UseAgentChatResult, AgentToolCall } from './types.js';
