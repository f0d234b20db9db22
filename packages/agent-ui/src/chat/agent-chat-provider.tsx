'use client';
import { useToolApproval, type UseAgentChatResult, type OutgoingMessage, type ToolApproval } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { AnnouncerProvider } from '../a11y/announcer.js';
import { messageText } from '../message-content/message-text.js';
import { MESSAGE_UNDO_MS, MessageUndoProvider, useMessageUndo } from '../transcript/message-undo.js';
import { usePreloadOnDemand } from '../lazy/preload-on-demand.js';
import { MarkdownWarmUp } from '../markdown/markdown-warm-up.js';
import { ChatAnnouncements } from './chat-announcements.js';
import { takeBackRefusedSend } from './refused-send.js';
import { ApprovalContext, ChatContext, FeedbackContext, focusChat, useChatContext, type ChatContextValue, type ComposerHandle, type TranscriptHandle } from './chat-context.js';
import {
  MessageContextProvider,
  type DataPartRendererProps,
  type FeedbackValue,
  type MessageContextValue,
  type MessageDisplayOptions,
  type MessageHandlers,
  type ToolRenderers,
  type ToolTypes,
} from './message-context.js';
import type { PromptItem } from './prompt-list.js';
import { useShallowStable } from './use-shallow-stable.js';
import type { AgentChatConnection, AgentChatPlugin } from '../plugins/plugin.js';
import { PluginsContext, resolvePlugins, useStablePlugins } from '../plugins/plugins-context.js';

/** A like / dislike click (`value: null` when clicked again to clear). */
export interface FeedbackEvent {
  messageId: string;
  value: FeedbackValue | null;
  /** The optional reason the user gave with "Not helpful" (sent as a second event once given). */
  comment?: string;
  message: AgentUIMessage | undefined;
}

/**
 * Props of {@link AgentChatProvider}. `TOOLS` is the chat's tools (`useAgentChat<TOOLS>`), inferred
 * from `chat`: `toolRenderers` then takes only those tool names, each renderer typed with its tool.
 */
export interface AgentChatProviderProps<TOOLS extends ToolTypes = ToolTypes> {
  /** The chat from `useAgentChat`. */
  chat: UseAgentChatResult<TOOLS>;
  /** What to show of each message (reasoning, tool results, sources, actions). */
  messageDisplay?: MessageDisplayOptions;
  /** A component per tool name (generative UI), rendered instead of the default tool card. */
  toolRenderers?: ToolRenderers<NoInfer<TOOLS>>;
  /** A component per custom data part name (without `data-`). */
  dataRenderers?: Record<string, ComponentType<DataPartRendererProps>>;
  /**
   * Feedback per message id (controlled). Without it each message shows the feedback in its
   * metadata: a click calls the chat's `setFeedback` (saved on the server while it owns the history).
   */
  feedbackValues?: Readonly<Record<string, FeedbackValue | null | undefined>>;
  /** Like / dislike clicked. */
  onFeedback?: (event: FeedbackEvent) => void;
  /** Follow-up prompts for `AgentSuggestions`; the last `data-suggestions` part overrides them. */
  suggestions?: readonly PromptItem[];
  /** A suggestion or welcome prompt was clicked (it is sent right after). */
  onSuggestionClick?: (text: string) => void;
  /**
   * How long a deleted message can be restored, in ms (default 5000; 0 deletes at once). The delete
   * is sent when the window closes, or at once when the page is hidden or the chat changes.
   */
  deleteUndoTimeout?: number;
  /**
   * How screen readers hear a streamed reply (polite live region): `sentences` (default) reads each
   * sentence once as it completes; `end` reads the reply once it finished. Approvals, Stopped,
   * Interrupted and errors are announced either way.
   */
  announceReplies?: 'sentences' | 'end';
  /**
   * The chat's plug-ins (README "Plug-ins"): what they add to the parts below — the queue above the
   * composer, the branch switcher, attachments and dictation in the composer, A2UI surfaces, MCP
   * Apps. Give the chat's `useAgentChat` their options too (`pluginChatOptions(plugins)`).
   */
  plugins?: readonly AgentChatPlugin[];
  /** The chat's server, for the plug-ins that call its routes (uploads, transcription, MCP Apps). */
  connection?: AgentChatConnection;
  children?: ReactNode;
}

