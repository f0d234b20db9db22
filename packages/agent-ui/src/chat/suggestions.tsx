'use client';
import { SUGGESTIONS_PART } from '@x/agent-protocol';
import { useAgentChatSelector, useAgentError, useAgentStatus } from '@x/agent-react';
import { type AgentUIMessage } from '@x/agent-protocol';
import { useContext } from 'react';
import { useAgentUIConfig } from '../config.js';
import { ApprovalContext, useChatContext } from './chat-context.js';
import { PromptList, type PromptItem } from './prompt-list.js';
import { useShallowStable } from './use-shallow-stable.js';

function sameStrings(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));
}

/** The items of the last `data-suggestions` part of the last assistant message, if any. */
function lastSuggestions(messages: readonly AgentUIMessage[]): string[] | undefined {
  const last = messages.findLast((message) => message.role === 'assistant');
  if (!last) return undefined;
  const part = last.parts.findLast((p) => p.type === SUGGESTIONS_PART) as { data?: { items?: unknown } } | undefined;
  const items = part?.data?.items;
  return Array.isArray(items) ? items.filter((item): item is string => typeof item === 'string') : undefined;
}

/** Props of {@link AgentSuggestions}. */
export interface AgentSuggestionsProps {
  /** Prompts shown when the transcript has no `data-suggestions` part (default: the provider's `suggestions`). */
  items?: readonly PromptItem[];
}

/**
 * Follow-up prompts under the transcript: the last `data-suggestions` part of the provider's chat,
 * or `items`. A click sends the prompt. Hidden while there is nothing to follow up (empty
 * transcript), while a reply streams, after an error and while the reply waits for an approval.
 * Reads only those slices of the chat: it does not re-render while a reply streams.
 */
export function AgentSuggestions({ items }: AgentSuggestionsProps) {
  const { chat, sendPrompt, suggestions } = useChatContext('AgentSuggestions');
  const { strings } = useAgentUIConfig();
  const status = useAgentStatus(chat);
  const error = useAgentError(chat);
  const approvals = useContext(ApprovalContext);
  const hasMessages = useAgentChatSelector(chat, (snapshot) => snapshot.messages.length > 0);
  const fromStream = useAgentChatSelector(chat, (snapshot) => lastSuggestions(snapshot.messages), sameStrings);
  const fallback = items ?? suggestions;
  const shown = useShallowStable(fromStream ?? (fallback ? [...fallback] : undefined));
  const busy = status === 'submitted' || status === 'streaming';
  const awaitingApproval = (approvals?.pending.length ?? 0) > 0;
  if (busy || error || awaitingApproval || !hasMessages || !shown?.length) return null;
  return <PromptList items={shown} onSelect={sendPrompt} label={strings.suggestions} />;
}
