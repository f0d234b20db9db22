import type { OutgoingMessage, UseAgentChatResult } from '@x/agent-react';
import type { ComposerHandle } from './chat-context.js';
import { requestErrorCode } from './error-text.js';

/**
 * After a send the server refused because the conversation was busy (409 `conversation_conflict`:
 * another tab's reply runs): nothing was saved, so the message leaves the transcript and its text
 * goes back into the composer, ready to send again once the other reply ended. Other refusals keep
 * the message where it is, with the error (Retry resends it).
 */
export function takeBackRefusedSend(chat: UseAgentChatResult, composer: ComposerHandle | null, message: OutgoingMessage): void {
  const { error, messages } = chat.store.getSnapshot();
  if (!error || requestErrorCode(error) !== 'conversation_conflict') return;
  const last = messages.at(-1);
  if (last?.role !== 'user') return;
  const text = last.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  if (text !== message.text) return;
  chat.setMessages((current) => (current.at(-1)?.id === last.id ? current.slice(0, -1) : current));
  composer?.restore(message.text);
}
