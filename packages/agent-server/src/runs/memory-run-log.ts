import { markDbSystem } from '../tracing/db-spans.js';
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
 * listeners. A second instance cannot see these runs: use `redisRunLog()` behind a load balancer.
 *
 * An append is an array push (no timer, no promise unless a reader waits), so writing the log costs
 * the stream next to nothing.
 */
export function memoryRunLog(options: MemoryRunLogOptions = {}): RunLog {
  const expireAfterMs = options.expireAfterMs ?? DEFAULT_RUN_LOG_EXPIRE_MS;
  const runs = new Map<string, MemoryRun>();
  const stopListeners = new Map<string, Set<() => void>>();

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
      // A copy: a listener that unsubscribes while called must not skip the next one.
      for (const listener of [...(stopListeners.get(runId) ?? [])]) {
        try {
          listener();
        } catch {
          // A failing listener must not keep the others from stopping their run.
        }
      }
    },

    onStop(runId: string, listener: () => void): () => void {
      let listeners = stopListeners.get(runId);
      if (!listeners) stopListeners.set(runId, (listeners = new Set()));
      const own = () => listener();
      listeners.add(own);
      return () => {
        const current = stopListeners.get(runId);
        if (!current) return;
        current.delete(own);
        if (current.size === 0) stopListeners.delete(runId);
      };
    },

    async close(): Promise<void> {
      for (const [runId, run] of [...runs]) drop(runId, run);
      stopListeners.clear();
    },
  }, 'memory');
}
