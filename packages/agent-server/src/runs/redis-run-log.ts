import { assertInstalled, importOptional, type OptionalPackage } from '../config/optional-package.js';
import { markDbSystem } from '../tracing/db-spans.js';
import type { ChainableCommander, Redis, RedisOptions } from 'ioredis';
import { redisUserEvents } from './redis-user-events.js';
import { DEFAULT_RUN_LOG_EXPIRE_MS, RunLogUnavailableError, type RunLog, type RunLogEntry, type RunLogReader, type RunLogWriter, type RunMeta } from './run-log.js';

/** Where `redisRunLog` (`@x/agent-server/redis`) finds Redis: a url (it opens and closes its own connections) or your ioredis client. */
export type RedisRunLogConnection =
  | {
      /** `redis://[:password@]host:6379[/db]`. The log opens its own connections and closes them in `close()`. */
      url: string;
    }
  | {
      /**
       * Your ioredis client, used for the log's commands (the log never closes it). The subscriber and
       * the live readers' blocking connections are `client.duplicate()`s the log owns.
       */
      client: Redis;
    };

/** Options of `redisRunLog`: expiry, key prefix, batching, command timeout, error reports. */
export interface RedisRunLogOptions {
  /** How long a run's entries are kept after it ended (default 10 minutes). */
  expireAfterMs?: number;
  /**
   * How long an open run's entries are kept after its last append (default twice `expireAfterMs`):
   * a run whose instance died without ending it expires after this much silence.
   */
  openExpireAfterMs?: number;
  /** Prefix of every key and of the stop channel (default `xkit:run:`). */
  keyPrefix?: string;
  /**
   * Appends within this window go out as one stream entry (one XADD; default 10 ms): a fast model's
   * burst costs one command, and a live reader sees chunks at most this much later.
   */
  batchMs?: number;
  /** A command that gets no answer within this time fails (default 2,000 ms): Redis down never hangs a run. */
  commandTimeoutMs?: number;
  /**
   * Called once per failure episode (a writer that drops its run's entries, a subscriber that lost
   * Redis) — default `console.warn`, one line. The run itself never fails because of the log.
   */
  onError?: (error: Error, context: { runId?: string; operation: string }) => void;
}

type Fields = string[];
type StreamEntry = [id: string, fields: Fields];

/** Entries per page of the backlog (XRANGE); a live read blocks this long before it checks the run again. */
const PAGE = 64;
/** A stream entry holds at most about this many characters of chunks (so a page is at most ~4 MB). */
const MAX_ENTRY_CHARS = 64 * 1024;
const BLOCK_MS = 5_000;

const IOREDIS: OptionalPackage = { pkg: 'ioredis', path: 'runLog', feature: 'redisRunLog' };

/**
 * The run log for several instances (ARCHITECTURE §7), on ioredis: one stream per run. Appends
 * collect for `batchMs` and go out as one entry (`XADD key 0-{last seq + 1} {seq} {chunk} {seq}
 * {chunk} …`), so the turn never waits for Redis and a fast model's burst costs one command; entry
 * ids grow with the chunks' `seq`, so a read from any `seq` is one `XRANGE` from `0-{seq + 2}`. An
 * end entry (`e`) tells readers the run is over; the run's meta is a key beside the stream; both
 * keep a safety TTL while the run is open and expire `expireAfterMs` after it ends.
 *
 * Live readers: each gets its own blocking connection (`XREAD BLOCK` from where its backlog ended),
 * opened only when it catches up with a run still open and closed when the run ends, its signal
 * aborts or it stops reading. Resumers are few (a reloaded tab while a run streams), so a connection
 * each is cheap; a shared poller would have to interrupt its blocking read (`CLIENT UNBLOCK` from a
 * second connection) every time a reader joins, and one slow reader would hold up the others.
 *
 * Stop: `PUBLISH {prefix}stop <runId>`; each log keeps one subscriber connection, opened with the first
 * `onStop`, and calls the listeners of the run named. Every instance receives every stop; stops are
 * rare, and one channel needs no SUBSCRIBE round trip per run.
 *
 * Deliveries (`deliver`/`onDelivery`, e.g. the answer to a remote agent's question): `PUBLISH
 * {prefix}deliver:<channel> <payload>` on the same subscriber connection's channels, one SUBSCRIBE per
 * channel while it has listeners, so PUBLISH's reply (the subscribers reached) tells whether any
 * instance listens. A delivery sent in the moment before the SUBSCRIBE went out reaches nobody.
 *
 * Users' live events (`publishUserEvent`/`readUserEvents`, `GET {basePath}/events`): a short stream
 * and a channel per user, the channel subscribed on the same subscriber connection while the user
 * has a reader on this instance (`redis-user-events.ts`).
 *
 * Redis going away: commands fail fast (no offline queue, one retry, `commandTimeoutMs`), a writer
 * drops its entries after its first failure and reports it once through `onError`; `read` and
 * `requestStop` throw `RunLogUnavailableError` (the routes answer 503 `run_log_unavailable`).
 * ioredis (an optional peer: `npm install ioredis`; import from `@x/agent-server/redis`) loads lazily, on
 * the first use; a missing one is a `ConfigError` where the log is created.
 *
 * Why not the AI SDK's `resumable-stream`: it resumes by skipping characters, not from a chunk id
 * (our `Last-Event-ID` is a chunk `seq`), keeps nothing in Redis until a resumer asks (a resume then
 * depends on the producing instance answering over pub/sub), and has no stop channel (its issue #19).
 * Streams give a durable, ordered, expiring log with reads from any entry in one command.
 */
