import type { AgentUIMessage } from '@x/agent-protocol';
import type { FeedbackValue, StoredMessageMetadata } from '@x/agent-protocol/routes';
import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/**
 * Edits of the transcript the browser makes at once (optimistic): removing a message and setting
 * feedback. With server-owned history, `server-history.ts` also saves them, and undoes them when
 * the server refuses.
 */

/** Removes a message from the transcript; its index, or -1 when it was not there. */
export function dropMessage<TOOLS extends UITools>(session: ChatSession<TOOLS>, message: Message<TOOLS>): number {
  const index = session.chat.messages.findIndex((m) => m.id === message.id);
  if (index !== -1) session.chat.messages = session.chat.messages.filter((m) => m.id !== message.id);
  return index;
}

function withFeedback<MESSAGE extends AgentUIMessage<UITools>>(message: MESSAGE, feedback: StoredMessageMetadata['feedback'] | undefined): MESSAGE {
  const { feedback: _previous, ...rest } = (message.metadata ?? {}) as StoredMessageMetadata & Record<string, unknown>;
  return { ...message, metadata: feedback ? { ...rest, feedback } : rest };
}

/**
 * Sets (or with `null`, clears) a message's `metadata.feedback`; returns the feedback it had, or
 * false when the message is not in the transcript.
 */
export function applyFeedback<TOOLS extends UITools>(
  session: ChatSession<TOOLS>,
  messageId: string,
  value: FeedbackValue | null | StoredMessageMetadata['feedback'],
): StoredMessageMetadata['feedback'] | undefined | false {
  const message = session.chat.messages.find((m) => m.id === messageId);
  if (!message) return false;
  const previous = (message.metadata as StoredMessageMetadata | undefined)?.feedback;
  const feedback = typeof value === 'string' ? { value, at: new Date().toISOString() } : (value ?? undefined);
  session.chat.messages = session.chat.messages.map((m) => (m.id === messageId ? withFeedback(m, feedback) : m));
  return previous;
}
