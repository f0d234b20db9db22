'use client';
// The public surface of @x/agent-ui: every value here is documented in the package README.
// Internals the kit's own stories and tests need are in `./internal.ts` (`@x/agent-ui/internal`).
export {
  AgentChat,
  type AgentChatProps,
  type AgentChatRef,
  type AgentChatEvents,
  type AgentChatWelcome,
  type AgentChatComposerOptions,
  type AgentChatMessageDisplay,
  type AgentChatOptions,
  type AgentChatUIOptions,
  type AgentChatDrawerOptions,
  type AgentChatToolCall,
} from './chat/agent-chat.js';
export {
  AgentChatProvider,
  useAgentChatContext,
  type AgentChatProviderProps,
  type AgentChatContext,
  type FeedbackEvent,
} from './chat/agent-chat-provider.js';
export { AgentChatPanel, type AgentChatPanelProps } from './chat/agent-chat-panel.js';
export { AgentWelcome } from './chat/chat-welcome.js';
export { AgentChatError } from './chat/chat-error.js';
export { AgentReconnectingNotice } from './chat/reconnecting-notice.js';
export { AgentChatDrawer } from './chat/drawer-shell.js';
export { TransitionMount, type TransitionMountProps } from './chat/transition-mount.js';
export { preloadChatParts } from './lazy/preload-on-demand.js';
export type { AgentChatPlugin, AgentChatPartsPlugin, AgentChatConnection } from './plugins/plugin.js';
export { pluginChatOptions } from './plugins/plugin-chat-options.js';
export { AgentConversations, type AgentConversationsProps, type AgentConversationsStrings, type ConversationItem, type ConversationMenuAction } from './conversations/index.js';
export { AgentMessageList, type AgentMessageListProps, type AgentMessageListRef } from './chat/agent-message-list.js';
export { AgentMessage, type AgentMessageProps } from './transcript/agent-message.js';
export { messageText } from './message-content/message-text.js';
export { MessageParts, type MessagePartsProps } from './transcript/message-parts.js';
export { AgentComposer, type AgentComposerProps, type ComposerAttachmentOptions } from './composer/composer.js';
export type { ComposerUploadOptions } from './composer/attachment-uploads.js';
export type { ComposerDictationOptions } from './composer/dictation-options.js';
// The strings of the plug-ins' parts, in `AgentUIStrings`.
export type { DictationStrings } from './composer/dictation-strings.js';
export type { QueueStrings } from './composer/queue-strings.js';
export type { McpAppStrings } from './mcp-app/mcp-app-strings.js';
export type { PastedTextOptions } from './message-content/pasted-text.js';
export { AgentSuggestions, type AgentSuggestionsProps } from './chat/suggestions.js';
export { ToolCard, type ToolCardProps, type ToolResultDisplay } from './tools/tool-card.js';
export { ApprovalCard, type ApprovalCardProps } from './tools/approval-card.js';
export { RemoteAgentQuestion, type RemoteAgentQuestionProps } from './tools/remote-agent-run.js';
export type { ToolCallView, ToolCallState } from './tools/tool-parts.js';
export { PromptList, type PromptListProps, type PromptItem } from './chat/prompt-list.js';
export { StreamingMarkdown, type StreamingMarkdownProps } from './markdown/streaming-markdown.js';
export type {
  MessageAction,
  MessageDisplayOptions,
  FeedbackValue,
  ToolRenderers,
  ToolRenderer,
  ToolRendererProps,
  ToolRendererState,
  ToolTypes,
  PartialToolInput,
  DataPartRendererProps,
} from './chat/message-context.js';
export { AgentUIProvider, useAgentUIConfig, type AgentUIProviderProps, type AgentUITokens, type AgentUIConfig } from './config.js';
export { enUS } from './locales/built-in.js';
export { zhCN } from './locales/built-in-zh.js';
export { type AgentUIStrings, type AgentUIStringsOverride } from './locales/agent-ui-strings.js';
export type { Catalogue } from './locales/catalogue.js';
export { safeUrl } from './markdown/safe-url.js';
export type { MarkdownOptions } from './markdown/markdown-options.js';