const EMPTY_FEEDBACK: Readonly<Record<string, FeedbackValue | null | undefined>> = {};

const idsOf = (approvals: ToolApproval['pending']) => approvals.map((a) => a.approvalId).join('\n');

/**
 * `approval` with a stable identity while the same approvals are pending and expired (the hook
 * returns new arrays on every render of the provider).
 */
function useStableApproval(approval: ToolApproval): ToolApproval {
  // Keyed on the ids: the arrays themselves are new on every render (derived state, no extra commit).
  const key = `${idsOf(approval.pending)}|${idsOf(approval.expired)}`;
  const [stable, setStable] = useState({ key, approval });
  if (stable.key !== key || stable.approval.approve !== approval.approve || stable.approval.deny !== approval.deny) {
    setStable({ key, approval });
    return approval;
  }
  return stable.approval;
}

/**
 * Supplies a chat to the kit's parts: `AgentMessageList`, `AgentMessage`, `MessageParts`, the
 * approval card, `AgentSuggestions` and `AgentComposer` below it act on `chat` — copy, edit, delete,
 * regenerate, feedback, approve / reject (through `useToolApproval`: an approval left in an earlier
 * message is expired), send and stop. `AgentChat` is these parts under this provider; an app can
 * lay them out its own way with the same behaviour.
 *
 * Every value it provides is stable while a reply streams: parts re-render for their own data only.
 * It also renders the polite live region that announces finished blocks of a reply.
 */