export function redisRunLog(connection: RedisRunLogConnection, options: RedisRunLogOptions = {}): RunLog {
  // `ioredis` is an optional peer: with a url the log opens its own connections, so it must be installed.
  if (!('client' in connection)) assertInstalled(IOREDIS);
  const expireAfterMs = options.expireAfterMs ?? DEFAULT_RUN_LOG_EXPIRE_MS;
  const openExpireAfterMs = options.openExpireAfterMs ?? 2 * expireAfterMs;
  const prefix = options.keyPrefix ?? 'xkit:run:';
  const timeoutMs = options.commandTimeoutMs ?? 2_000;
  const batchMs = options.batchMs ?? 10;
  const stopChannel = `${prefix}stop`;
  /** A delivery channel's Redis channel (`deliver`/`onDelivery`). */
  const deliveryPrefix = `${prefix}deliver:`;
  const report =
    options.onError ?? ((error: Error, context: { runId?: string; operation: string }) => console.warn(`[agent-server] redisRunLog ${context.operation}${context.runId ? ` (run ${context.runId})` : ''}: ${error.message}`));
  // Hash tags keep a run's two keys on one cluster slot.
  const streamKey = (runId: string) => `${prefix}{${runId}}:s`;
  const metaKey = (runId: string) => `${prefix}{${runId}}:m`;
  const stopKey = (runId: string) => `${prefix}{${runId}}:stop`;
  const safeOptions: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs,
  };

  let closed = false;
  let mainPromise: Promise<Redis> | undefined;
  const owned = new Set<Redis>();
  const own = (redis: Redis) => {
    owned.add(redis);
    // Without a listener ioredis prints every connection error; the operations report their own.
    redis.on('error', () => {});
    redis.once('end', () => owned.delete(redis));
    return redis;
  };
  const main = () =>
    (mainPromise ??= (async () => {
      if ('client' in connection) return connection.client;
      const { Redis: RedisClass } = await importOptional(IOREDIS, () => import('ioredis'));
      return own(new RedisClass(connection.url, safeOptions));
    })());
  /** A new connection the log owns: a duplicate of the user's client or another one to the url. */
  const extra = async (override: RedisOptions): Promise<Redis> => {
    if ('client' in connection) return own(connection.client.duplicate({ ...safeOptions, ...override }));
    const { Redis: RedisClass } = await importOptional(IOREDIS, () => import('ioredis'));
    return own(new RedisClass(connection.url, { ...safeOptions, ...override }));
  };

  /** Waits for a connection that is still connecting; fails at once when it is known to be down. */
  const ready = async (redis: Redis): Promise<Redis> => {
    if (redis.status === 'ready') return redis;
    if (redis.status === 'end' || redis.status === 'close' || redis.status === 'reconnecting') throw new Error(`Redis connection is ${redis.status}`);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`Redis not ready after ${timeoutMs} ms`)), timeoutMs);
      const onReady = () => done();
      const onEnd = () => done(new Error('Redis connection closed'));
      const done = (error?: Error) => {
        clearTimeout(timer);
        redis.off('ready', onReady);
        redis.off('end', onEnd);
        if (error) reject(error);
        else resolve();
      };
      redis.on('ready', onReady);
      redis.on('end', onEnd);
    });
    return redis;
  };
  /** Our own deadline on top of ioredis's: a user's client may queue commands while offline. */
  const deadline = <T>(promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Redis command timed out after ${timeoutMs} ms`)), timeoutMs);
      promise.then(
        (value) => (clearTimeout(timer), resolve(value)),
        (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  const command = async <T>(fn: (redis: Redis) => Promise<T>): Promise<T> => deadline((async () => fn(await ready(await main())))());
  /**
   * The writer's path: on the log's own connection, once ready, a command goes straight out (its
   * `commandTimeout` bounds it; no timer of ours per batch); otherwise as `command`.
   */
  let ownReady: Redis | undefined;
  const write = <T>(fn: (redis: Redis) => Promise<T>): Promise<T> => {
    if (ownReady?.status === 'ready') return fn(ownReady);
    return command(async (redis) => {
      if (!('client' in connection)) ownReady = redis;
      return fn(redis);
    });
  };
  const exec = async (build: (pipeline: ChainableCommander) => void): Promise<unknown[]> =>
    command(async (redis) => {
      const pipeline = redis.pipeline();
      build(pipeline);
      return checkExec(await pipeline.exec());
    });
  const unavailable = (error: unknown, what: string) =>
    new RunLogUnavailableError(`The run log (Redis) cannot ${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });

  // Stop listeners of the runs this instance runs, and the one subscriber connection.
  const stopListeners = new Map<string, Set<() => void>>();
  // Listeners of the other channels on this instance (deliveries, users' live events), by Redis
  // channel: each channel is one SUBSCRIBE while it has listeners.
  const channels = new Map<string, { listeners: Set<(payload: string) => void>; subscribed: Promise<void> }>();
  /** Called when the subscriber lost Redis: what was published meanwhile is lost to it. */
  const lostListeners = new Set<() => void>();
  let subscriber: Promise<Redis> | undefined;
  const subscribe = () =>
    (subscriber ??= (async () => {
      // The subscriber reconnects by itself (and resubscribes) when Redis comes back.
      const redis = await extra({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
      redis.on('message', (channel: string, message: string) => {
        if (channel === stopChannel) {
          for (const listener of [...(stopListeners.get(message) ?? [])]) listener();
          return;
        }
        for (const listener of [...(channels.get(channel)?.listeners ?? [])]) {
          try {
            listener(message);
          } catch {
            // A failing listener must not keep the others from getting the payload.
          }
        }
      });
      let reported = false;
      redis.on('error', (error: Error) => {
        if (!reported) report(error, { operation: 'stop subscriber' });
        reported = true;
      });
      redis.on('ready', () => (reported = false));
      redis.on('reconnecting', () => {
        for (const lost of [...lostListeners]) lost();
      });
      await redis.subscribe(stopChannel);
      return redis;
    })());
  const reportError = (operation: string) => (error: unknown) => report(error instanceof Error ? error : new Error(String(error)), { operation });
  /** Runs `act` on the subscriber connection (in call order); a subscriber that cannot be made is reported and made anew next time. */
  const onSubscriber = (act: (redis: Redis) => Promise<unknown>, operation: string): Promise<void> =>
    subscribe().then(
      async (redis) => void (await act(redis)),
      (error: unknown) => {
        subscriber = undefined;
        throw error instanceof Error ? error : new Error(String(error));
      },
    ).catch((error: unknown) => {
      reportError(operation)(error);
      throw error;
    });
  /**
   * Calls `listener` with each payload published on `redisChannel`, through the one subscriber
   * connection: SUBSCRIBE with the channel's first listener, UNSUBSCRIBE after its last (both go out
   * in order on that connection, which resubscribes by itself after a reconnect). `subscribed`
   * resolves once Redis confirmed the SUBSCRIBE (it rejects when that failed).
   */
  const listen = (redisChannel: string, listener: (payload: string) => void, operation: string): { off: () => void; subscribed: Promise<void> } => {
    let entry = channels.get(redisChannel);
    if (!entry) {
      const subscribed = onSubscriber((redis) => redis.subscribe(redisChannel), `subscribe to ${operation}`);
      subscribed.catch(() => {});
      channels.set(redisChannel, (entry = { listeners: new Set(), subscribed }));
    }
    const mine = entry;
    const own = (payload: string) => listener(payload);
    mine.listeners.add(own);
    let active = true;
    return {
      subscribed: mine.subscribed,
      off() {
        if (!active) return;
        active = false;
        if (channels.get(redisChannel) !== mine) return;
        mine.listeners.delete(own);
        if (mine.listeners.size > 0) return;
        channels.delete(redisChannel);
        if (!closed) onSubscriber((redis) => redis.unsubscribe(redisChannel), `unsubscribe from ${operation}`).catch(() => {});
      },
    };
  };

  const userEvents = redisUserEvents({ prefix, command, write, exec, deadline, unavailable, listen, lostListeners });

  const open = (meta: RunMeta): RunLogWriter => {
    const { runId } = meta;
    const sKey = streamKey(runId);
    const mKey = metaKey(runId);
    /** The number of chunks appended so far (the next chunk's seq). */
    let seq = 0;
    let broken = false;
    let ended = false;
    /** The batch being collected: `[seq, data, seq, data, …]` (a stream entry's fields). */
    let pending: string[] = [];
    let pendingBytes = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRefresh = Date.now();
    let flushing: Promise<void> = Promise.resolve();
    const fail = (error: unknown) => {
      if (broken) return;
      broken = true;
      pending = [];
      pendingBytes = 0;
      report(error instanceof Error ? error : new Error(String(error)), { runId, operation: 'write (this run will not be resumable)' });
    };
    // One XADD per batch, its entry id the batch's last seq + 1. Commands on one connection stay in
    // order, so flushes need no chaining for order, only for `end()` to wait for the last one.
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (broken || pending.length === 0) return;
      const fields = pending;
      pending = [];
      pendingBytes = 0;
      const id = `0-${seq}`;
      const refresh = Date.now() - lastRefresh > openExpireAfterMs / 4;
      if (refresh) lastRefresh = Date.now();
      const done = write<unknown>((redis) =>
        refresh ? redis.pipeline().xadd(sKey, id, ...fields).pexpire(sKey, openExpireAfterMs).pexpire(mKey, openExpireAfterMs).exec().then(checkExec) : redis.xadd(sKey, id, ...fields),
      ).then(() => {}, fail);
      flushing = flushing.then(() => done);
    };
    const started = exec((pipeline) => {
      pipeline.set(mKey, JSON.stringify(meta), 'PX', openExpireAfterMs);
    }).then(() => {}, fail);
    flushing = started;
    return {
      append(data: string) {
        if (ended) return;
        const current = seq++;
        if (broken) return;
        pending.push(String(current), data);
        pendingBytes += data.length;
        // A burst that never yields to the event loop (the timer cannot fire) still goes out in
        // bounded entries: a reader's page stays small.
        if (pendingBytes >= MAX_ENTRY_CHARS) flush();
        else timer ??= setTimeout(flush, batchMs);
      },
      async end() {
        if (ended) return;
        ended = true;
        flush();
        // The end entry is written even after a failure (Redis came back): readers then stop instead
        // of waiting for entries that were dropped.
        const endId = `0-${seq + 1}`;
        await flushing;
        try {
          await exec((pipeline) => {
            pipeline.xadd(sKey, endId, 'e', '1').pexpire(sKey, expireAfterMs).pexpire(mKey, expireAfterMs);
          });
        } catch (error) {
          fail(error);
        }
      },
    };
  };

  const read = async (runId: string, afterSeq: number, signal: AbortSignal): Promise<RunLogReader | null> => {
    const sKey = streamKey(runId);
    let first: StreamEntry[];
    let last: StreamEntry[];
    let metaText: string | null;
    try {
      const [m, tip, entries] = await exec((pipeline) => {
        pipeline.get(metaKey(runId)).xrevrange(sKey, '+', '-', 'COUNT', 1).xrange(sKey, `0-${afterSeq + 2}`, '+', 'COUNT', PAGE);
      });
      metaText = m as string | null;
      last = tip as StreamEntry[];
      first = entries as StreamEntry[];
    } catch (error) {
      throw unavailable(error, 'be read');
    }
    if (metaText === null) return null;
    const meta = JSON.parse(metaText) as RunMeta;
    const ended = last[0] !== undefined && isEnd(last[0]);
    // A live read starts at the cursor, or at the last entry when the cursor is past it (older
    // entries that arrive are skipped).
    const lastSeq = last[0] ? idSeq(last[0][0]) : -1;
    return { meta, ended, entries: tail(sKey, afterSeq, Math.min(afterSeq, lastSeq), ended, first, signal) };
  };

  async function* tail(sKey: string, afterSeq: number, liveFrom: number, ended: boolean, first: StreamEntry[], signal: AbortSignal): AsyncGenerator<RunLogEntry> {
    let expected = afterSeq + 1;
    let page: StreamEntry[] | null = first;
    let lastId = `0-${liveFrom + 1}`;
    /** Yields a page's entries; false when the run is over (its end entry, or a gap left by dropped writes). */
    function* emit(entries: StreamEntry[]): Generator<RunLogEntry, boolean> {
      for (const entry of entries) {
        if (isEnd(entry)) return false;
        lastId = entry[0];
        const fields = entry[1];
        for (let i = 0; i + 1 < fields.length; i += 2) {
          const seq = Number(fields[i]);
          if (seq < expected) continue;
          if (seq > expected) return false;
          expected += 1;
          yield { seq, data: fields[i + 1]! };
        }
      }
      return true;
    }
    // The backlog, a page at a time.
    while (page) {
      if (signal.aborted) return;
      if (!(yield* emit(page))) return;
      if (page.length < PAGE) break;
      try {
        page = (await command((redis) => redis.xrange(sKey, `0-${expected + 1}`, '+', 'COUNT', PAGE))) as StreamEntry[];
      } catch (error) {
        throw unavailable(error, 'be read');
      }
    }
    // Live: the run is still open. A blocking connection of its own, closed on every way out.
    if (ended || signal.aborted) return;
    const blocking = await extra({ commandTimeout: BLOCK_MS + timeoutMs, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    const onAbort = () => blocking.disconnect();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await ready(blocking).catch((error: unknown) => {
        throw unavailable(error, 'be read');
      });
      for (;;) {
        if (signal.aborted) return;
        let result: [string, StreamEntry[]][] | null;
        try {
          result = (await blocking.xread('COUNT', PAGE, 'BLOCK', BLOCK_MS, 'STREAMS', sKey, lastId)) as [string, StreamEntry[]][] | null;
        } catch (error) {
          if (signal.aborted) return;
          throw unavailable(error, 'be read');
        }
        const entries = result?.[0]?.[1] ?? [];
        if (entries.length > 0) {
          if (!(yield* emit(entries))) return;
          continue;
        }
        // Nothing for a while: a run whose instance died expires; its readers end then.
        const exists = await blocking.exists(sKey).catch((error: unknown) => {
          if (signal.aborted) return 0;
          throw unavailable(error, 'be read');
        });
        if (exists === 0) return;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      blocking.disconnect();
    }
  }

  return markDbSystem({
    open,
    read,
    async requestStop(runId: string) {
      try {
        // The key covers a run whose instance subscribes a moment after the PUBLISH (onStop checks it).
        await exec((pipeline) => {
          pipeline.set(stopKey(runId), '1', 'PX', expireAfterMs).publish(stopChannel, runId);
        });
      } catch (error) {
        throw unavailable(error, 'send a stop');
      }
    },
    onStop(runId: string, listener: () => void) {
      let listeners = stopListeners.get(runId);
      if (!listeners) stopListeners.set(runId, (listeners = new Set()));
      // Called once, by the message or by the stop key a stop requested before the subscription left.
      let active = true;
      const once = () => {
        if (!active) return;
        off();
        listener();
      };
      const off = () => {
        active = false;
        const current = stopListeners.get(runId);
        current?.delete(once);
        if (current?.size === 0) stopListeners.delete(runId);
      };
      listeners.add(once);
      subscribe().then(
        () => {
          if (!active) return;
          // Redis down: the subscriber delivers the stops sent once it is back.
          command((redis) => redis.exists(stopKey(runId))).then((requested) => requested && once(), () => {});
        },
        (error: unknown) => {
          subscriber = undefined;
          report(error instanceof Error ? error : new Error(String(error)), { runId, operation: 'subscribe to stops' });
        },
      );
      return off;
    },
    async deliver(channel: string, payload: string) {
      try {
        // PUBLISH answers how many subscribed connections got it: one per instance listening on the channel.
        return await command((redis) => redis.publish(deliveryPrefix + channel, payload));
      } catch (error) {
        throw unavailable(error, 'deliver a message');
      }
    },
    onDelivery(channel: string, listener: (payload: string) => void) {
      return listen(deliveryPrefix + channel, listener, `deliveries (${channel})`).off;
    },
    publishUserEvent: userEvents.publishUserEvent,
    readUserEvents: userEvents.readUserEvents,
    async close() {
      if (closed) return;
      closed = true;
      stopListeners.clear();
      channels.clear();
      userEvents.close();
      const connections = [...owned];
      owned.clear();
      await Promise.all(
        connections.map(async (redis) => {
          try {
            if (redis.status === 'ready') await deadline(redis.quit());
            else redis.disconnect();
          } catch {
            redis.disconnect();
          }
        }),
      );
    },
  }, 'redis');
}

/** The replies of a pipeline or transaction; throws its first error. */
function checkExec(results: [error: Error | null, result: unknown][] | null): unknown[] {
  const failed = (results ?? []).find(([error]) => error);
  if (failed?.[0]) throw failed[0];
  return (results ?? []).map(([, value]) => value);
}

const isEnd = (entry: StreamEntry) => entry[1][0] === 'e';
/** Entry ids are `0-{seq + 1}`. */
const idSeq = (id: string) => Number(id.slice(id.indexOf('-') + 1)) - 1;
