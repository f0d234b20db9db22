import type { ConversationHistory } from '@x/agent-protocol/routes';

/**
 * The text of a conversation's saved reply once its run has ended (the newest assistant message's
 * text parts, joined), or undefined while a run is active or before a reply is saved — what the
 * load generator compares with the text it streamed.
 */
export function storedReplyText(history: ConversationHistory | undefined): string | undefined {
  if (!history || history.conversation.activeRunId != null) return undefined;
  const answer = history.messages.findLast((m) => m.role === 'assistant');
  return answer?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
