export { AgentConversations, type AgentConversationsProps, type ConversationItem, type ConversationMenuAction } from './agent-conversations.js';
export type { AgentConversationsStrings } from './strings.js';
