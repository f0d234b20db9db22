import type { AgentEventHandlers, AgentToolCall, OutgoingMessage, UseAgentChatOptions } from '@x/agent-react';
import type { AgentUIMessage } from '@x/agent-protocol';
import type { ComponentType, CSSProperties, ReactNode } from 'react';
import type { AgentUIProviderProps } from '../config.js';
import type { FeedbackEvent } from './agent-chat-provider.js';
import type { DataPartRendererProps, FeedbackValue, MessageDisplayOptions, ToolRenderers, ToolTypes } from './message-context.js';
import type { PromptItem } from './prompt-list.js';
import type { AgentChatDrawerOptions } from './chat-drawer-options.js';
import type { AgentChatPlugin } from '../plugins/plugin.js';

/**
 * `AgentChat`'s `events`: every `useAgentEvents` handler (each fires once per id, never for history)
 * except `onToolCall` — the `onToolCall` prop answers tool calls — and the chat's own UI events.
 */
export type AgentChatEvents = Omit<AgentEventHandlers<AgentUIMessage>, 'onToolCall'> & {
  /** Like / dislike clicked (`value: null` when clicked again to clear). */
  onFeedback?: (event: FeedbackEvent) => void;
  /** A suggestion or welcome prompt was clicked (it is sent right after). */
  onSuggestionClick?: (text: string) => void;
};

/**
 * `AgentChat`'s `chatOptions`: the options of `useAgentChat` that are not top-level props
 * (`transport`, `history`, `headers`, `credentials`, `fetch`, `throttle`, `urlQuery`, `pageId`,
 * `idleTimeoutMs`, …). The queue, resumable runs and live events are plug-ins (`plugins`); a value
 * given here (`queue`, `resume`, `live`) wins over theirs.
 */
export type AgentChatOptions = Omit<UseAgentChatOptions, 'agentId' | 'api' | 'conversationId' | 'sharedState' | 'messages' | 'onToolCall' | 'onBeforeSend'>;

/**
 * `AgentChat`'s `ui`: the props of `AgentUIProvider` (theme, appearance, tokens, locale, antdLocale,
 * direction, markdown) and how the chat reads out and colours itself.
 */
export interface AgentChatUIOptions extends Omit<AgentUIProviderProps, 'children'> {
  /** How screen readers hear a streamed reply: each sentence as it completes (`sentences`, default) or all at its end (`end`). */
  announceReplies?: 'sentences' | 'end';
  /**
   * Raise the contrast of the theme's secondary text, error and primary colors inside the chat
   * when they miss WCAG AA (default true; antd's default palette does).
   */
  accessibleColors?: boolean;
}

/** `AgentChat`'s `messageDisplay`: what each message shows, and how long a deleted one can be restored. */
export interface AgentChatMessageDisplay extends MessageDisplayOptions {
  /** How long a deleted message can be restored, in ms (default 5000; 0 deletes at once). */
  deleteUndoTimeout?: number;
}

/** The welcome screen shown while the transcript is empty. */
export interface AgentChatWelcome {
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** Level of the title's heading (default 2): pick the one that fits your page's outline. */
  headingLevel?: 1 | 2 | 3 | 4 | 5;
  /** Prompts that send on click. */
  prompts?: readonly PromptItem[];
}

/** `AgentChat`'s `composer`: the text area (attachments and dictation are plug-ins: `plugins`). */
export interface AgentChatComposerOptions {
  placeholder?: string;
  /** `enter` (default) or `shiftEnter`. */
  submitType?: 'enter' | 'shiftEnter';
  disabled?: boolean;
  /** Focus the composer once the chat has mounted (and its history has loaded). Default false: it is the app's choice. */
  autoFocus?: boolean;
}

export type { AgentChatDrawerOptions } from './chat-drawer-options.js';

