// Resumable runs on the client (issue 12, ARCHITECTURE §7) driven through the core, against the real
// server with a store: re-attach on mount, after a dropped connection, Stop through the stop route,
// events once per id, and the shared-state snapshot a run started from.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { memoryStore } from '@x/agent-server/store';
import { RUN_ID_HEADER } from '@x/agent-protocol/routes';
import { z } from 'zod';
import { testServer, textOf } from '../test-utils/test-server.js';
import { AgentChatController } from '../controller.js';
import type { AgentEventMap } from '../events.js';
import { createSharedStateStore } from '../shared-state/create-shared-state-store.js';
import type { UseAgentChatOptions } from '../types.js';
import { RECONNECT_GIVE_UP_MS, resumeRuns } from './resume-runs.js';

const WORDS = Array.from({ length: 40 }, (_, i) => `w${i}`);
const TEXT = WORDS.join(' ');
/** A reply slow enough to leave mid-way: 40 words, 25 ms apart. */
const slow = { script: { steps: [[{ type: 'text' as const, text: TEXT }]], chunkDelayMs: 25 } };
/** A tool call, then slow text. */
const withTool = {
  script: {
    chunkDelayMs: 25,
    steps: ({ stepInTurn }: { stepInTurn: number }) =>
      stepInTurn === 0 ? [{ type: 'tool-call' as const, toolName: 'lookup', input: { q: 'x' } }] : [{ type: 'text' as const, text: TEXT }],
  },
  config: { maxSteps: 3 },
};
const lookup = { description: 'Looks something up', inputSchema: z.object({ q: z.string() }), execute: async () => ({ found: true }) };

/**
 * A stand-in for the browser's `window` (these tests run in Node): the target resumeRuns listens on
 * for `online`/`offline`. Before the chat opens; removed when the test ends.
 */
function browserWindow(): EventTarget {
  const target = new EventTarget();
  vi.stubGlobal('window', target);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return target;
}

/** Events by name, as the session fires them. */
function record(controller: AgentChatController) {
  const seen: { name: keyof AgentEventMap; event: unknown }[] = [];
  const names: (keyof AgentEventMap)[] = ['onMessageComplete', 'onToolCall', 'onToolResult', 'onStop', 'onError', 'onDataPart'];
  controller.events.subscribe(() => Object.fromEntries(names.map((name) => [name, (event: unknown) => seen.push({ name, event })])));
  return { seen, count: (name: keyof AgentEventMap) => seen.filter((e) => e.name === name).length };
}

function setup(agents: Parameters<typeof testServer>[0] = { a: slow }) {
  const server = testServer(agents, { lookup }, { store: memoryStore() });
  const open = (conversationId: string, options: Partial<UseAgentChatOptions> = {}) => {
    const controller = new AgentChatController({ agentId: 'a', fetch: server.fetch, conversationId, throttle: false, resume: resumeRuns, ...options });
    const events = record(controller);
    const session = controller.open();
    const detach = controller.attach(session);
    return { controller, session, detach, events };
  };
  return { ...server, open };
}

type Opened = ReturnType<ReturnType<typeof setup>['open']>;
const ready = (chat: Opened) => expect.poll(() => chat.session.store.getSnapshot().historyStatus, { timeout: 10_000 }).toBe('ready');
const replyText = (chat: Opened) => textOf(chat.session.chat.messages.findLast((m) => m.role === 'assistant'));
const settled = (chat: Opened) => expect.poll(() => chat.session.chat.status, { timeout: 10_000 }).toBe('ready');

/**
 * Sends, and sees the connection drop (`reconnecting`), the chat re-attach and the reply complete
 * once, whole, with no error.
 */
