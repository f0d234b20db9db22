'use client';
export { AgentChat, type AgentChatProps } from './agent-chat.js';
