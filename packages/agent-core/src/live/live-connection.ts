import { liveEventPaths, type LiveEvent } from '@x/agent-protocol/routes';
import { apiBase, resolveHeaders, type ConnectionOptions } from '../endpoints.js';
import { DEFAULT_IDLE_TIMEOUT_MS, idleTimeoutFor, readWithin } from '../idle-timeout.js';
import { backoffDelay } from '../reconnect-backoff.js';
import { createSseDataDecoder } from '../sse-data-decoder.js';

/** Hears every event of the user's live stream. */
export type LiveListener = (event: LiveEvent) => void;

/** Statuses after which the stream is never asked for again on this page: no store (501), no route (404). */
const FOR_GOOD: ReadonlySet<number> = new Set([404, 501]);

/** One open (or re-opening) event stream, shared by every subscriber of the same server and user. */
interface SharedStream {
  readonly key: string;
  readonly fetchKey: object;
  readonly connection: ConnectionOptions;
  readonly listeners: Set<LiveListener>;
  /** The id of the last event handed on: a re-connect continues after it (`Last-Event-ID`). */
  cursor: string | undefined;
  attempt: number;
  controller: AbortController | undefined;
  /** Wakes a backoff wait early (the browser came back online). */
  wake: (() => void) | undefined;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
}

/** Page-wide: the open streams by fetch function, then by server and user. */
const streams = new WeakMap<object, Map<string, SharedStream>>();
/** Page-wide: the servers (by fetch, then key) that answered 501/404: no store, nothing to follow. */
const refused = new WeakMap<object, Set<string>>();
/** The key of `globalThis.fetch` (an app that passes no `fetch`). */
const GLOBAL_FETCH = {};

/**
 * Which stream a connection shares: the same server (`api`), credentials and request headers (the
 * user: an auth header; a cookie is the same for the whole page) over the same `fetch`.
 */
