import type { UIMessage } from 'ai';

/**
 * The queue's local edits (`useAgentChat`'s `editQueued`, `removeQueued`, `moveQueued`): each answers
 * the new list, or undefined when there is nothing to change (no such message, no room to move).
 */

/** The queue with the text of message `id` replaced (its files and metadata kept). */
export function withQueuedText<MESSAGE extends UIMessage>(queue: readonly MESSAGE[], id: string, text: string): MESSAGE[] | undefined {
  const at = queue.findIndex((m) => m.id === id);
  if (at === -1 || !text.trim()) return undefined;
  const message = queue[at]!;
  const others = message.parts.filter((part) => part.type !== 'text');
  const edited = { ...message, parts: [...others, { type: 'text', text }] as MESSAGE['parts'] };
  return [...queue.slice(0, at), edited, ...queue.slice(at + 1)];
}

/** The queue without message `id`. */
export function withoutQueued<MESSAGE extends UIMessage>(queue: readonly MESSAGE[], id: string): MESSAGE[] | undefined {
  return queue.some((m) => m.id === id) ? queue.filter((m) => m.id !== id) : undefined;
}

/** The queue with message `id` moved by `delta` places (negative: sooner), clamped to the ends. */
export function withQueuedMoved<MESSAGE extends UIMessage>(queue: readonly MESSAGE[], id: string, delta: number): MESSAGE[] | undefined {
  const from = queue.findIndex((m) => m.id === id);
  if (from === -1) return undefined;
  const to = Math.max(0, Math.min(queue.length - 1, from + Math.trunc(delta)));
  if (to === from) return undefined;
  const next = queue.filter((m) => m.id !== id);
  next.splice(to, 0, queue[from]!);
  return next;
}
