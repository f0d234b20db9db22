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
  /**
   * Appends `data` (a `LiveEvent`'s JSON text) to the live events of `userId` and hands it to that
   * user's open readers on every instance (`GET {basePath}/events`, ARCHITECTURE §7 "Live on every
   * tab"). The log keeps the user's newest `LIVE_EVENTS_KEPT` events for at least
   * `LIVE_EVENTS_KEPT_MS` so a reconnect misses nothing. Throws `RunLogUnavailableError` (the server
   * reports it and goes on: a write never fails because of an event). Optional, with
   * `readUserEvents`: without both (your own run log) the server publishes nothing and the events
   * route answers 404.
   */
  publishUserEvent?(userId: string, data: string): Promise<void>;
  /**
   * Reads the live events of `userId`: first the kept ones after `afterCursor` (null: none, only the
   * new ones), then each new one as it is published on any instance, until `signal` aborts (the
   * reader then releases what it holds at once). A cursor this log cannot replay from (older than
   * what is kept, from another log, garbage) gives `reset: true` and the new events only. Throws
   * `RunLogUnavailableError` when the log cannot be read.
   */
  readUserEvents?(userId: string, afterCursor: string | null, signal: AbortSignal): Promise<UserEventReader>;
  /** Releases connections and timers (the server never calls it; tests and apps do). */
  close?(): Promise<void>;
}

/** One live event of a user as the run log carries it. */
export interface UserEventEntry {
  /** Opaque and increasing within one log: a reader started after it gets the events that follow it. */
  cursor: string;
  /** The event's JSON text. */
  data: string;
}

/** What `readUserEvents` answers. */
export interface UserEventReader {
  /** The cursor asked for could not be replayed from: the reader shows what it holds anew, then follows. */
  reset: boolean;
  /** The newest event's cursor when the read began (null: none kept): where a reset stream stands. */
  cursor: string | null;
  /** The kept events after the cursor, then the live ones; ends when `signal` aborts; throws when the log is lost mid-read (the client reconnects from its last cursor). */
  events: AsyncIterable<UserEventEntry>;
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
