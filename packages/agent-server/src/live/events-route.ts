import { RunLogUnavailableError, type RunLog, type UserEventEntry, type UserEventReader } from '../runs/run-log.js';
import { HttpError } from '../http/error-response.js';
import { keepAlive, keepAliveHeader, type KeepAlive } from '../runtime/sse-keep-alive.js';
import type { ConversationStore } from '../store/types.js';

export interface EventsRouteContext {
  runLog: RunLog | undefined;
  /** An SSE comment after this much silence (0 or absent: none). */
  keepAliveMs?: number | undefined;
  userId: string;
}

const encoder = new TextEncoder();
const RESET_DATA = JSON.stringify({ type: 'reset' });

/**
 * The SSE headers of the live event stream (not a UI message stream: no AI SDK header). `no-store`:
 * a browser's HTTP cache must not hold a second tab's request for the same URL behind this endless one.
 */
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' } as const;

/** Why `GET {basePath}/events` is unavailable on this server: 501 without a store (the client stops asking). */
export function eventsUnavailable(store: ConversationStore | undefined): HttpError | undefined {
  return store ? undefined : new HttpError('store_required', 'Live events need a server with a conversation store.');
}

/** One SSE event: `id:` (when there is one) and its `data:` line. */
const sseEvent = (cursor: string | null, data: string) => encoder.encode(`${cursor === null ? '' : `id: ${cursor}\n`}data: ${data}\n\n`);

/**
 * `GET {basePath}/events` (agent-protocol `live-events.ts`): the live events of the signed-in user
 * as SSE, each `id: {cursor}` + `data: {LiveEvent}`, after the `Last-Event-ID` header (what a
 * reconnecting EventSource sends) or `?cursor=` (validated by the route's id rule). A cursor the
 * log cannot replay from starts the stream with `{ type: 'reset' }` (its id is the newest kept
 * event's, so the next reconnect follows on). Keep-alive comments as `x-keep-alive-ms` announces.
 * 404 when the run log carries no live events (your own `RunLog` without `readUserEvents`); 503
 * `run_log_unavailable` when it cannot be read. The stream releases its reader as soon as the client
 * goes away.
 */
export async function eventsRoute(request: Request, queryCursor: string | undefined, ctx: EventsRouteContext): Promise<Response> {
  const runLog = ctx.runLog;
  if (!runLog?.readUserEvents) throw new HttpError('not_found', "This server's run log carries no live events (its RunLog has no readUserEvents).");
  const header = request.headers.get('last-event-id');
  const cursor = header !== null && header !== '' ? header : (queryCursor ?? null);
  // The reader stops when the client goes away: the request's signal, or a cancelled body where the
  // platform does not abort the signal.
  const stop = new AbortController();
  const signal = AbortSignal.any([request.signal, stop.signal]);
  let reader: UserEventReader;
  try {
    reader = await runLog.readUserEvents(ctx.userId, cursor, signal);
  } catch (error) {
    stop.abort();
    if (error instanceof RunLogUnavailableError) throw new HttpError('run_log_unavailable', 'The run log that carries live events is unavailable; try again shortly.');
    throw error;
  }
  const events: AsyncIterator<UserEventEntry> = reader.events[Symbol.asyncIterator]();
  let alive: KeepAlive | undefined;
  let resetPending = reader.reset;
  const end = () => {
    alive?.stop();
    stop.abort();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        alive = keepAlive(controller, ctx.keepAliveMs ?? 0);
      },
      async pull(controller) {
        if (resetPending) {
          resetPending = false;
          controller.enqueue(sseEvent(reader.cursor, RESET_DATA));
          alive?.sent();
          return;
        }
        let next: IteratorResult<UserEventEntry>;
        try {
          next = await events.next();
        } catch (error) {
          // The log was lost mid-stream: the stream is cut and the client reconnects from its last id.
          end();
          controller.error(error);
          return;
        }
        if (next.done) {
          end();
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
          return;
        }
        controller.enqueue(sseEvent(next.value.cursor, next.value.data));
        alive?.sent();
      },
      async cancel() {
        end();
        await events.return?.().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { ...SSE_HEADERS, ...keepAliveHeader(ctx.keepAliveMs) } });
}
