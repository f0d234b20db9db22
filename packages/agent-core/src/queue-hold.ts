import type { AgentUIMessage } from '@x/agent-protocol';
import type { UITools } from 'ai';
import type { ChatSession } from './chat-session.js';
import type { QueuePausedReason } from './chat-store.js';

type Message<TOOLS extends UITools> = AgentUIMessage<TOOLS>;

/** The queue waits for the user, for `reason` (shown to them: a restored queue never claims a failure). */
export function pauseQueue<TOOLS extends UITools>(session: ChatSession<TOOLS>, reason: QueuePausedReason): void {
  session.store.setHistory({ queuePaused: true, queuePausedReason: reason });
}

/** The queue goes on by itself again. */
export function unpauseQueue<TOOLS extends UITools>(session: ChatSession<TOOLS>): void {
  session.store.setHistory({ queuePaused: false, queuePausedReason: undefined });
}

/** Sets the queue without saving it (it came from where it is kept, or is only held aside). */
export function setQueueQuietly<TOOLS extends UITools>(session: ChatSession<TOOLS>, queue: Message<TOOLS>[]): void {
  session.restoringQueue = true;
  try {
    session.chat.setQueue(queue);
  } finally {
    session.restoringQueue = false;
  }
}

/**
 * Runs `stop` with the queue held aside, then puts it back paused: a Stop never fires the next
 * queued message (a stop through the server ends the reply normally, which would).
 */
export async function stopHoldingQueue<TOOLS extends UITools>(session: ChatSession<TOOLS>, stop: () => Promise<void>): Promise<void> {
  const held = session.chat.experimental_queuedMessages;
  if (held.length === 0) return stop();
  setQueueQuietly(session, []);
  try {
    await stop();
    // The SDK looks at its queue a few microtasks after the reply ended: let it find it empty.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    setQueueQuietly(session, [...held, ...session.chat.experimental_queuedMessages]);
    pauseQueue(session, 'stopped');
  }
}