/** Methods available through `ref`. They behave like the matching buttons. */
export interface AgentChatRef {
  sendMessage: (message: OutgoingMessage | string) => Promise<void>;
  regenerate: (messageId?: string) => Promise<void>;
  setMessages: (messages: AgentUIMessage[]) => void;
  clearMessages: () => void;
  deleteMessage: (messageId: string) => void;
  stop: () => Promise<void>;
  clearError: () => void;
  scrollToBottom: () => void;
}

/** What `AgentChat`'s `onToolCall` receives: `useAgentChat`'s `{ toolCall }` and the chat's conversation. */
export interface AgentChatToolCall {
  toolCall: AgentToolCall;
  conversationId: string | undefined;
}

/** Props of {@link AgentChat}. */
export interface AgentChatProps<TOOLS extends ToolTypes = ToolTypes> {
  /** The agent's id: turns go to `{api}/{agentId}`. */
  agentId: string;
  /** Where the agent routes are (default `/api/agent`); another origin's URL works too. */
  api?: UseAgentChatOptions['api'];
  /** The conversation; a new id stops the reply in flight and swaps the transcript. */
  conversationId?: string;
  /** The slice of page state the agent sees (read at send time), as `useAgentChat`'s. */
  sharedState?: UseAgentChatOptions['sharedState'];
  /** The transcript to start from (while the client owns the history). */
  messages?: AgentUIMessage[];
  /** Every other option of `useAgentChat`: transport, history, resume, headers, fetch, … */
  chatOptions?: AgentChatOptions;
  /**
   * Called for every tool call of the model, as `useAgentChat`'s `onToolCall` (server tools included:
   * check `toolCall.toolName`): return (or resolve to) the output of a call the browser answers,
   * throw to answer with an error, or return `undefined` to leave it.
   */
  onToolCall?: (call: AgentChatToolCall) => unknown;
  /** Runs before a message is sent; return `false` (or throw) to cancel — the text stays in the composer. */
  onBeforeSend?: UseAgentChatOptions['onBeforeSend'];
  /** What happened: `useAgentEvents`' handlers and the chat's own UI events. */
  events?: AgentChatEvents;
  welcome?: AgentChatWelcome | false;
  /** Follow-up prompts; the last `data-suggestions` part of the transcript overrides them. Hidden while busy. */
  suggestions?: readonly PromptItem[];
  composer?: AgentChatComposerOptions;
  /**
   * A component per tool name (generative UI), rendered instead of the default tool card. With
   * `<AgentChat<TOOLS>>` (e.g. `InferAgentTools<typeof server, 'support'>`) only those tool names are
   * allowed and each renderer's `input` and `output` are its tool's.
   */
  toolRenderers?: ToolRenderers<TOOLS>;
  /** A component per custom data part name (without `data-`). */
  dataRenderers?: Record<string, ComponentType<DataPartRendererProps>>;
  messageDisplay?: AgentChatMessageDisplay;
  /** Feedback per message id (controlled; `events.onFeedback` reports clicks). */
  feedbackValues?: Readonly<Record<string, FeedbackValue | null | undefined>>;
  /**
   * The optional features this chat uses (README "Plug-ins"), each from its own entry:
   * `plugins={[queue(), attachments({ upload: true }), mcpApps({ sandboxUrl })]}`. None: a chat with
   * markdown, tools, approvals, Stop and Retry. Inline factories are fine (compared by their options).
   */
  plugins?: readonly AgentChatPlugin[];
  /** Show a skeleton instead of the transcript (it shows by itself while the server's history loads). */
  loading?: boolean;
  /** `inline` (default) or in a drawer. */
  display?: 'inline' | 'drawer';
  drawer?: AgentChatDrawerOptions;
  /** Height of the inline chat (default 100%). */
  height?: CSSProperties['height'];
  /** Largest width of the transcript and composer (centred). */
  maxWidth?: CSSProperties['maxWidth'];
  /** Theme, locale, direction, markdown and accessibility (`AgentUIProvider`'s props and more). */
  ui?: AgentChatUIOptions;
  className?: string;
  style?: CSSProperties;
}

