'use client';
import { sendQueue } from '@x/agent-react/queue';
import { QueuedMessages } from '../composer/queued-messages.js';
import type { AgentChatPlugin } from './plugin.js';

export { QueuedMessages };
export type { QueueStrings } from '../composer/queue-strings.js';

const QUEUE: AgentChatPlugin = { name: 'queue', chatOptions: { queue: sendQueue }, AboveComposer: QueuedMessages };

/**
 * The send queue (README "Plug-ins"): a message sent while a reply streams (or an approval waits)
 * joins a queue above the composer — edit, reorder, remove or send it now — and is sent when the
 * reply ends. Without it, Send is a Stop button while a reply streams. `QueuedMessages` is the list,
 * for a chat composed from the parts.
 */
export function queue(): AgentChatPlugin {
  return QUEUE;
}
