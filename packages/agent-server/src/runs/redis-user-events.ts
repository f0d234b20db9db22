import { createHash } from 'node:crypto';
import type { ChainableCommander, Redis } from 'ioredis';
import { LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_MS } from '@x/agent-protocol/routes';
import type { RunLogUnavailableError, UserEventEntry, UserEventReader } from './run-log.js';
import { userEventQueue, type UserEventQueue } from './user-event-queue.js';

/** What the user events borrow from `redisRunLog`: its connections, deadlines and its one subscriber. */
export interface RedisUserEventDeps {
  prefix: string;
  command: <T>(fn: (redis: Redis) => Promise<T>) => Promise<T>;
  write: <T>(fn: (redis: Redis) => Promise<T>) => Promise<T>;
  exec: (build: (pipeline: ChainableCommander) => void) => Promise<unknown[]>;
  deadline: <T>(promise: Promise<T>) => Promise<T>;
  unavailable: (error: unknown, what: string) => RunLogUnavailableError;
  listen: (redisChannel: string, listener: (payload: string) => void, operation: string) => { off: () => void; subscribed: Promise<void> };
  /** Called when the subscriber connection lost Redis. */
  lostListeners: Set<() => void>;
}

type StreamEntry = [id: string, fields: string[]];

/**
 * Appends to the user's stream (trimmed to about `LIVE_EVENTS_KEPT`, expiring `LIVE_EVENTS_KEPT_MS`
 * after the newest event) and publishes `{id} {data}` on the user's channel, in one script: Redis
 * runs it atomically, so the channel's order is the stream's order even when several instances
 * publish for one user at once (a reader drops what is not after its last id without losing any).
 */
const PUBLISH_SCRIPT = `local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], id .. ' ' .. ARGV[2])
return id`;
const PUBLISH_SHA = createHash('sha1').update(PUBLISH_SCRIPT).digest('hex');

/** Runs the publish script by its hash (`EVALSHA`), sending its text only to a Redis that does not have it yet. */
async function runPublish(redis: Redis, keys: [string], args: string[]): Promise<unknown> {
  try {
    return await redis.evalsha(PUBLISH_SHA, 1, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return redis.eval(PUBLISH_SCRIPT, 1, ...keys, ...args);
  }
}

/** A Redis stream id as Redis writes it (`{ms}-{seq}`, no leading zeros); anything else is a cursor of no stream of ours. */
const STREAM_ID = /^(?:0|[1-9]\d{0,19})-(?:0|[1-9]\d{0,19})$/;

/** Stream id `a` comes after `b`. */
function streamIdAfter(a: string, b: string): boolean {
  const [aMs, aSeq] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bMs, bSeq] = b.split('-').map(BigInt) as [bigint, bigint];
  return aMs > bMs || (aMs === bMs && aSeq > bSeq);
}

const entryOf = ([id, fields]: StreamEntry): UserEventEntry => ({ cursor: id, data: fields[1] ?? '' });

/**
 * The live events of `redisRunLog`: a stream per user (`{prefix}events:{userId}`; the cursor is the
 * stream id) and a channel per user (`{prefix}events:{userId}`) on the log's one subscriber
 * connection, subscribed while at least one reader of that user is open on this instance. A
 * reader subscribes first, then reads what was kept after its cursor (`XRANGE (cursor +`), then
 * takes the published events after the last one it replayed: no gap, no double. An idle reader
 * costs a queue with nothing in it; a thousand of them, one connection.
 *
 * When the subscriber loses Redis, events published meanwhile never reach it: every open reader
 * then fails, and its client reconnects from its last cursor (the stream still has the events).
 */
export function redisUserEvents(deps: RedisUserEventDeps) {
  const streamKey = (userId: string) => `${deps.prefix}events:{${userId}}`;
  const channelOf = (userId: string) => `${deps.prefix}events:${userId}`;
  const readers = new Set<UserEventQueue>();
  const lost = () => {
    for (const reader of [...readers]) reader.fail(new Error('The run log (Redis) lost its subscriber connection: reconnect from the last event.'));
  };
  deps.lostListeners.add(lost);

  return {
    async publishUserEvent(userId: string, data: string): Promise<void> {
      try {
        await deps.write((redis) => runPublish(redis, [streamKey(userId)], [String(LIVE_EVENTS_KEPT), data, String(LIVE_EVENTS_KEPT_MS), channelOf(userId)]));
      } catch (error) {
        throw deps.unavailable(error, 'publish a live event');
      }
    },

    async readUserEvents(userId: string, afterCursor: string | null, signal: AbortSignal): Promise<UserEventReader> {
      const key = streamKey(userId);
      // Redis down: answer at once (the subscriber would wait for it to come back).
      try {
        await deps.command((redis) => redis.ping());
      } catch (error) {
        throw deps.unavailable(error, 'be read');
      }
      let off = () => {};
      const queue = userEventQueue({
        signal,
        isAfter: streamIdAfter,
        onClose: () => {
          readers.delete(queue);
          off();
        },
      });
      if (signal.aborted) return { reset: false, cursor: null, events: queue.events };
      readers.add(queue);
      const listening = deps.listen(
        channelOf(userId),
        (payload) => {
          const space = payload.indexOf(' ');
          if (space > 0) queue.push({ cursor: payload.slice(0, space), data: payload.slice(space + 1) });
        },
        'live events',
      );
      off = listening.off;
      const after = afterCursor !== null && STREAM_ID.test(afterCursor) ? afterCursor : null;
      let replies: unknown[];
      try {
        // Subscribed before the backlog is read: an event published in between is in one or the other (or both: dropped once).
        await deps.deadline(listening.subscribed);
        replies = await deps.exec((pipeline) => {
          pipeline.xrevrange(key, '+', '-', 'COUNT', 1);
          if (after !== null) pipeline.xrange(key, after, after).xrange(key, `(${after}`, '+');
        });
      } catch (error) {
        readers.delete(queue);
        off();
        throw deps.unavailable(error, 'be read');
      }
      const [tip, atCursor, backlog] = replies as [StreamEntry[], StreamEntry[] | undefined, StreamEntry[] | undefined];
      const cursor = tip[0]?.[0] ?? null;
      // Replayable when the cursor's own event is still kept: trimming drops the oldest first, so nothing after it is gone.
      const replayable = after !== null && atCursor?.length === 1;
      queue.release(replayable ? after : cursor, replayable ? (backlog ?? []).map(entryOf) : []);
      return { reset: afterCursor !== null && !replayable, cursor, events: queue.events };
    },

    close(): void {
      deps.lostListeners.delete(lost);
      for (const reader of [...readers]) reader.fail(new Error('The run log was closed.'));
      readers.clear();
    },
  };
}
