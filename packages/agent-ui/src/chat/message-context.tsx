'use client';
import type { AgentUIMessage } from '@x/agent-protocol';
import { createContext, useContext, type ComponentType } from 'react';
import type { ToolResultDisplay } from '../tools/tool-card.js';
import type { ToolCallView } from '../tools/tool-parts.js';
import { missingProvider } from './missing-provider.js';

/** A message action the kit can show. */
export type MessageAction = 'copy' | 'edit' | 'delete' | 'regenerate' | 'feedback';

/** What to show of each message. */
export interface MessageDisplayOptions {
  /** Reasoning blocks: collapsed (default), expanded or not rendered at all. */
  reasoning?: 'collapsed' | 'expanded' | 'hidden';
  /** Tool results: a summary with the full result on expand (default), always full, or none. */
  toolResults?: ToolResultDisplay;
  /** Show source links (default true). */
  sources?: boolean;
  /** Which actions each message gets (default all). */
  actions?: readonly MessageAction[];
}

/** Feedback on an assistant message. */
export type FeedbackValue = 'like' | 'dislike';

/** The input and output types of tools by name: the `UITools` shape of the AI SDK (`InferAgentTools` gives one). */
export type ToolTypes = Record<string, { input: unknown; output: unknown }>;

/** A tool input as it streams: every property optional, at any depth. */
export type PartialToolInput<T> = T extends object ? { [K in keyof T]?: PartialToolInput<T[K]> } : T;

/**
 * The call's state with its `input` and `output`, typed from the tool's definition: switch on `state`
 * to narrow them (`input` is partial while it streams, `output` is there once it is available).
 */
export type ToolRendererState<INPUT = unknown, OUTPUT = unknown> =
  | { state: 'input-streaming'; input: PartialToolInput<INPUT> | undefined; output?: undefined }
  | { state: 'input-available' | 'approval-requested' | 'approval-responded' | 'output-denied'; input: INPUT; output?: undefined }
  | { state: 'output-error'; input: INPUT | undefined; output?: undefined }
  | { state: 'output-available'; input: INPUT; output: OUTPUT };

/**
 * Props a per-tool renderer receives (generative UI). `INPUT` and `OUTPUT` are the tool's: with a
 * typed chat (`useAgentChat<InferAgentTools<typeof server, 'support'>>()`) they come from the tool's
 * definition on the server.
 */
export type ToolRendererProps<INPUT = unknown, OUTPUT = unknown> = ToolRendererState<INPUT, OUTPUT> & {
  /** The call as the default card sees it (untyped `input` and `output`; dynamic/MCP tools alike). */
  call: ToolCallView;
  /**
   * The message holding the call. A renderer re-renders when its call changes (state, input,
   * output, approval), when the stream of its message starts or ends, and when the renderer config
   * changes — not for every streamed token of the message's text, so `message` is the message as of
   * the last such render (complete once the stream ended).
   */
  message: AgentUIMessage;
  /** Answer a browser-side tool call (its output goes back to the agent). */
  addToolOutput(output: OUTPUT): void;
  /**
   * Approve / deny a call that waits for approval (through `useToolApproval`: answered once).
   * `input` approves with an edited input (the server validates it against the tool's schema).
   */
  approve: (reason?: string, input?: unknown) => void;
  deny: (reason?: string) => void;
  /**
   * The call waits for an approval in an earlier message: the user moved on (sent a new message),
   * so answering it would run nothing. Show it as expired, without Approve/Reject.
   */
  expired: boolean;
};

/** A renderer of one tool: a component taking its {@link ToolRendererProps}. */
export type ToolRenderer<INPUT = unknown, OUTPUT = unknown> = ComponentType<ToolRendererProps<INPUT, OUTPUT>>;

/**
 * A component per tool name: rendered instead of the default tool card. With a typed chat only the
 * chat's tool names are allowed (a misspelt one is a compile error), each renderer typed with its
 * tool's `input` and `output`; untyped (the default), any name with `unknown` input and output.
 */
export type ToolRenderers<TOOLS extends ToolTypes = ToolTypes> = {
  [NAME in keyof TOOLS & string]?: ToolRenderer<TOOLS[NAME]['input'], TOOLS[NAME]['output']>;
};

/** Props a renderer of a custom `data-*` part receives. */
export interface DataPartRendererProps {
  name: string;
  data: unknown;
  message: AgentUIMessage;
}

/** Stable callbacks the message components call (identity never changes while streaming). */
export interface MessageHandlers {
  copy: (message: AgentUIMessage) => void;
  edit: (messageId: string, text: string) => void;
  delete: (messageId: string) => void;
  regenerate: (messageId: string) => void;
  /** `comment`: the optional reason given with a "Not helpful". */
  feedback: (messageId: string, value: FeedbackValue | null, comment?: string) => void;
  approve: (approvalId: string, reason?: string, input?: unknown) => void;
  deny: (approvalId: string, reason?: string) => void;
  addToolOutput: (toolName: string, toolCallId: string, output: unknown) => void;
}

/** Everything a message needs besides its own data. Memoized so streaming never changes it. */
export interface MessageContextValue {
  display: MessageDisplayOptions;
  toolRenderers: ToolRenderers | undefined;
  dataRenderers: Record<string, ComponentType<DataPartRendererProps>> | undefined;
  handlers: MessageHandlers;
}

const MessageContext = createContext<MessageContextValue | null>(null);

/**
 * Provides display options, renderers and handlers to {@link AgentMessage}s. Internal: apps use
 * `AgentChatProvider`, which builds this value from a chat (tests use it to stub the handlers).
 */
export const MessageContextProvider = MessageContext.Provider;

/**
 * The message context (display options, renderers, handlers). Throws outside
 * `AgentChatProvider`: a part without its chat must fail loudly, not render buttons that do nothing.
 */
export function useMessageContext(part = 'This part'): MessageContextValue {
  const value = useContext(MessageContext);
  if (!value) throw missingProvider(part);
  return value;
}
