import type { AgentUIMessage } from '@x/agent-react';

/** Plain text of a message (its text parts joined): what Copy puts on the clipboard. */
export function messageText(message: AgentUIMessage): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
