import { KEEP_ALIVE_HEADER } from '@x/agent-protocol/routes';

/**
 * The keep-alive interval the client assumes of the kit's server when an answer does not announce
 * one (a proxy dropped the header): the server's default.
 */
export const ASSUMED_KEEP_ALIVE_MS = 15_000;

/** How long a reply stream may stay silent before it counts as dropped, by default: two keep-alives. */
export const DEFAULT_IDLE_TIMEOUT_MS = 2 * ASSUMED_KEEP_ALIVE_MS;

/** The keep-alive interval a response announces ({@link KEEP_ALIVE_HEADER}, ms; 0: none), or undefined. */
export function announcedKeepAliveMs(headers: Headers | undefined): number | undefined {
  const raw = headers?.get(KEEP_ALIVE_HEADER)?.trim();
  return raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * How long one response may stay silent (ms; 0: no limit): the app's `option` when it set one;
 * else two of the keep-alive intervals the response announces (an announced 0 — the server sends no
 * keep-alives — means silence is no sign: no limit); else `fallback`.
 */
export function idleTimeoutFor(option: number | undefined, headers: Headers | undefined, fallback: number): number {
  if (option !== undefined) return option;
  const announced = announcedKeepAliveMs(headers);
  return announced === undefined ? fallback : 2 * announced;
}

/** A stream that went silent ({@link connectionLost}): a `TypeError`, as a dropped connection's. */
class SilentConnectionError extends TypeError {}

/**
 * The error of a stream that went silent for `ms`: a `TypeError` that names the network, so the chat
 * takes it as a disconnect (re-attach with resumable runs; otherwise an error that keeps the reply).
 */
export function connectionLost(ms: number): TypeError {
  return new SilentConnectionError(`Connection lost: the network was silent for ${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}.`);
}

/**
 * One read of `reader`, raced with `others` (e.g. a disconnect signal's rejection) and, when `ms` is
 * above 0, with a watchdog: nothing within `ms` rejects with {@link connectionLost}. The watchdog
 * runs only while the read waits (a slow consumer is not silence).
 */
export function readWithin<T>(reader: ReadableStreamDefaultReader<T>, ms: number, others: readonly Promise<never>[] = []): Promise<ReadableStreamReadResult<T>> {
  if (!(ms > 0)) return others.length > 0 ? Promise.race([reader.read(), ...others]) : reader.read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(connectionLost(ms)), ms)));
  return Promise.race([reader.read(), ...others, silent]).finally(() => clearTimeout(timer));
}

/**
 * `body` with a watchdog: when a read brings nothing (not a byte: a keep-alive comment counts) for
 * `ms`, the source is cancelled, `onSilent` hears {@link connectionLost}, and the stream ends as a cut
 * connection does — closed, not errored: a consumer that rethrows the error of cancelling an errored
 * stream (`@ag-ui/client`'s reader does, for anything but an `AbortError`) would otherwise leave an
 * unhandled rejection. `ms` 0 or less: `body` itself.
 */
export function withIdleTimeout(body: ReadableStream<Uint8Array>, ms: number, onSilent: (error: TypeError) => void): ReadableStream<Uint8Array> {
  if (!(ms > 0)) return body;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>;
        try {
          result = await readWithin(reader, ms);
        } catch (error) {
          reader.cancel(error).catch(() => {});
          if (error instanceof SilentConnectionError) {
            onSilent(error);
            controller.close();
          } else controller.error(error);
          return;
        }
        if (result.done) controller.close();
        else controller.enqueue(result.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
