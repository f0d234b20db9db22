/**
 * The run log (ARCHITECTURE §7): a run's UI message stream, written as it is produced, readable again
 * from any chunk by any client on any instance, and the channel a Stop takes to the instance that
 * runs the run. Implementations: `memoryRunLog()` (in process, the embedded default) and
 * `redisRunLog()` (several instances). `@x/agent-server/testing` has a conformance suite.
 *
 * Entries are the JSON text of UI message chunks (what follows `data: ` on the wire), numbered from 0
 * (`seq`). A run is `open` until `end`; after `end` (or after `expireAfterMs` of silence while open)
 * its entries expire, so nothing grows without bound.
 */
export interface RunLog {
  /**
   * Starts the log of a run. Never throws: a log that cannot be written (Redis down) must not fail
   * the run; the writer then drops its entries and reports the failure through `onError`.
   */
  open(meta: RunMeta): RunLogWriter;
  /**
   * Reads a run: its meta, and its entries after `afterSeq` (−1 = from the first), the ones written so
   * far and then the new ones as they are written, until the run ends or `signal` aborts. `null`
   * when the log does not hold the run (unknown, expired, its instance died without a shared log).
   * Throws `RunLogUnavailableError` when the log cannot be read.
   */
  read(runId: string, afterSeq: number, signal: AbortSignal): Promise<RunLogReader | null>;
  /** Asks whichever instance runs `runId` to stop it (Redis: pub/sub). Throws `RunLogUnavailableError`. */
  requestStop(runId: string): Promise<void>;
  /** Calls `listener` on this instance when a stop of `runId` is requested on any instance. */
  onStop(runId: string, listener: () => void): () => void;
  /** Releases connections and timers (the server never calls it; tests and apps do). */
  close?(): Promise<void>;
}

/** What the log keeps about a run besides its chunks. */
export interface RunMeta {
  runId: string;
  conversationId: string;
  userId: string;
  agentId: string;
  /** The `sharedState` of the request that started the run (comes back with a resume). */
  sharedState?: Record<string, unknown> | undefined;
  startedAt: number;
}

export interface RunLogEntry {
  seq: number;
  /** The chunk's JSON text. */
  data: string;
}

export interface RunLogWriter {
  /** Appends the next chunk (its `seq` is the count of chunks appended before). Ordered; never throws. */
  append(data: string): void;
  /** The run ended: readers finish after its last entry; the entries expire after `expireAfterMs`. */
  end(): Promise<void>;
}

export interface RunLogReader {
  meta: RunMeta;
  /** True when the run already ended (the entries are all there). */
  ended: boolean;
  entries: AsyncIterable<RunLogEntry>;
}

/** The run log cannot be reached (the resume and stop routes answer 503 `run_log_unavailable`). */
export class RunLogUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RunLogUnavailableError';
  }
}

/** How long a run's entries are kept after it ended, by default. */
export const DEFAULT_RUN_LOG_EXPIRE_MS = 10 * 60_000;
