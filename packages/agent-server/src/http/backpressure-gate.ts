/**
 * Carries the HTTP consumer's demand back to a stream that would otherwise be read eagerly.
 *
 * The AI SDK's `createUIMessageStream` reads every stream given to `writer.merge()` as fast as
 * it produces and queues it, whatever the response's reader does — so a slow client makes the
 * server hold the whole reply in memory and run the model at full speed. The gate fixes that
 * without replacing the SDK function:
 *
 * ```ts
 * const gate = createBackpressureGate();
 * const stream = createUIMessageStream({ execute: ({ writer }) => writer.merge(gate.gate(agentStream)) });
 * return createUIMessageStreamResponse({ stream: gate.meter(stream) });
 * ```
 *
 * `meter` wraps the outer stream (what the response sends): while its reader waits for a chunk,
 * the gate is open; `gate` wraps the inner stream and reads from it only while the gate is open.
 * Chunks the outer stream drops never deadlock it (the gate stays open until something comes
 * out), and the buffering left is the few chunks the SDK's internal transforms hold.
 */
export interface BackpressureGate {
  /**
   * Wraps the outer stream; its reads open the gate. Use the result as the response stream.
   * `onCancel` runs when the consumer cancels it (the client went away) — one wrapper instead of
   * two stream hops per chunk.
   */
  meter<T>(outer: ReadableStream<T>, options?: { onCancel?: (reason: unknown) => void }): ReadableStream<T>;
  /**
   * Resolves when the metered stream has demand (`undefined` when it has now: no promise, no
   * microtask). A loop that reads the inner stream itself awaits it before each read.
   */
  waitForDemand(): Promise<void> | undefined;
  /** Wraps a stream to be merged; it is read only while the metered stream has demand. */
  gate<T>(inner: ReadableStream<T>): ReadableStream<T>;
}

export function createBackpressureGate(): BackpressureGate {
  let open = false;
  let closed = false;
  let waiters: (() => void)[] = [];
  const release = () => {
    const list = waiters;
    waiters = [];
    for (const w of list) w();
  };
  const demand = (): Promise<void> | undefined => (open || closed ? undefined : new Promise<void>((r) => waiters.push(r)));

  return {
    waitForDemand: demand,

    meter<T>(outer: ReadableStream<T>, options: { onCancel?: (reason: unknown) => void } = {}): ReadableStream<T> {
      const reader = outer.getReader();
      return new ReadableStream<T>(
        {
          async pull(controller) {
            open = true;
            release();
            try {
              const { done, value } = await reader.read();
              if (done) {
                closed = true;
                release();
                controller.close();
              } else controller.enqueue(value);
            } finally {
              open = false;
            }
          },
          async cancel(reason) {
            closed = true;
            release();
            options.onCancel?.(reason);
            await reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
    },

    gate<T>(inner: ReadableStream<T>): ReadableStream<T> {
      const reader = inner.getReader();
      return new ReadableStream<T>(
        {
          async pull(controller) {
            await demand();
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
          async cancel(reason) {
            await reader.cancel(reason);
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
}
