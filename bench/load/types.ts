/** What the processes of `pnpm bench:load` hand each other (JSON on argv and stdout). */

/** `instance.ts`'s argument. */
export interface InstanceOptions {
  postgres: string;
  redis: string;
  /** Text deltas per reply and the pace between them (20 chunks/s: 50 ms). */
  deltas: number;
  intervalMs: number;
  /** Connections of the store's `pg` pool (the store's own default: 10). */
  poolSize: number;
  /** The run log on an ioredis client with `enableAutoPipelining` (an A/B of a possible fix). */
  autoPipelining: boolean;
}

/** `GET /__stats` of an instance: counters since it started, event-loop delay and pool-wait peak since the last reset. */
export interface InstanceStats {
  pid: number;
  eldP99Ms: number;
  eldMaxMs: number;
  rssMB: number;
  /** Process CPU time (user + system), µs. */
  cpuUs: number;
  openStreams: number;
  peakOpenStreams: number;
  /** Responses closed (finished or cut). */
  responses: number;
  status5xx: number;
  poolSize: number;
  poolTotal: number;
  poolWaiting: number;
  /** Most callers waiting for a `pg` connection at once (sampled every 20 ms). */
  poolWaitingPeak: number;
}

/** `generator.ts`'s argument: C replies split over the instances, or idle event-stream subscribers. */
export type GeneratorPlan =
  | {
      mode: 'replies';
      ports: number[];
      /** This generator's replies: global indices `first` … `first + count - 1` of `total`. */
      first: number;
      count: number;
      total: number;
      /** Starts are spread evenly over this window (by global index). */
      staggerMs: number;
      /** Every stream is cut at this deadline; the read-back after it has its own. */
      deadlineMs: number;
      readBackDeadlineMs: number;
      /** Prefix of conversation ids and users (unique per level). */
      tag: string;
      /** Distinct users the conversations belong to. */
      users: number;
    }
  | { mode: 'subscribe'; ports: number[]; first: number; count: number; tag: string; deadlineMs: number };

/** One generator's replies, after the streams ended (`phase: 'streamed'`). */
export interface StreamedResult {
  phase: 'streamed';
  started: number;
  /** Streams read to their end (`[DONE]`) with status 200. */
  completed: number;
  /** SSE events received (every chunk of every reply). */
  chunks: number;
  textDeltas: number;
  /** Gaps between deliveries of text (reads ≥ 1 ms apart that carried a text delta), ms (0.1 ms resolution). */
  gaps: number[];
  ttfbMs: number[];
  firstDeltaMs: number[];
  status5xx: number;
  /** Non-200 answers that are not 5xx, network errors, streams cut by the deadline, out-of-order ids. */
  errors: { status4xx: number; network: number; timeout: number; incomplete: number; outOfOrder: number };
  firstError?: string;
  cpuUs: number;
  eldP99Ms: number;
  wallMs: number;
}

/** The read-back after the streams (`phase: 'readBack'`): every stored reply against what was streamed. */
export interface ReadBackResult {
  phase: 'readBack';
  checked: number;
  /** Stored reply text ≠ streamed text (or no stored reply by the deadline). */
  mismatched: number;
  missing: number;
  status5xx: number;
  firstMismatch?: string;
}

/** Idle subscribers: `ready` once every stream answered, `closed` after stdin closed. */
export interface SubscribeResult {
  phase: 'ready' | 'closed';
  opened: number;
  statuses: Record<string, number>;
  events: number;
  bytes: number;
  errors: number;
  firstError?: string;
}
