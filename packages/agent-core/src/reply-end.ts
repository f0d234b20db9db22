import type { AgentUIMessage } from '@x/agent-protocol';
import type { StoredMessageMetadata } from '@x/agent-protocol/routes';
import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/**
 * Marks how a reply ended in the browser (`metadata.stopReason`), as the server marks the reply it
 * saves: a reply stopped in the browser, one whose stream failed (the client stops reading at the
 * error, before the server's own mark), or one whose connection could not be restored (interrupted).
 */
export function markEnded<TOOLS extends UITools>(session: ChatSession<TOOLS>, messageId: string | undefined, stopReason: 'stopped' | 'error' | 'interrupted'): void {
  if (!messageId) return;
  const messages = session.chat.messages;
  const index = messages.findIndex((m) => m.id === messageId);
  const message = messages[index];
  if (!message || message.role !== 'assistant' || (message.metadata as StoredMessageMetadata | undefined)?.stopReason) return;
  const metadata = { ...(message.metadata as object | undefined), stopReason } as Message<TOOLS>['metadata'];
  session.chat.messages = [...messages.slice(0, index), { ...message, metadata }, ...messages.slice(index + 1)];
}