async function sendThroughDrop(chat: Opened) {
  expect((await chat.controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
  await expect.poll(() => chat.session.store.getSnapshot().connection, { timeout: 5_000 }).toBe('reconnecting');
  await settled(chat);
  expect(textOf(chat.session.chat.messages.at(-1))).toBe(TEXT);
  expect(chat.session.chat.messages).toHaveLength(2);
  expect(chat.events.count('onMessageComplete')).toBe(1);
  expect(chat.events.count('onError')).toBe(0);
}

/** Sends `text` and waits until the reply has some words (not all). */
async function sendAndWait(chat: Opened, text: string, words = 5) {
  const result = await chat.controller.handle.sendMessage({ text });
  expect(result.sent).toBe(true);
  await expect.poll(() => replyText(chat).split(' ').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(words);
  expect(replyText(chat)).not.toBe(TEXT);
}

describe('resumable runs', () => {
  it('a reload mid-reply re-attaches: the same reply continues to the end, once, and is saved', async () => {
    const server = setup();
    const first = server.open('c-reload');
    await ready(first);
    await sendAndWait(first, 'go');
    const replyId = first.session.chat.messages.at(-1)!.id;
    first.detach('unmount'); // a reload: the tab lets go of the stream, the server keeps running it
    // The reply did not end: the view that let go of it reports nothing; the one that re-attaches does.
    await expect.poll(() => first.session.chat.status).toBe('ready');
    expect(first.events.count('onMessageComplete')).toBe(0);
    expect(first.events.count('onStop')).toBe(0);

    const second = server.open('c-reload');
    await ready(second);
    expect(server.urls).toContain('/api/agent/conversations/c-reload/stream');
    await expect.poll(() => second.session.chat.status).not.toBe('ready');
    await settled(second);
    expect(second.session.chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(second.session.chat.messages[1]!.id).toBe(replyId);
    expect(replyText(second)).toBe(TEXT);
    expect(second.events.count('onMessageComplete')).toBe(1);
    expect(second.events.count('onError')).toBe(0);
    second.detach('unmount');

    const third = server.open('c-reload');
    await ready(third);
    expect(replyText(third)).toBe(TEXT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(third.session.chat.status).toBe('ready');
    expect(third.events.count('onMessageComplete')).toBe(0);
    third.detach('unmount');
  });

  it('without resume (or resume: false) a reopened chat shows the saved messages only', async () => {
    for (const resume of [undefined, false] as const) {
      const server = setup();
      const first = server.open('c-noresume');
      await ready(first);
      await sendAndWait(first, 'go');
      first.detach('unmount');
      const second = server.open('c-noresume', { resume });
      await ready(second);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.urls).not.toContain('/api/agent/conversations/c-noresume/stream');
      expect(second.session.chat.status).toBe('ready');
      second.detach('unmount');
    }
  });

  it('without resume (or resume: false), Stop still asks the server (closing the fetch would not stop its run): the reply is stored as stopped', async () => {
    for (const resume of [undefined, false] as const) {
      const server = setup();
      const chat = server.open('c-stop-plain', { resume });
      await ready(chat);
      await sendAndWait(chat, 'go');
      await chat.controller.handle.stop();
      expect(server.urls).toContain('/api/agent/conversations/c-stop-plain/stop');
      expect(chat.session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
      chat.detach('unmount');
      const again = server.open('c-stop-plain', { resume });
      await ready(again);
      expect(again.session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
      expect(replyText(again)).not.toBe(TEXT);
      again.detach('unmount');
    }
  });

  it('without resume, a dropped connection ends the reply with an error and keeps it; the server still saves the whole reply', async () => {
    const server = setup();
    const chat = server.open('c-drop-plain', { resume: undefined });
    await ready(chat);
    await sendAndWait(chat, 'go', 8);
    // Drop the stream as the network would (without resume nothing follows the browser's offline event).
    chat.session.run!.disconnect();
    await expect.poll(() => chat.session.chat.status).toBe('error');
    expect(chat.session.store.getSnapshot().connection).toBe('online');
    expect(replyText(chat).split(' ').length).toBeGreaterThanOrEqual(8);
    expect(server.urls).not.toContain('/api/agent/conversations/c-drop-plain/stream');
    chat.detach('unmount');
    // The run goes on without a reader: a later open (once it has ended) shows the whole reply.
    await expect
      .poll(async () => {
        const again = server.open('c-drop-plain', { resume: undefined });
        await ready(again);
        const text = replyText(again);
        again.detach('unmount');
        return text;
      }, { timeout: 10_000, interval: 200 })
      .toBe(TEXT);
  });

  it('a dropped connection (the browser goes offline) shows reconnecting, re-attaches and completes once', async () => {
    const window = browserWindow();
    const server = setup();
    const chat = server.open('c-offline');
    await ready(chat);
    await sendAndWait(chat, 'go', 8);
    window.dispatchEvent(new Event('offline'));
    await expect.poll(() => chat.session.store.getSnapshot().connection).toBe('reconnecting');
    expect(chat.session.chat.status).toBe('submitted');
    expect(chat.controller.handle.connection).toBe('reconnecting');
    await settled(chat);
    expect(chat.session.store.getSnapshot().connection).toBe('online');
    expect(replyText(chat)).toBe(TEXT);
    expect(chat.session.chat.messages).toHaveLength(2);
    expect(chat.events.count('onMessageComplete')).toBe(1);
    expect(chat.events.count('onError')).toBe(0);
    // The re-attach continued after the last event the chat had (no replay into the reply).
    const resumed = server.urls.indexOf('/api/agent/conversations/c-offline/stream');
    expect(resumed).toBeGreaterThan(-1);
    expect(Number(server.headers[resumed]!.get('last-event-id'))).toBeGreaterThan(0);
    chat.detach('unmount');
  });

  it('a network error mid-body re-attaches too, at any chunk boundary', async () => {
    for (const cutAfter of [1, 3, 7]) {
      const server = setup();
      let reads = 0;
      let dropped = false;
      // The network fails after `cutAfter` reads of the turn's response body.
      const fetch: typeof globalThis.fetch = async (input, init) => {
        const response = await server.fetch(input, init);
        if (init?.method !== 'POST' || dropped || !response.body) return response;
        dropped = true;
        const reader = response.body.getReader();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (reads++ >= cutAfter) {
              void reader.cancel();
              return controller.error(new TypeError('network error'));
            }
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
        });
        return new Response(body, { status: response.status, headers: response.headers });
      };
      const chat = server.open(`c-cut-${cutAfter}`, { fetch });
      await ready(chat);
      await sendThroughDrop(chat);
      chat.detach('unmount');
    }
  });

  it('Stop asks the server (with the run id): the reply ends as stopped, and is stored so', async () => {
    const server = setup();
    const chat = server.open('c-stop');
    await ready(chat);
    await sendAndWait(chat, 'go');
    await chat.controller.handle.stop();
    expect(chat.session.chat.status).toBe('ready');
    const stopAt = server.urls.indexOf('/api/agent/conversations/c-stop/stop');
    expect(stopAt).toBeGreaterThan(-1);
    expect(server.requests.at(-1)).toEqual({ runId: expect.stringMatching(/.+/) });
    const reply = chat.session.chat.messages.at(-1)!;
    expect(reply.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(textOf(reply)).not.toBe(TEXT);
    expect(chat.events.count('onStop')).toBe(1);
    expect(chat.events.seen.find((e) => e.name === 'onMessageComplete')?.event).toMatchObject({ aborted: true });
    chat.detach('unmount');

    const again = server.open('c-stop');
    await ready(again);
    expect(again.session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
    again.detach('unmount');
  });

  it('Stop works on a resumed run', async () => {
    const server = setup();
    const first = server.open('c-stop-resumed');
    await ready(first);
    await sendAndWait(first, 'go');
    first.detach('unmount');
    const second = server.open('c-stop-resumed');
    await ready(second);
    await expect.poll(() => replyText(second).split(' ').length).toBeGreaterThan(5);
    await second.controller.handle.stop();
    expect(server.urls.at(-1)).toBe('/api/agent/conversations/c-stop-resumed/stop');
    expect(server.requests.at(-1)).toEqual({ runId: second.session.run!.runId });
    expect(second.session.chat.status).toBe('ready');
    expect(second.session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(replyText(second)).not.toBe(TEXT);
    second.detach('unmount');
    const third = server.open('c-stop-resumed');
    await ready(third);
    expect(third.session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(third.session.chat.messages.at(-1)!.id).toBe(second.session.chat.messages.at(-1)!.id);
    third.detach('unmount');
  });

  it('tool events fire once per id across a reconnect and a resume', async () => {
    const window = browserWindow();
    const server = setup({ a: withTool });
    const chat = server.open('c-tools');
    await ready(chat);
    const result = await chat.controller.handle.sendMessage({ text: 'go' });
    expect(result.sent).toBe(true);
    await expect.poll(() => replyText(chat).split(' ').length, { timeout: 10_000 }).toBeGreaterThan(5);
    window.dispatchEvent(new Event('offline'));
    await settled(chat);
    expect(chat.events.count('onToolCall')).toBe(1);
    expect(chat.events.count('onToolResult')).toBe(1);
    expect(chat.events.count('onMessageComplete')).toBe(1);
    chat.detach('unmount');

    const second = server.open('c-tools-2');
    await ready(second);
    await second.controller.handle.sendMessage({ text: 'go' });
    await expect.poll(() => replyText(second).split(' ').length, { timeout: 10_000 }).toBeGreaterThan(5);
    second.detach('unmount');
    const third = server.open('c-tools-2');
    await ready(third);
    await settled(third);
    expect(replyText(third)).toBe(TEXT);
    expect(third.events.count('onToolCall')).toBe(1);
    expect(third.events.count('onToolResult')).toBe(1);
    expect(third.events.count('onMessageComplete')).toBe(1);
    third.detach('unmount');
  });

  it('data-run-state restores the shared state the run started from and sets the allowlist', async () => {
    const server = setup();
    const page = createSharedStateStore<Record<string, unknown>>({ color: 'red', size: 3 });
    const first = server.open('c-state', { sharedState: page });
    await ready(first);
    await sendAndWait(first, 'go');
    expect(server.requests.at(-1)!.sharedState).toEqual({ color: 'red', size: 3 });
    first.detach('unmount');

    const reloaded = createSharedStateStore<Record<string, unknown>>({ color: 'blue', size: 1 });
    const second = server.open('c-state', { sharedState: reloaded });
    await ready(second);
    await expect.poll(() => reloaded.getSnapshot().value).toEqual({ color: 'red', size: 3 });
    expect(second.session.exposedKeys).toEqual(['color', 'size']);
    // The transient part is the kit's: not reported as a data part of the app.
    expect(second.events.seen.filter((e) => e.name === 'onDataPart').map((e) => (e.event as { part: { type: string } }).part.type)).not.toContain('data-run-state');
    await settled(second);
    second.detach('unmount');
  });

  it('the turn response names its run', async () => {
    // Only the header is asserted: a reply at once, not one paced to be left mid-way.
    const server = setup({ a: { script: { ...slow.script, chunkDelayMs: 0 } } });
    const response = await server.fetch('/api/agent/a', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'c-hdr', conversationId: 'c-hdr', messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], trigger: 'submit-message' }),
    });
    expect(response.headers.get(RUN_ID_HEADER)).toMatch(/.+/);
    await response.text();
  });
});

/** `server.fetch`, except that the turn's response body goes silent (a dead server behind a proxy) after `reads` reads. */
function silentAfter(fetch: typeof globalThis.fetch, reads: number): typeof globalThis.fetch {
  let done = false;
  return async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method !== 'POST' || done || !response.body) return response;
    done = true;
    const reader = response.body.getReader();
    let count = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (count++ >= reads) return new Promise<void>(() => {});
        const { done: ended, value } = await reader.read();
        if (ended) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => reader.cancel(),
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe('liveness (issue 24)', () => {
  it('a reply stream silent for idleTimeoutMs is a dropped connection: the chat re-attaches and the reply completes once', async () => {
    const server = setup();
    const chat = server.open('c-idle', { fetch: silentAfter(server.fetch, 3), idleTimeoutMs: 300 });
    await ready(chat);
    await sendThroughDrop(chat);
    chat.detach('unmount');
  });

  it('without a run to re-attach to (no store), a silent stream ends with a "connection lost" error and keeps the partial reply', async () => {
    const server = testServer({ a: slow });
    const controller = new AgentChatController({ agentId: 'a', fetch: silentAfter(server.fetch, 4), throttle: false, idleTimeoutMs: 300 });
    const session = controller.open();
    const detach = controller.attach(session);
    expect((await controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
    await expect.poll(() => session.chat.status, { timeout: 5_000 }).toBe('error');
    expect(session.chat.error?.message).toMatch(/connection lost/i);
    const reply = session.chat.messages.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(textOf(reply).length).toBeGreaterThan(0);
    expect(textOf(reply)).not.toBe(TEXT);
    detach('unmount');
  });

  it('a conversation whose run died with its server: on open, the resume gets 204 and the reply shows as interrupted', async () => {
    const store = memoryStore();
    // A turn that began two minutes ago on a server that died: no heartbeat since, no run log entry here.
    await store.beginTurn({
      userId: 'anonymous',
      conversationId: 'c-dead',
      agentId: 'a',
      expectedVersion: null,
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'go' }] }],
      run: { id: 'run-dead' },
      now: new Date(Date.now() - 2 * 60_000),
    });
    const server = testServer({ a: slow }, { lookup }, { store });
    const controller = new AgentChatController({ agentId: 'a', fetch: server.fetch, conversationId: 'c-dead', throttle: false, resume: resumeRuns });
    const session = controller.open();
    const detach = controller.attach(session);
    await expect.poll(() => session.chat.messages.map((m) => m.role), { timeout: 5_000 }).toEqual(['user', 'assistant']);
    expect(server.urls).toContain('/api/agent/conversations/c-dead/stream');
    expect(session.chat.messages.at(-1)!.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(session.chat.status).toBe('ready');
    expect((await store.getConversation('anonymous', 'c-dead'))?.activeRunId).toBeNull();
    detach('unmount');
  });
});

/** `fetch` whose first `count` re-attach requests (`GET …/stream`) are answered 502 by a proxy that cannot reach the server. */
function gatewayFailsReattach(fetch: typeof globalThis.fetch, count: number): typeof globalThis.fetch {
  let failed = 0;
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET') === 'GET' && url.endsWith('/stream') && failed < count) {
      failed++;
      return new Response('', { status: 502, headers: { 'content-type': 'text/plain' } });
    }
    return fetch(input, init);
  };
}

describe('the watchdog: a stream that goes silent is noticed (issue 38)', () => {
  it('with the interval the server announces (x-keep-alive-ms) and no option: two silent intervals → reconnecting → the reply continues by cursor', async () => {
    const server = testServer({ a: slow }, { lookup }, { store: memoryStore(), keepAliveMs: 100 });
    const controller = new AgentChatController({ agentId: 'a', fetch: silentAfter(server.fetch, 1), conversationId: 'c-announced', throttle: false, resume: resumeRuns });
    const session = controller.open();
    const detach = controller.attach(session);
    await expect.poll(() => session.store.getSnapshot().historyStatus, { timeout: 10_000 }).toBe('ready');
    expect((await controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
    await expect.poll(() => session.store.getSnapshot().connection, { timeout: 5_000 }).toBe('reconnecting');
    await expect.poll(() => session.chat.status, { timeout: 10_000 }).toBe('ready');
    expect(textOf(session.chat.messages.at(-1))).toBe(TEXT);
    expect(session.chat.error).toBeUndefined();
    detach('unmount');
  });

  it('a stream that keeps receiving keep-alives is never flagged, however long the model is silent', async () => {
    const slowLookup = { ...lookup, execute: async () => new Promise((resolve) => setTimeout(() => resolve({ found: true }), 800)) };
    const server = testServer({ a: withTool }, { lookup: slowLookup }, { store: memoryStore(), keepAliveMs: 100 });
    const controller = new AgentChatController({ agentId: 'a', fetch: server.fetch, conversationId: 'c-alive', throttle: false, resume: resumeRuns });
    const session = controller.open();
    const detach = controller.attach(session);
    const connections = new Set<string>();
    const unsubscribe = session.store.subscribe(() => connections.add(session.store.getSnapshot().connection));
    await expect.poll(() => session.store.getSnapshot().historyStatus, { timeout: 10_000 }).toBe('ready');
    expect((await controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
    await expect.poll(() => textOf(session.chat.messages.at(-1)), { timeout: 10_000 }).toBe(TEXT);
    await expect.poll(() => session.chat.status, { timeout: 10_000 }).toBe('ready');
    expect(connections.has('reconnecting')).toBe(false);
    expect(session.chat.error).toBeUndefined();
    expect(server.urls.filter((u) => u.endsWith('/stream'))).toEqual([]);
    unsubscribe();
    detach('unmount');
  });

  it('a server that stays out of reach: after the give-up time the reply ends as interrupted, keeping what arrived', async () => {
    const server = setup();
    // The server is gone once the reply went silent: every re-attach fails as the network does.
    const down: typeof globalThis.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET') === 'GET' && url.endsWith('/stream')) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    };
    const chat = server.open('c-gone', { fetch: silentAfter(down, 8), idleTimeoutMs: 300 });
    await ready(chat);
    expect((await chat.controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
    await expect.poll(() => chat.session.store.getSnapshot().connection, { timeout: 5_000 }).toBe('reconnecting');
    const partial = replyText(chat);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).not.toBe(TEXT);
    // Still re-attaching a moment later; then the give-up time has passed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(chat.session.store.getSnapshot().connection).toBe('reconnecting');
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + RECONNECT_GIVE_UP_MS + performance.now());
    try {
      await expect.poll(() => chat.session.store.getSnapshot().connection, { timeout: 10_000 }).toBe('online');
    } finally {
      clock.mockRestore();
    }
    expect(chat.session.chat.status).toBe('ready');
    expect(chat.session.chat.error).toBeUndefined();
    const reply = chat.session.chat.messages.at(-1)!;
    expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
    expect(textOf(reply)).toBe(partial);
    expect(chat.events.count('onMessageComplete')).toBe(1);
    chat.detach('unmount');
  });

  /**
   * A reply streams from one server that then dies; every re-attach reaches a restarted one on the
   * same store (its run log does not hold the run). Answers once the connection is 'reconnecting'.
   */
  async function chatOnDyingServer(conversationId: string) {
    const store = memoryStore();
    const slower = { script: { steps: [[{ type: 'text' as const, text: TEXT }]], chunkDelayMs: 100 } };
    const dying = testServer({ a: slower }, { lookup }, { store });
    const restarted = testServer({ a: slower }, { lookup }, { store });
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return (init?.method ?? 'GET') === 'GET' && url.endsWith('/stream') ? restarted.fetch(input, init) : dying.fetch(input, init);
    };
    const controller = new AgentChatController({ agentId: 'a', fetch: silentAfter(fetch, 8), conversationId, throttle: false, resume: resumeRuns, idleTimeoutMs: 300 });
    const session = controller.open();
    const detach = controller.attach(session);
    await expect.poll(() => session.store.getSnapshot().historyStatus, { timeout: 10_000 }).toBe('ready');
    expect((await controller.handle.sendMessage({ text: 'go' })).sent).toBe(true);
    await expect.poll(() => session.store.getSnapshot().connection, { timeout: 5_000 }).toBe('reconnecting');
    const partial = textOf(session.chat.messages.at(-1));
    expect(partial.length).toBeGreaterThan(0);
    return { session, detach, partial, restarted };
  }

  /**
   * The restarted server finds the run lost once it started longer ago than the grace a run gets: the
   * reply shows as interrupted, keeping what the tab had. Answers the reply's text.
   */
  async function expectInterruptedAfterGrace({ session, detach, partial }: Awaited<ReturnType<typeof chatOnDyingServer>>) {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now + 10_000 + performance.now());
    try {
      await expect.poll(() => session.chat.messages.at(-1)?.metadata, { timeout: 10_000 }).toMatchObject({ stopReason: 'interrupted' });
    } finally {
      clock.mockRestore();
    }
    expect(session.store.getSnapshot().connection).toBe('online');
    expect(session.chat.status).toBe('ready');
    expect(session.chat.error).toBeUndefined();
    // What the tab had stays (the saved reply may hold more: the last checkpoint of the run).
    const shown = textOf(session.chat.messages.at(-1));
    expect(shown.startsWith(partial)).toBe(true);
    expect(session.chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    detach('unmount');
    return shown;
  }

  it('the server died and a new one took over (its run log lost the run): the reply shows as interrupted and keeps what the tab had', async () => {
    const chat = await chatOnDyingServer('c-restarted');
    expect(await expectInterruptedAfterGrace(chat)).toBe(chat.partial);
  });

  it('a restarted server that answers run_not_ready (within the grace) keeps the chat re-attaching with backoff; the reply is not dropped and ends as interrupted once the run is lost', async () => {
    const chat = await chatOnDyingServer('c-not-ready');
    const reattaches = () => chat.restarted.urls.filter((u) => u.endsWith('/stream')).length;
    // Two "not yet" answers (250 ms, then 500 ms of backoff): still re-attaching, the partial reply
    // still shown — not a history reload that ends the reply without it.
    await expect.poll(reattaches, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(chat.session.store.getSnapshot().connection).toBe('reconnecting');
    expect(chat.session.chat.error).toBeUndefined();
    expect(chat.session.chat.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(chat.session.chat.messages.at(-1))).toBe(chat.partial);
    expect(chat.session.chat.messages.at(-1)?.metadata).not.toMatchObject({ stopReason: 'interrupted' });
    await expectInterruptedAfterGrace(chat);
  });

  it('a re-attach a proxy answers 502 (the server is down behind it) keeps re-attaching instead of failing the reply', async () => {
    const server = setup();
    const chat = server.open('c-gateway', { fetch: gatewayFailsReattach(silentAfter(server.fetch, 3), 2), idleTimeoutMs: 300 });
    await ready(chat);
    await sendThroughDrop(chat);
    expect(server.urls.filter((u) => u.endsWith('/stream')).length).toBeGreaterThanOrEqual(1);
    chat.detach('unmount');
  });
});