export function AgentChatProvider<TOOLS extends ToolTypes = ToolTypes>(props: AgentChatProviderProps<TOOLS>) {
  const { children, messageDisplay, dataRenderers, feedbackValues } = props;
  // The parts below read the chat and the renderers untyped: tool types exist at compile time only,
  // and a typed chat (or renderer) is comparable to, though not assignable to, the untyped one.
  const chat = props.chat as UseAgentChatResult;
  const toolRenderers = props.toolRenderers as ToolRenderers | undefined;
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const approval = useStableApproval(useToolApproval(chat));
  const transcript = useRef<TranscriptHandle | null>(null);
  const composer = useRef<ComposerHandle | null>(null);

  // Without `feedbackValues`, each message shows the feedback kept in its metadata (`setFeedback`).
  const feedback = feedbackValues ?? EMPTY_FEEDBACK;

  const send = useCallback(
    async (message: OutgoingMessage): Promise<boolean> => {
      transcript.current?.scrollToBottom();
      const result = await chat.sendMessage(message);
      if (result.sent) void result.done.then(() => takeBackRefusedSend(chat, composer.current, message));
      return result.sent;
    },
    [chat],
  );
  const stop = useCallback(() => void chat.stop(), [chat]);
  const regenerate = useCallback((messageId?: string) => chat.regenerate(messageId ? { messageId } : undefined), [chat]);
  const sendPrompt = useCallback(
    (text: string) => {
      latest.current.onSuggestionClick?.(text);
      void send({ text });
    },
    [send],
  );
  const suggestions = useShallowStable(props.suggestions);
  const chatValue = useMemo<ChatContextValue>(
    () => ({ chat, send, stop, regenerate, sendPrompt, suggestions, transcript, composer }),
    [chat, send, stop, regenerate, sendPrompt, suggestions],
  );

  const chatValueRef = useRef(chatValue);
  useLayoutEffect(() => {
    chatValueRef.current = chatValue;
  });
  const messageUndo = useMessageUndo(chat, props.deleteUndoTimeout ?? MESSAGE_UNDO_MS, () => focusChat(chatValueRef.current, 'transcript'));
  // Tool cards, message actions, the undo row… are one on-demand chunk: fetch it before they show;
  // and at the same idle moment, run the markdown pipeline once before the first reply needs it.
  const warmUp = usePreloadOnDemand(chat);
  const { approve, deny } = approval;
  const handlers = useMemo<MessageHandlers>(
    () => ({
      copy: (message) => void navigator.clipboard?.writeText(messageText(message)).catch(() => {}),
      // A saved edit is a new version of the message, and a new reply follows: the composer takes the focus.
      edit: (messageId, text) => {
        focusChat(chatValueRef.current);
        void chat.editMessage(messageId, text);
      },
      // Hidden at once; sent when the undo window closes (the row's Undo button takes the focus).
      delete: messageUndo.remove,
      // The Regenerate (or Retry) button goes with the reply it replaces: the composer takes the focus.
      regenerate: (messageId) => {
        focusChat(chatValueRef.current);
        void regenerate(messageId);
      },
      feedback: (messageId, value, comment) => {
        // Kept in the message's metadata, and saved on the server while it owns the history.
        void chat.setFeedback(messageId, value, comment);
        latest.current.onFeedback?.({ messageId, value, ...(comment ? { comment } : {}), message: chat.store.getMessage(messageId) });
      },
      approve: (approvalId, reason, input) => {
        // The card's buttons go once it is answered: the focus moves on to the composer.
        focusChat(chatValueRef.current);
        void approve(approvalId, reason, input);
      },
      deny: (approvalId, reason) => {
        focusChat(chatValueRef.current);
        void deny(approvalId, reason);
      },
      addToolOutput: (toolName, toolCallId, output) => void chat.addToolOutput({ tool: toolName, toolCallId, output }),
    }),
    [chat, regenerate, approve, deny, messageUndo],
  );
  const display = useShallowStable(messageDisplay ?? {});
  const stableToolRenderers = useShallowStable(toolRenderers);
  const stableDataRenderers = useShallowStable(dataRenderers);
  const messageContext = useMemo<MessageContextValue>(
    () => ({ display, toolRenderers: stableToolRenderers, dataRenderers: stableDataRenderers, handlers }),
    [display, stableToolRenderers, stableDataRenderers, handlers],
  );

  const plugins = useStablePlugins(props.plugins);
  const connection = useShallowStable(props.connection);
  const resolvedPlugins = useMemo(() => resolvePlugins(plugins, connection), [plugins, connection]);

  return (
    <ChatContext.Provider value={chatValue}>
      <PluginsContext.Provider value={resolvedPlugins}>
      <MessageContextProvider value={messageContext}>
        <ApprovalContext.Provider value={approval}>
          <FeedbackContext.Provider value={feedback}>
            <MessageUndoProvider value={messageUndo}>
              <AnnouncerProvider mode={props.announceReplies}>
                <ChatAnnouncements />
                {warmUp ? <MarkdownWarmUp /> : null}
                {children}
              </AnnouncerProvider>
            </MessageUndoProvider>
          </FeedbackContext.Provider>
        </ApprovalContext.Provider>
      </MessageContextProvider>
      </PluginsContext.Provider>
    </ChatContext.Provider>
  );
}

/** What {@link useAgentChatContext} returns. */
export interface AgentChatContext {
  /** The provider's chat (`useAgentChat`'s result): read its state with the `@x/agent-react` selectors. */
  chat: UseAgentChatResult;
  /** Sends a message as the composer does; resolves whether it was sent. */
  send: (message: OutgoingMessage | string) => Promise<boolean>;
  /** Stops the reply in progress. */
  stop: () => void;
  /** Regenerates a reply (default: the last one). */
  regenerate: (messageId?: string) => Promise<void>;
  /** Pending and expired approvals with approve / deny (the provider's `useToolApproval`). */
  approvals: ToolApproval;
}

/**
 * The chat, its commands and its approvals from the nearest {@link AgentChatProvider}, for an app's
 * own controls next to the kit's parts. Throws outside a provider. The component re-renders when an
 * approval appears, is answered or expires, not while a reply streams.
 */
export function useAgentChatContext(): AgentChatContext {
  const { chat, send, stop, regenerate } = useChatContext('useAgentChatContext');
  const approvals = useContext(ApprovalContext)!;
  return useMemo(
    () => ({ chat, send: (message) => send(typeof message === 'string' ? { text: message } : message), stop, regenerate, approvals }),
    [chat, send, stop, regenerate, approvals],
  );
}
