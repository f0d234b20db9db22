/**
 * Where the chat stands in the run it streams (resumable runs): the run's id (from the
 * `x-run-id` header or `data-run-state`) and the SSE id of the last event the chat has processed.
 * A reconnect after a dropped connection sends that id as `Last-Event-ID`, so the server continues
 * with the next chunk and the chat's half-built reply continues in place.
 */
export class RunCursor {
  runId: string | undefined;
  /** Last processed event id of the current stream; undefined: replay the run from its start. */
  lastEventId: string | undefined;
  /** True when the last reconnect found no active run (204): the run ended meanwhile. */
  ended = false;
  #drop: AbortController | undefined;

  /** Forgets the position: the next reconnect replays the run from its start. */
  reset(): void {
    this.lastEventId = undefined;
    this.ended = false;
  }

  /** A signal for the stream being opened now (a new one per response). */
  streamSignal(): AbortSignal {
    this.#drop = new AbortController();
    return this.#drop.signal;
  }

  /** Ends the current stream as a dropped connection would (the browser went offline). */
  disconnect(): void {
    this.#drop?.abort();
  }
}
