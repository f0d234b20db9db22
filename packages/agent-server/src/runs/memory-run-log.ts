import { markDbSystem } from '../tracing/db-spans.js';
import { memoryUserEvents } from './memory-user-events.js';
import { DEFAULT_RUN_LOG_EXPIRE_MS, type RunLog, type RunLogEntry, type RunLogReader, type RunLogWriter, type RunMeta } from './run-log.js';

export interface MemoryRunLogOptions {
  /**
   * How long a run's entries are kept after it ended (default 10 minutes); an open run that wrote
   * nothing for this long (and at most twice this long) is dropped too.
   */
  expireAfterMs?: number;
}

/** One run in memory. `entries[seq]` is the chunk's JSON text. */
interface MemoryRun {
  meta: RunMeta;
  entries: string[];
  ended: boolean;
  /** Dropped from the log (expired or closed): its writer drops, its readers stop. */
  gone: boolean;
  /** Resolves when something changes; made only when a reader waits, so an append with no reader allocates nothing. */
  change: { promise: Promise<void>; resolve: () => void } | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** `entries.length` when the silence timer last looked. */
  seen: number;
}

/**
 * The in-process run log (the embedded default): one instance, nothing to install. A run's chunks are
 * kept in an array while it runs and for `expireAfterMs` after it ended; a Stop calls this process's
 * listeners, and so does a delivery (`deliver`). A user's live events (`publishUserEvent`) are kept
 * per user, the newest `LIVE_EVENTS_KEPT` for `LIVE_EVENTS_KEPT_MS`, and reach this process's readers. A second instance cannot see these runs: use `redisRunLog()` behind a load balancer.
 *
 * An append is an array push (no timer, no promise unless a reader waits), so writing the log costs
 * the stream next to nothing.
 */
export function memoryRunLog(options: MemoryRunLogOptions = {}): RunLog {
  const expireAfterMs = options.expireAfterMs ?? DEFAULT_RUN_LOG_EXPIRE_MS;
  const runs = new Map<string, MemoryRun>();
  const stops = listenerMap<undefined>();
  const deliveries = listenerMap<string>();
  const userEvents = memoryUserEvents();

  const wake = (run: MemoryRun) => {
    const change = run.change;
    if (change === undefined) return;
    run.change = undefined;
    change.resolve();
  };

  const drop = (runId: string, run: MemoryRun) => {
    clearTimeout(run.timer);
    run.timer = undefined;
    run.gone = true;
    if (runs.get(runId) === run) runs.delete(runId);
    wake(run);
  };

  const schedule = (run: MemoryRun, check: () => void) => {
    run.timer = setTimeout(check, expireAfterMs);
    (run.timer as { unref?: () => void }).unref?.();
  };

  // An open run is checked every `expireAfterMs`: one that wrote nothing since the last look is dropped.
  // (A per-append timer refresh would cost every chunk; this costs one timer per run.)
  const watchSilence = (runId: string, run: MemoryRun) => {
    const check = () => {
      if (run.ended || run.gone) return;
      if (run.entries.length === run.seen) return drop(runId, run);
      run.seen = run.entries.length;
      schedule(run, check);
    };
    schedule(run, check);
  };

  async function* entries(run: MemoryRun, afterSeq: number, signal: AbortSignal): AsyncGenerator<RunLogEntry> {
    // An abort wakes every waiting reader of the run; each checks its own signal.
    const onAbort = () => wake(run);
    signal.addEventListener('abort', onAbort);
    try {
      let seq = afterSeq + 1;
      for (;;) {
        if (signal.aborted) return;
        if (seq < run.entries.length) {
          yield { seq, data: run.entries[seq]! };
          seq++;
          continue;
        }
        if (run.ended || run.gone) return;
        if (run.change === undefined) {
          let resolve!: () => void;
          const promise = new Promise<void>((r) => (resolve = r));
          run.change = { promise, resolve };
        }
        await run.change.promise;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  return markDbSystem({
    open(meta: RunMeta): RunLogWriter {
      const previous = runs.get(meta.runId);
      if (previous) drop(meta.runId, previous);
      const run: MemoryRun = { meta, entries: [], ended: false, gone: false, change: undefined, timer: undefined, seen: 0 };
      runs.set(meta.runId, run);
      watchSilence(meta.runId, run);
      return {
        append(data: string) {
          if (run.ended || run.gone) return;
          run.entries.push(data);
          if (run.change !== undefined) wake(run);
        },
        async end() {
          if (run.ended || run.gone) return;
          run.ended = true;
          clearTimeout(run.timer);
          schedule(run, () => drop(meta.runId, run));
          wake(run);
        },
      };
    },

    async read(runId: string, afterSeq: number, signal: AbortSignal): Promise<RunLogReader | null> {
      const run = runs.get(runId);
      if (!run) return null;
      return { meta: run.meta, ended: run.ended, entries: entries(run, afterSeq, signal) };
    },

    async requestStop(runId: string): Promise<void> {
      stops.call(runId, undefined);
    },

    onStop(runId: string, listener: () => void): () => void {
      return stops.add(runId, () => listener());
    },

    async deliver(channel: string, payload: string): Promise<number> {
      return deliveries.call(channel, payload);
    },

    onDelivery(channel: string, listener: (payload: string) => void): () => void {
      return deliveries.add(channel, (payload) => listener(payload));
    },

    publishUserEvent: userEvents.publish,
    readUserEvents: userEvents.read,

    async close(): Promise<void> {
      userEvents.close();
      for (const [runId, run] of [...runs]) drop(runId, run);
      stops.clear();
      deliveries.clear();
    },
  }, 'memory');
}

/** Listeners by key (a run's stop, a delivery channel), in this process. */
function listenerMap<T>() {
  const byKey = new Map<string, Set<(value: T) => void>>();
  return {
    /** Adds `listener` (its own entry: the same function added twice is called twice); returns its removal. */
    add(key: string, listener: (value: T) => void): () => void {
      let listeners = byKey.get(key);
      if (!listeners) byKey.set(key, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        const current = byKey.get(key);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) byKey.delete(key);
      };
    },
    /** Calls the listeners of `key`; how many were called. */
    call(key: string, value: T): number {
      // A copy: a listener that unsubscribes while called must not skip the next one.
      const listeners = [...(byKey.get(key) ?? [])];
      for (const listener of listeners) {
        try {
          listener(value);
        } catch {
          // A failing listener must not keep the others from getting theirs.
        }
      }
      return listeners.length;
    },
    clear: () => byKey.clear(),
  };
}
