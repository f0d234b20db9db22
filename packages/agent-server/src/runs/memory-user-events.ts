import { LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_MS } from '@x/agent-protocol/routes';
import type { UserEventReader } from './run-log.js';
import { userEventQueue, type UserEventQueue } from './user-event-queue.js';

/** A user's kept events (newest last) and the readers open on them in this process. */
interface UserEvents {
  entries: { n: number; at: number; data: string }[];
  readers: Set<UserEventQueue>;
}

/**
 * The live events of `memoryRunLog` (`publishUserEvent` / `readUserEvents`): per user, the newest
 * `LIVE_EVENTS_KEPT` events for `LIVE_EVENTS_KEPT_MS` in an array, and the readers of this process.
 * A cursor is `{epoch}.{n}`: `n` counts the log's events, `epoch` names this log, so a cursor from
 * another process (a restart) is unknown here and resets the reader. One timer per log (not per
 * user or reader) drops what has expired.
 */
export function memoryUserEvents(options: { keptMs?: number; kept?: number } = {}) {
  const keptMs = options.keptMs ?? LIVE_EVENTS_KEPT_MS;
  const kept = options.kept ?? LIVE_EVENTS_KEPT;
  const epoch = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const users = new Map<string, UserEvents>();
  let count = 0;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  const cursorOf = (n: number) => `${epoch}.${n}`;
  /** The `n` of a cursor of this log, else undefined. */
  const nOf = (cursor: string): number | undefined => {
    const dot = cursor.lastIndexOf('.');
    if (dot < 0 || cursor.slice(0, dot) !== epoch) return undefined;
    const text = cursor.slice(dot + 1);
    const n = /^\d{1,15}$/.test(text) ? Number(text) : NaN;
    return Number.isSafeInteger(n) ? n : undefined;
  };
  const isAfter = (a: string, b: string) => (nOf(a) ?? -1) > (nOf(b) ?? -1);

  const expire = (user: UserEvents, now: number) => {
    let drop = Math.max(0, user.entries.length - kept);
    while (drop < user.entries.length && user.entries[drop]!.at <= now - keptMs) drop++;
    if (drop > 0) user.entries.splice(0, drop);
  };
  const sweep = () => {
    const now = Date.now();
    for (const [userId, user] of users) {
      expire(user, now);
      if (user.entries.length === 0 && user.readers.size === 0) users.delete(userId);
    }
    if (users.size === 0) stopSweeper();
  };
  const stopSweeper = () => {
    clearInterval(sweeper);
    sweeper = undefined;
  };
  const userOf = (userId: string): UserEvents => {
    let user = users.get(userId);
    if (!user) {
      users.set(userId, (user = { entries: [], readers: new Set() }));
      if (!sweeper) {
        sweeper = setInterval(sweep, Math.max(1_000, Math.min(keptMs, 60_000)));
        (sweeper as { unref?: () => void }).unref?.();
      }
    }
    return user;
  };

  return {
    async publish(userId: string, data: string): Promise<void> {
      const user = userOf(userId);
      const now = Date.now();
      const n = ++count;
      user.entries.push({ n, at: now, data });
      expire(user, now);
      const entry = { cursor: cursorOf(n), data };
      for (const reader of user.readers) reader.push(entry);
    },

    async read(userId: string, afterCursor: string | null, signal: AbortSignal): Promise<UserEventReader> {
      const user = userOf(userId);
      expire(user, Date.now());
      const tip = user.entries.at(-1);
      const cursor = tip ? cursorOf(tip.n) : null;
      // Replayable when the cursor's own event is still kept: nothing after it was dropped.
      const n = afterCursor === null ? undefined : nOf(afterCursor);
      const at = n === undefined ? -1 : user.entries.findIndex((entry) => entry.n === n);
      const reset = afterCursor !== null && at < 0;
      const backlog = at < 0 ? [] : user.entries.slice(at + 1).map((entry) => ({ cursor: cursorOf(entry.n), data: entry.data }));
      const queue = userEventQueue({
        signal,
        isAfter,
        onClose: () => {
          user.readers.delete(queue);
          if (user.readers.size === 0 && user.entries.length === 0 && users.get(userId) === user) users.delete(userId);
        },
      });
      if (!signal.aborted) user.readers.add(queue);
      queue.release(at < 0 ? cursor : afterCursor, backlog);
      return { reset, cursor, events: queue.events };
    },

    /** Readers open in this process (tests check that a closed stream leaves none). */
    readerCount(): number {
      let total = 0;
      for (const user of users.values()) total += user.readers.size;
      return total;
    },

    close(): void {
      stopSweeper();
      for (const user of users.values()) for (const reader of [...user.readers]) reader.fail(new Error('The run log was closed.'));
      users.clear();
    },
  };
}
