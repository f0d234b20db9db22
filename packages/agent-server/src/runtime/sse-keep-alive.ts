import { KEEP_ALIVE_HEADER } from '@x/agent-protocol/routes';

/** How often a silent SSE stream (a turn, a resume) sends a comment, by default. */
export const DEFAULT_KEEP_ALIVE_MS = 15_000;

/**
 * The response header that tells the client the interval of {@link keepAlive} on this body
 * (`x-keep-alive-ms`; `0`: none): it takes two intervals without a byte as a dead connection.
 */
export function keepAliveHeader(intervalMs: number | undefined): Record<string, string> {
  const ms = intervalMs !== undefined && intervalMs > 0 && Number.isFinite(intervalMs) ? Math.round(intervalMs) : 0;
  return { [KEEP_ALIVE_HEADER]: String(ms) };
}

/** An SSE comment: every SSE parser (the AI SDK's, the browser's `EventSource`) skips it. */
const KEEP_ALIVE = new TextEncoder().encode(': keep-alive\n\n');

/** The keep-alive of one SSE response body. */
export interface KeepAlive {
  /** Bytes were just sent: the next comment is due `intervalMs` from now. */
  sent(): void;
  /** The body ended: no more comments. */
  stop(): void;
}

const NONE: KeepAlive = { sent() {}, stop() {} };

/**
 * Sends `: keep-alive` on `controller` whenever nothing was sent for `intervalMs` (0 or less: never),
 * so a proxy does not close an idle stream and a client can tell a silent model from a dead
 * connection. `onIdle` runs after each comment (a resume checks that its run is still alive).
 * The timer does not keep the process alive and stops by itself once the body is closed.
 */
export function keepAlive(controller: ReadableStreamDefaultController<Uint8Array>, intervalMs: number, onIdle?: () => void): KeepAlive {
  if (!(intervalMs > 0) || !Number.isFinite(intervalMs)) return NONE;
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    timer = setTimeout(tick, delay);
    (timer as { unref?: () => void }).unref?.();
  };
  const tick = () => {
    if (stopped) return;
    const idle = Date.now() - last;
    if (idle < intervalMs) return schedule(intervalMs - idle);
    try {
      controller.enqueue(KEEP_ALIVE);
    } catch {
      // Closed or cancelled: nothing to keep alive.
      stopped = true;
      return;
    }
    last = Date.now();
    schedule(intervalMs);
    onIdle?.();
  };
  schedule(intervalMs);
  return {
    sent() {
      last = Date.now();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
