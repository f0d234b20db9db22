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
  /**
   * Sends `payload` to the listeners of `channel` on every instance (Redis: `PUBLISH`) and resolves
   * how many received it (0: nobody listens on any instance). The kit uses it to hand a person's
   * answer to a remote agent's question to the instance whose tool call waits for it. Throws
   * `RunLogUnavailableError`. Optional: without it (your own run log), such an answer only reaches
   * a question asked on the instance that receives it.
   */
  deliver?(channel: string, payload: string): Promise<number>;
  /** Calls `listener` on this instance with each payload delivered to `channel` from any instance; returns the unsubscribe. */
  onDelivery?(channel: string, listener: (payload: string) => void): () => void;
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

/** The run log cannot be reached (the resume, stop and remote-answer routes answer 503 `run_log_unavailable`). */
export class RunLogUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RunLogUnavailableError';
  }
}

/** How long a run's entries are kept after it ended, by default. */
export const DEFAULT_RUN_LOG_EXPIRE_MS = 10 * 60_000;
