import type { UIMessage } from 'ai';

/**
 * The queue's own edits (`useAgentChat`'s `editQueued`, `removeQueued`, `moveQueued`), on the
 * chat's queue: each says whether something changed (no such message, no room to move: false).
 */
interface QueueChat<MESSAGE extends UIMessage> {
  readonly experimental_queuedMessages: MESSAGE[];
  setQueue(queue: MESSAGE[]): void;
  experimental_removeQueuedMessage(id: string): void;
}

/** Replaces the text of queued message `id` (its files and metadata kept); an empty text changes nothing. */
export function editQueued<MESSAGE extends UIMessage>(chat: QueueChat<MESSAGE>, id: string, text: string): boolean {
  const queue = chat.experimental_queuedMessages;
  const at = queue.findIndex((m) => m.id === id);
  if (at === -1 || !text.trim()) return false;
  const message = queue[at]!;
  const edited = { ...message, parts: [...message.parts.filter((part) => part.type !== 'text'), { type: 'text', text }] as MESSAGE['parts'] };
  chat.setQueue([...queue.slice(0, at), edited, ...queue.slice(at + 1)]);
  return true;
}

/** Takes queued message `id` out of the queue. */
export function removeQueued<MESSAGE extends UIMessage>(chat: QueueChat<MESSAGE>, id: string): boolean {
  if (!chat.experimental_queuedMessages.some((m) => m.id === id)) return false;
  chat.experimental_removeQueuedMessage(id);
  return true;
}

/** Moves queued message `id` by `delta` places (negative: sooner), clamped to the ends. */
export function moveQueued<MESSAGE extends UIMessage>(chat: QueueChat<MESSAGE>, id: string, delta: number): boolean {
  const queue = chat.experimental_queuedMessages;
  const from = queue.findIndex((m) => m.id === id);
  if (from === -1) return false;
  const to = Math.max(0, Math.min(queue.length - 1, from + Math.trunc(delta)));
  if (to === from) return false;
  const next = queue.filter((m) => m.id !== id);
  next.splice(to, 0, queue[from]!);
  chat.setQueue(next);
  return true;
}
