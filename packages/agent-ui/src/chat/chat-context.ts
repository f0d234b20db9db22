'use client';
import type { UseAgentChatResult, OutgoingMessage, ToolApproval } from '@x/agent-react';
import { createContext, useContext, useState, type RefObject } from 'react';
import type { PromptItem } from './prompt-list.js';
import type { FeedbackValue } from './message-context.js';
import { missingProvider } from './missing-provider.js';

/** A handle on the transcript, registered by the `AgentMessageList` inside the provider. */
export interface TranscriptHandle {
  scrollToBottom: (behavior?: ScrollBehavior) => void;
  /** Moves the focus to the transcript (its `role="log"` element). */
  focus: () => void;
}

/** A handle on the composer, registered by the `AgentComposer` inside the provider. */
export interface ComposerHandle {
  /** Moves the focus to the composer's text field. */
  focus: () => void;
  /** Puts back the text of a message the server refused (when the field is empty) and focuses it. */
  restore: (text: string) => void;
}

/**
 * The chat and its commands, shared by every part under `AgentChatProvider`. Stable for a chat:
 * streaming never changes it.
 */
export interface ChatContextValue {
  /** The chat from `useAgentChat`. */
  chat: UseAgentChatResult;
  /** Sends a message (scrolling the transcript to the bottom first); resolves whether it was sent. */
  send: (message: OutgoingMessage) => Promise<boolean>;
  /** Stops the reply in progress. */
  stop: () => void;
  /** Regenerates a reply (default: the last one). */
  regenerate: (messageId?: string) => Promise<void>;
  /** Sends a prompt the user clicked (a suggestion or welcome prompt), after `onSuggestionClick`. */
  sendPrompt: (text: string) => void;
  /** The provider's `suggestions` (the transcript's last `data-suggestions` part overrides them). */
  suggestions: readonly PromptItem[] | undefined;
  /** The transcript inside this provider, when one is mounted. */
  transcript: RefObject<TranscriptHandle | null>;
  /** The composer inside this provider, when one is mounted. */
  composer: RefObject<ComposerHandle | null>;
}

export const ChatContext = createContext<ChatContextValue | null>(null);

/**
 * Keeps the focus in the chat when the control that had it goes away (an answered approval card,
 * a deleted message): to the composer, else the transcript. Returns whether it found one.
 */
export function focusChat(context: ChatContextValue | null, prefer: 'composer' | 'transcript' = 'composer'): boolean {
  const order = prefer === 'composer' ? [context?.composer.current, context?.transcript.current] : [context?.transcript.current, context?.composer.current];
  const target = order.find((handle) => handle);
  target?.focus();
  return !!target;
}

/** The provider's chat context; throws (naming `part`) outside `AgentChatProvider`. */
export function useChatContext(part: string, alternative?: string): ChatContextValue {
  const value = useContext(ChatContext);
  if (!value) throw missingProvider(part, alternative);
  return value;
}

/**
 * The approvals of the provider's chat, from `useToolApproval`: one answer per approval, and the
 * approvals left in earlier messages marked `expired`. Changes only when an approval appears, is
 * answered or expires.
 */
export const ApprovalContext = createContext<ToolApproval | null>(null);

/** Feedback per message id (controlled by `feedbackValues`, or the provider's own state). */
export const FeedbackContext = createContext<Readonly<Record<string, FeedbackValue | null | undefined>> | null>(null);

/** True while a `TransitionMount`'s first, time-sliced render of its children is in progress. */
export const MountingInTransition = createContext<RefObject<boolean> | null>(null);

/**
 * Whether the part rendering now is being mounted by a `TransitionMount`'s first render (read
 * once, when the part mounts): its render is already time-sliced and shows nothing until it is done,
 * so the part need not split its own first render for an early paint (the transcript renders its
 * first window whole instead of its newest rows first and the rest in a second commit).
 */
export function useMountingInTransition(): boolean {
  const mounting = useContext(MountingInTransition);
  const [atMount] = useState(() => mounting?.current === true);
  return atMount;
}
