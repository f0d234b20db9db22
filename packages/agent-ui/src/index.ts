'use client';
export {
  AgentChat,
  type AgentChatProps,
  type AgentChatRef,
  type AgentChatEvents,
  type AgentChatWelcome,
  type AgentChatSenderOptions,
  type AgentChatDrawerOptions,
} from './agent-chat.js';
export { AgentConversations, type AgentConversationsProps, type AgentConversationsStrings, type ConversationItem, type ConversationMenuAction } from './conversations/index.js';
export { AgentMessageList, type AgentMessageListProps, type AgentMessageListRef } from './message-list.js';
export { AgentMessage, messageText, type AgentMessageProps } from './agent-message.js';
export { MessageParts } from './message-parts.js';
export { AgentComposer, type AgentComposerProps, type ComposerAttachmentOptions } from './composer.js';
export { ToolCard, type ToolCardProps, type ToolResultDisplay } from './tool-card.js';
export { ApprovalCard, type ApprovalCardProps } from './approval-card.js';
export { PromptList, type PromptListProps, type PromptItem } from './prompt-list.js';
export { StreamingMarkdown, SAFE_DOMPURIFY_CONFIG, type StreamingMarkdownProps } from './streaming-markdown.js';
export { splitMarkdownBlocks, type MarkdownBlocks } from './markdown-blocks.js';
export { AnnouncerProvider, useAnnounce, type Announce } from './announcer.js';
export {
  MessageContextProvider,
  useMessageContext,
  type MessageAction,
  type MessageDisplayOptions,
  type FeedbackValue,
  type ToolRenderers,
  type ToolRendererProps,
  type DataPartRendererProps,
  type MessageHandlers,
  type MessageContextValue,
} from './message-context.js';
export { toolCallOf, type ToolCallView, type ToolCallState } from './tool-parts.js';
export { AgentUIProvider, useAgentUIConfig, useTokenStyle, type AgentUIProviderProps, type AgentUITokens, type AgentUIConfig } from './config.js';
export { enUS, zhCN, type AgentUIStrings } from './locale.js';
export { safeUrl } from './safe-url.js';
export type { MarkdownOptions } from './markdown/markdown-options.js';