function keyOf(connection: ConnectionOptions): string {
  const headers = [...resolveHeaders(connection.headers)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([apiBase(connection.api), connection.credentials ?? '', headers]);
}

function mapOf<V>(map: WeakMap<object, V>, key: object, create: () => V): V {
  let value = map.get(key);
  if (!value) map.set(key, (value = create()));
  return value;
}

/**
 * Follows the user's live event stream (`GET {api}/events`) of `connection`: `listener` hears every
 * event. One request serves every subscriber of the page with the same server, headers and fetch
 * (ref-counted: it closes when the last one stops). A dropped or failed stream opens again after a
 * backoff (at once when the browser comes back online), continuing after the last event
 * (`Last-Event-ID`); a server without a store (501) or without the route (404) is never asked
 * again on this page. Returns how to stop.
 */
export function subscribeLive(connection: ConnectionOptions, listener: LiveListener): () => void {
  const fetchKey = connection.fetch ?? GLOBAL_FETCH;
  const key = keyOf(connection);
  if (refused.get(fetchKey)?.has(key)) return () => {};
  const byKey = mapOf(streams, fetchKey, () => new Map<string, SharedStream>());
  let stream = byKey.get(key);
  if (!stream) {
    stream = { key, fetchKey, connection, listeners: new Set(), cursor: undefined, attempt: 0, controller: undefined, wake: undefined, closeTimer: undefined };
    byKey.set(key, stream);
  }
  const shared = stream;
  // A wrapper per subscription: the same function subscribed twice is two subscribers.
  const own: LiveListener = (event) => listener(event);
  shared.listeners.add(own);
  clearTimeout(shared.closeTimer);
  shared.closeTimer = undefined;
  if (!shared.controller) void follow(shared);
  return () => {
    if (!shared.listeners.delete(own) || shared.listeners.size > 0) return;
    // A view that lets go and shows again at once (a conversation switch, StrictMode) keeps the stream.
    shared.closeTimer = setTimeout(() => close(shared), 0);
  };
}

function close(stream: SharedStream): void {
  if (stream.listeners.size > 0) return;
  stream.controller?.abort();
  stream.controller = undefined;
  stream.wake?.();
  if (streams.get(stream.fetchKey)?.get(stream.key) === stream) streams.get(stream.fetchKey)!.delete(stream.key);
}

const alive = (stream: SharedStream, controller: AbortController) => !controller.signal.aborted && stream.listeners.size > 0;

/** Reads the stream, and opens it again after a drop, until no one listens or the server has no events. */
async function follow(stream: SharedStream): Promise<void> {
  const controller = new AbortController();
  stream.controller = controller;
  while (alive(stream, controller)) {
    const answer = await read(stream, controller);
    if (answer === 'for-good') {
      mapOf(refused, stream.fetchKey, () => new Set<string>()).add(stream.key);
      stream.listeners.clear();
      close(stream);
      return;
    }
    if (!alive(stream, controller)) return;
    await backoff(stream, controller);
  }
}

/** One request of the stream: hands its events on; resolves when it ends, how it ended. */
async function read(stream: SharedStream, controller: AbortController): Promise<'for-good' | 'again'> {
  const { connection } = stream;
  const headers = resolveHeaders(connection.headers);
  headers.set('accept', 'text/event-stream');
  if (stream.cursor !== undefined) headers.set('last-event-id', stream.cursor);
  let response: Response;
  try {
    response = await (connection.fetch ?? globalThis.fetch)(liveEventPaths.events(apiBase(connection.api)), {
      method: 'GET',
      headers,
      // Past the HTTP cache: a browser holds a GET behind another open GET of the same URL (its cache
      // lock), so a second stream of the page or another tab heard nothing until the first ended.
      cache: 'no-store',
      signal: controller.signal,
      ...(connection.credentials ? { credentials: connection.credentials } : {}),
    });
  } catch {
    return 'again';
  }
  if (FOR_GOOD.has(response.status)) {
    await response.body?.cancel().catch(() => {});
    return 'for-good';
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {});
    return 'again';
  }
  stream.attempt = 0;
  const silence = idleTimeoutFor(undefined, response.headers, DEFAULT_IDLE_TIMEOUT_MS);
  const decode = createSseDataDecoder();
  const reader = response.body.getReader();
  // A fetch that does not end its body on abort still lets go of the stream when the last subscriber goes.
  const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true }));
  aborted.catch(() => {});
  try {
    for (;;) {
      const { done, value } = await readWithin(reader, silence, [aborted]);
      if (done) break;
      for (const data of decode(value)) deliver(stream, data);
      if (decode.lastEventId !== undefined) stream.cursor = decode.lastEventId;
    }
  } catch {
    // dropped, silent for too long, or aborted: the caller decides whether to open it again
  } finally {
    reader.cancel().catch(() => {});
  }
  return 'again';
}

function deliver(stream: SharedStream, data: string): void {
  let event: LiveEvent;
  try {
    event = JSON.parse(data) as LiveEvent;
  } catch {
    return; // not an event of this protocol
  }
  if (typeof event?.type !== 'string') return;
  for (const listener of [...stream.listeners]) {
    try {
      listener(event);
    } catch (error) {
      // One subscriber's failure does not keep the event from the others.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/** Waits before the next attempt ({@link backoffDelay}); the browser coming back online ends the wait. */
function backoff(stream: SharedStream, controller: AbortController): Promise<void> {
  const delay = backoffDelay(stream.attempt++);
  return new Promise((resolve) => {
    const target = typeof window !== 'undefined' && typeof window.addEventListener === 'function' ? window : undefined;
    const done = () => {
      clearTimeout(timer);
      target?.removeEventListener('online', done);
      controller.signal.removeEventListener('abort', done);
      stream.wake = undefined;
      resolve();
    };
    const timer = setTimeout(done, delay);
    target?.addEventListener('online', done);
    controller.signal.addEventListener('abort', done);
    stream.wake = done;
  });
}
