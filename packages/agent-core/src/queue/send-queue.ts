import { followQueue, restoreQueue, sendQueuedNow } from '../queue.js';
import { editQueued, moveQueued, removeQueued } from '../queue-edits.js';
import { stopHoldingQueue } from '../queue-hold.js';
import { defineQueue } from '../queue-hooks.js';
import type { SendQueue } from '../types.js';

/**
 * The send queue, the value of the chat's `queue` option: a message sent while a reply streams (or
 * while an approval waits) joins a queue and is sent when its turn comes, one turn after the other.
 * The queue survives a reload (on the server while it owns the history, else in this tab's
 * sessionStorage) and comes back paused; a Stop or a failed reply pauses it; `editQueued`,
 * `removeQueued`, `moveQueued` and `sendNow` change it.
 */
export const sendQueue: SendQueue = defineQueue({
  follow: followQueue,
  restore: restoreQueue,
  sendNow: sendQueuedNow,
  edit: (session, id, text) => editQueued(session.chat, id, text),
  remove: (session, id) => removeQueued(session.chat, id),
  move: (session, id, delta) => moveQueued(session.chat, id, delta),
  stopHolding: stopHoldingQueue,
});
