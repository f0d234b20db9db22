import type { AgentUIMessage } from '@x/agent-protocol';

/** Plain text of a message (its text parts joined): what Copy puts on the clipboard. */
export function messageText(message: AgentUIMessage): string {
  // Tolerant of malformed loaded messages (no parts, null parts, text parts without text).
  return (message.parts ?? []).map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('');
}
