import type { UIMessage } from 'ai';

/** What holding the queue needs from a session. */
interface QueueHolder<MESSAGE extends UIMessage> {
  chat: { readonly experimental_queuedMessages: MESSAGE[]; setQueue(queue: MESSAGE[]): void };
  store: { setHistory(history: { queuePaused: boolean }): void };
  restoringQueue: boolean;
}

/**
 * Runs `stop` with the queue held aside, then puts it back paused: a Stop never fires the next
 * queued message (a stop through the server ends the reply normally, which would).
 */
export async function stopHoldingQueue<MESSAGE extends UIMessage>(session: QueueHolder<MESSAGE>, stop: () => Promise<void>): Promise<void> {
  const held = session.chat.experimental_queuedMessages;
  if (held.length === 0) return stop();
  const quietly = (queue: MESSAGE[]) => {
    session.restoringQueue = true;
    try {
      session.chat.setQueue(queue);
    } finally {
      session.restoringQueue = false;
    }
  };
  quietly([]);
  try {
    await stop();
    // The SDK looks at its queue a few microtasks after the reply ended: let it find it empty.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } finally {
    quietly([...held, ...session.chat.experimental_queuedMessages]);
    session.store.setHistory({ queuePaused: true });
  }
}
