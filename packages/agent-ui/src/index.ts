'use client';
export {
  AgentChat,
  type AgentChatProps,
  type AgentChatRef,
  type AgentChatEvents,
  type AgentChatWelcome,
  type AgentChatSenderOptions,
  type AgentChatDrawerOptions,
} from './chat/agent-chat.js';
export { AgentConversations, type AgentConversationsProps, type ConversationItem, type ConversationMenuAction } from './agent-conversations.js';
export { AgentMessageList, type AgentMessageListProps, type AgentMessageListRef } from './transcript/message-list.js';
export { AgentMessage, messageText, type AgentMessageProps } from './transcript/agent-message.js';
export { MessageParts } from './transcript/message-parts.js';
export { AgentComposer, type AgentComposerProps, type ComposerAttachmentOptions } from './composer/composer.js';
export { ToolCard, type ToolCardProps, type ToolResultDisplay } from './tools/tool-card.js';
export { ApprovalCard, type ApprovalCardProps } from './tools/approval-card.js';
export { PromptList, type PromptListProps, type PromptItem } from './chat/prompt-list.js';
export { StreamingMarkdown, SAFE_DOMPURIFY_CONFIG, type StreamingMarkdownProps } from './markdown/streaming-markdown.js';
export { splitMarkdownBlocks, type MarkdownBlocks } from './markdown/markdown-blocks.js';
export { AnnouncerProvider, useAnnounce, type Announce } from './a11y/announcer.js';
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
} from './chat/message-context.js';
export { toolCallOf, type ToolCallView, type ToolCallState } from './tools/tool-parts.js';
export { AgentUIProvider, useAgentUIConfig, useTokenStyle, type AgentUIProviderProps, type AgentUITokens, type AgentUIConfig } from './config.js';
export { enUS, zhCN, type AgentUIStrings } from './theme/locale.js';
export { safeUrl } from './markdown/safe-url.js';
