import type { UserEventEntry } from './run-log.js';

/**
 * The events waiting for one reader of a user's live events (`readUserEvents`): what was published
 * and not read yet, nothing more. An idle reader holds an empty array and no timer. Entries whose
 * cursor is not after the last one taken (`after`) are dropped, so a backlog replayed from the log
 * and the live events that arrived meanwhile join without a gap or a double.
 */
export interface UserEventQueue {
  /** Adds a published event (dropped when it is not after the last one taken; held until `release`). */
  push(entry: UserEventEntry): void;
  /** The log was lost: the reader throws `error` once it has read what is queued. */
  fail(error: Error): void;
  /**
   * Starts the reader: `backlog` first, then what was pushed meanwhile, each only when after `from` (the
   * cursor the reader starts after; null: take everything).
   */
  release(from: string | null, backlog: readonly UserEventEntry[]): void;
  events: AsyncIterable<UserEventEntry>;
}

/**
 * A queue for one reader. `isAfter(a, b)`: cursor `a` comes after `b` in the log's order. Live
 * events wait until `release` (a log that subscribes first, then replays its backlog). `onClose`
 * runs once, when `signal` aborts or the reader stops reading, whichever is first: it removes the
 * reader from the log's listeners (an abort alone releases it, even when nobody ever reads). With
 * a signal aborted already the queue is closed from the start and `onClose` never runs.
 */
export function userEventQueue(options: {
  signal: AbortSignal;
  isAfter: (a: string, b: string) => boolean;
  onClose: () => void;
}): UserEventQueue {
  const { signal, isAfter } = options;
  let pending: UserEventEntry[] = [];
  let held: UserEventEntry[] | undefined = [];
  let last: string | null = null;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let closed = false;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    signal.removeEventListener('abort', onAbort);
    pending = [];
    held = undefined;
    options.onClose();
  };
  const onAbort = () => {
    close();
    notify();
  };
  // Made with an aborted signal: closed from the start (the caller registered nothing).
  if (signal.aborted) closed = true;
  else signal.addEventListener('abort', onAbort, { once: true });

  const take = (entry: UserEventEntry) => {
    if (last !== null && !isAfter(entry.cursor, last)) return;
    last = entry.cursor;
    pending.push(entry);
  };

  async function* events(): AsyncGenerator<UserEventEntry> {
    try {
      for (;;) {
        if (closed) return;
        const next = pending.shift();
        if (next) {
          yield next;
          continue;
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      close();
    }
  }

  return {
    push(entry) {
      if (closed) return;
      if (held) return void held.push(entry);
      take(entry);
      notify();
    },
    fail(error) {
      if (closed || failure) return;
      failure = error;
      notify();
    },
    release(from, backlog) {
      if (closed) return;
      last = from;
      const meanwhile = held ?? [];
      held = undefined;
      for (const entry of backlog) take(entry);
      for (const entry of meanwhile) take(entry);
      notify();
    },
    events: events(),
  };
}
