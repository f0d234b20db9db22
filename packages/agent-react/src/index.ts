'use client';
export { useAgentChat, type AgentChat, type UseAgentChatOptions } from './use-agent-chat.js';
export type { AgentUIMessage, AgentUIMessagePart } from '@x/agent-protocol';
