/** The texts of the queue under a streaming reply, long pasted text and long messages (`AgentUIStrings['queue']`). */
export interface QueueStrings {
  /** The queue's list name. */
  list: string;
  /** The send button's name while a reply streams (the message joins the queue). */
  queueSend: string;
  /** One queued message's row name: its place in line. */
  item: (position: number, count: number) => string;
  edit: string;
  save: string;
  cancel: string;
  editLabel: string;
  moveUp: string;
  moveDown: string;
  sendNow: string;
  remove: string;
  /** Announced when the queue changed. */
  queued: (count: number) => string;
  moved: (position: number, count: number) => string;
  /** Shown while the queue waits for the user and the reason is not known. */
  paused: string;
  /** Shown while the queue waits for the user after the reply failed. */
  pausedFailed: string;
  /** Shown while the queue waits for the user after they stopped the reply. */
  pausedStopped: string;
  /** Shown while the queue waits for the user after a reload brought it back (the reply before it may have finished normally). */
  pausedRestored: string;
  /** A long pasted text's chip. */
  pastedText: string;
  pastedSummary: (lines: number, chars: number) => string;
  expand: string;
  collapse: string;
  removePasted: string;
  showMore: string;
  showLess: string;
}
