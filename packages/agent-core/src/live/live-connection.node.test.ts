import type { LiveEvent } from '@x/agent-protocol/routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeLive } from './live-connection.js';

/** A hand-written event stream: each request gets a body the test writes to (`send`) and ends (`drop`). */
function fakeServer(status = 200) {
  const requests: { url: string; headers: Headers; signal: AbortSignal | undefined; cache: RequestCache | undefined }[] = [];
  const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers), signal: init?.signal ?? undefined, cache: init?.cache });
    if (status !== 200) return new Response(JSON.stringify({ error: { code: 'store_required', message: 'No store.' } }), { status, headers: { 'content-type': 'application/json' } });
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void bodies.push(controller) });
    init?.signal?.addEventListener('abort', () => {
      try {
        bodies.at(-1)?.error(new DOMException('Aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-keep-alive-ms': '15000' } });
  };
  return {
    fetch,
    requests,
    send: (id: string, event: LiveEvent) => bodies.at(-1)!.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(event)}\n\n`)),
    drop: () => bodies.at(-1)!.close(),
  };
}

const renamed = (conversationId: string, title: string): LiveEvent => ({
  type: 'conversation-renamed',
  conversationId,
  how: 'renamed',
  conversation: { id: conversationId, agentId: 'a', title, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: 2, activeRunId: null, awaitingApproval: false, metadata: {} },
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.useRealTimers();
});

describe('subscribeLive', () => {
  it('shares one request among the subscribers of a server and user, and closes it when the last one goes', async () => {
    const server = fakeServer();
    const first: LiveEvent[] = [];
    const second: LiveEvent[] = [];
    const stopFirst = subscribeLive({ fetch: server.fetch, api: '/api/agent/', headers: { authorization: 'Bearer ann' } }, (e) => first.push(e));
    const stopSecond = subscribeLive({ fetch: server.fetch, api: '/api/agent', headers: { Authorization: 'Bearer ann' } }, (e) => second.push(e));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.url).toBe('/api/agent/events');
    expect(server.requests[0]!.headers.get('accept')).toBe('text/event-stream');
    server.send('1', renamed('c1', 'Plans'));
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first).toEqual(second);
    stopFirst();
    server.send('2', renamed('c1', 'Trip'));
    await vi.waitFor(() => expect(second).toHaveLength(2));
    expect(first).toHaveLength(1);
    stopSecond();
    await vi.waitFor(() => expect(server.requests[0]!.signal?.aborted).toBe(true));
    expect(server.requests).toHaveLength(1);
  });

  it('asks past the HTTP cache: a browser holds a second GET of the same URL (another tab, or a stream of other headers) behind the first while that one is open', async () => {
    // Seen in Chromium: with the chat's and the list's streams both open, the second one got no
    // event until the first ended (the cache lock on a GET of the same URL); `no-store` skips the cache.
    const server = fakeServer();
    stops.push(subscribeLive({ fetch: server.fetch }, () => {}));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.cache).toBe('no-store');
  });

  it('gives another user (other headers) a stream of their own', async () => {
    const server = fakeServer();
    stops.push(subscribeLive({ fetch: server.fetch, headers: { authorization: 'Bearer ann' } }, () => {}));
    stops.push(subscribeLive({ fetch: server.fetch, headers: { authorization: 'Bearer bob' } }, () => {}));
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests.map((r) => r.headers.get('authorization'))).toEqual(['Bearer ann', 'Bearer bob']);
  });

  it('opens the stream again after a drop, continuing after the last event (Last-Event-ID)', async () => {
    const server = fakeServer();
    const seen: string[] = [];
    stops.push(subscribeLive({ fetch: server.fetch }, (e) => seen.push(e.type === 'conversation-renamed' ? e.conversation.title! : e.type)));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.headers.has('last-event-id')).toBe(false);
    server.send('7', renamed('c1', 'Plans'));
    await vi.waitFor(() => expect(seen).toEqual(['Plans']));
    server.drop();
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1]!.headers.get('last-event-id')).toBe('7');
    server.send('8', renamed('c1', 'Trip'));
    await vi.waitFor(() => expect(seen).toEqual(['Plans', 'Trip']));
  });

  it('stops for good when the server has no store (501): one request, none for later subscribers', async () => {
    const server = fakeServer(501);
    stops.push(subscribeLive({ fetch: server.fetch }, () => {}));
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 600));
    stops.push(subscribeLive({ fetch: server.fetch }, () => {}));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests).toHaveLength(1);
  });
});
