import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '@x/agent-protocol/routes';
import { memoryRunLog } from '../runs/memory-run-log.js';
import type { RunLog } from '../runs/run-log.js';
import { memoryStore } from '../store/memory-store.js';
import { deleteFileTool } from '../test-utils/delete-file-tool.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { toolCallParts } from '../test-utils/model-parts.js';
import { readChunks, sseEvents, userMessage } from '../test-utils/sse.js';
import { routeRequest, storeServer, turnRequest } from '../test-utils/store-server.js';

const eventsRequest = (user = 'alice', init: { cursor?: string; lastEventId?: string } = {}) =>
  new Request(`http://localhost/api/agent/events${init.cursor !== undefined ? `?cursor=${encodeURIComponent(init.cursor)}` : ''}`, {
    headers: { 'x-user': user, ...(init.lastEventId !== undefined ? { 'last-event-id': init.lastEventId } : {}) },
  });

type Tab = ReturnType<typeof sseEvents>;

/** The next `count` events of a tab (fails after 2 s). */
async function take(tab: Tab, count: number): Promise<{ id: string | undefined; event: LiveEvent }[]> {
  const events = await Promise.race([
    tab.take(count),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`fewer than ${count} events within 2 s`)), 2_000)),
  ]);
  return events.map((e) => ({ id: e.id, event: JSON.parse(e.data) as LiveEvent }));
}

/** True when the tab gets nothing more within `ms` (then it is cancelled). */
async function silent(tab: Tab, ms = 100): Promise<boolean> {
  const next = await Promise.race([tab.next(), new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), ms))]);
  await tab.cancel();
  return next === 'quiet';
}

/** Waits until the events the store publishes in the background have gone out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A run log whose readers of live events are counted (open now). */
function countingRunLog(): { runLog: RunLog; readers: () => number } {
  const log = memoryRunLog();
  let readers = 0;
  const runLog: RunLog = {
    ...log,
    async readUserEvents(userId, cursor, signal) {
      readers++;
      const done = () => readers--;
      if (signal.aborted) done();
      else signal.addEventListener('abort', done, { once: true });
      return log.readUserEvents!(userId, cursor, signal);
    },
  };
  return { runLog, readers: () => readers };
}

const types = (events: { event: LiveEvent }[]) => events.map((e) => e.event.type);

describe('GET {basePath}/events', () => {
  it('carries a turn, a rename, a branch switch and a delete to every tab of the user, once and in order, and nothing to another user', async () => {
    const store = memoryStore();
    const { server } = storeServer(store, mockModel(textParts('Hello.'), textParts('Again.')), { keepAliveMs: 0 });
    const open = async (user: string) => {
      const response = await server.fetch(eventsRequest(user));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(response.headers.get('cache-control')).toBe('no-store');
      return sseEvents(response);
    };
    const [tab1, tab2, bob] = [await open('alice'), await open('alice'), await open('bob')];

    const turn = await server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] }));
    const runId = turn.headers.get('x-run-id');
    await readChunks(turn);
    await settle();
    const first = await take(tab1, 3);
    expect(types(first)).toEqual(['conversation-created', 'turn-started', 'turn-ended']);
    expect(first[1]!.event).toMatchObject({ conversationId: 'c1', runId, agentId: 'assistant', conversation: { id: 'c1', activeRunId: runId } });
    expect(first[2]!.event).toMatchObject({ runId, end: 'completed', conversation: { id: 'c1', activeRunId: null } });
    expect(first[2]!.event).not.toHaveProperty('conversation.userId');
    expect(await take(tab2, 3)).toEqual(first);

    // A regenerate makes a second branch; switching back to the first is announced.
    await readChunks(await server.fetch(turnRequest('c1', { messages: [], parentId: 'u1', trigger: 'regenerate-message' })));
    const thread = await store.loadTree('alice', 'c1');
    const firstReply = thread!.find((m) => m.role === 'assistant')!.id;
    expect((await server.fetch(routeRequest('/c1/branch', { method: 'PUT', body: { messageId: firstReply } }))).status).toBe(200);
    expect((await server.fetch(routeRequest('/c1', { method: 'PATCH', body: { title: 'Trip' } }))).status).toBe(200);
    expect((await server.fetch(routeRequest(`/c1/messages/${firstReply}`, { method: 'DELETE' }))).status).toBe(204);
    expect((await server.fetch(routeRequest('/c1', { method: 'DELETE' }))).status).toBe(204);
    await settle();
    const rest = await take(tab1, 6);
    expect(types(rest)).toEqual(['turn-started', 'turn-ended', 'branch-switched', 'conversation-renamed', 'message-deleted', 'conversation-deleted']);
    expect(rest.find((e) => e.event.type === 'conversation-renamed')!.event).toMatchObject({ how: 'renamed', conversation: { title: 'Trip' } });
    expect(rest.at(-1)!.event).toEqual({ type: 'conversation-deleted', conversationId: 'c1' });
    // Cursors grow, and the second tab got the same events.
    expect(new Set([...first, ...rest].map((e) => e.id)).size).toBe(first.length + rest.length);
    expect(await take(tab2, rest.length)).toEqual(rest);
    expect(await silent(tab1)).toBe(true);
    expect(await silent(tab2)).toBe(true);
    // Bob's stream got none of it.
    expect(await silent(bob)).toBe(true);
  });

  it('announces an approval waiting, then answered by another tab, and a queue and feedback change', async () => {
    const store = memoryStore();
    const deleted: string[] = [];
    const model = mockModel(toolCallParts({ toolName: 'deleteFile', input: { path: '/x' }, id: 'call-1' }), textParts('Done.'));
    const { server } = storeServer(store, model, { keepAliveMs: 0, tools: { deleteFile: deleteFileTool(deleted, true) }, agents: { assistant: { model, tools: ['deleteFile'] } } });
    const tab = sseEvents(await server.fetch(eventsRequest()));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Delete /x', 'u1')] })));
    await settle();
    const asked = await take(tab, 4);
    expect(types(asked)).toEqual(['conversation-created', 'turn-started', 'turn-ended', 'approval-waiting']);
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    const part = reply.parts.find((p) => p.type === 'tool-deleteFile') as { approval: { id: string } };
    expect(asked[3]!.event).toMatchObject({ approvalIds: [part.approval.id], conversation: { awaitingApproval: true } });

    const answered = reply.parts.map((p) => (p === (part as unknown) ? { ...p, state: 'approval-responded', approval: { id: part.approval.id, approved: true } } : p));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [{ id: reply.id, role: 'assistant', parts: answered }] })));
    expect(deleted).toEqual(['/x']);
    const queued = { messages: [{ id: 'q1', role: 'user', parts: [{ type: 'text', text: 'later' }] }] };
    expect((await server.fetch(routeRequest('/c1/queue', { method: 'PUT', body: queued }))).status).toBe(204);
    expect((await server.fetch(routeRequest(`/c1/messages/${reply.id}/feedback`, { method: 'PUT', body: { value: 'like' } }))).status).toBe(204);
    await settle();
    const then = await take(tab, 5);
    expect(types(then)).toEqual(['approval-answered', 'turn-started', 'turn-ended', 'queue-changed', 'feedback-changed']);
    expect(then[0]!.event).toMatchObject({ approvalIds: [part.approval.id] });
    expect(then[4]!.event).toMatchObject({ messageId: reply.id });
    expect(await silent(tab)).toBe(true);
  });

  it('replays exactly the missed events after Last-Event-ID or ?cursor=, and starts with a reset for a cursor it cannot replay from', async () => {
    const store = memoryStore();
    const { server } = storeServer(store, mockModel(textParts('Hello.')), { keepAliveMs: 0 });
    const tab = sseEvents(await server.fetch(eventsRequest()));
    await readChunks(await server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));
    await settle();
    const seen = await take(tab, 1);
    await tab.cancel();
    // Missed while away: the rest of the turn, a rename and a delete.
    await server.fetch(routeRequest('/c1', { method: 'PATCH', body: { title: 'A' } }));
    await server.fetch(routeRequest('/c1', { method: 'DELETE' }));
    await settle();
    for (const init of [{ lastEventId: seen[0]!.id! }, { cursor: seen[0]!.id! }]) {
      const back = sseEvents(await server.fetch(eventsRequest('alice', init)));
      expect(types(await take(back, 4))).toEqual(['turn-started', 'turn-ended', 'conversation-renamed', 'conversation-deleted']);
      expect(await silent(back)).toBe(true);
    }
    // A garbage cursor, one of another log (another process) and a far-future one: a reset, whose id is the newest event's.
    const all = sseEvents(await server.fetch(eventsRequest('alice', { cursor: seen[0]!.id! })));
    const newest = (await take(all, 4)).at(-1)!.id;
    await all.cancel();
    for (const lastEventId of ['garbage', 'kx1.1', `${seen[0]!.id!.split('.')[0]}.999999`, 'x'.repeat(5_000)]) {
      const reset = sseEvents(await server.fetch(eventsRequest('alice', { lastEventId })));
      expect(await take(reset, 1)).toEqual([{ id: newest, event: { type: 'reset' } }]);
      expect(await silent(reset)).toBe(true);
    }
    // Another user's cursor is nothing to this one: a reset with no id (bob has no events).
    const bob = sseEvents(await server.fetch(eventsRequest('bob', { lastEventId: newest! })));
    expect(await take(bob, 1)).toEqual([{ id: undefined, event: { type: 'reset' } }]);
    await bob.cancel();
  });

  it('releases its reader when the client goes away (no listener left behind)', async () => {
    const { runLog, readers } = countingRunLog();
    const { server } = storeServer(memoryStore(), mockModel(textParts('Hello.')), { keepAliveMs: 0, runLog });
    const tabs = await Promise.all([1, 2, 3].map(async () => sseEvents(await server.fetch(eventsRequest()))));
    expect(readers()).toBe(3);
    for (const tab of tabs) await tab.cancel();
    expect(readers()).toBe(0);
    // An aborted request does too.
    const abort = new AbortController();
    const request = new Request(eventsRequest(), { signal: abort.signal });
    const response = await server.fetch(request);
    expect(response.status).toBe(200);
    expect(readers()).toBe(1);
    abort.abort();
    expect(readers()).toBe(0);
  });

  it('carries an AG-UI run too (every route that writes goes through the same store)', async () => {
    const { server } = storeServer(memoryStore(), mockModel(textParts('Hello.')), { keepAliveMs: 0 });
    const tab = sseEvents(await server.fetch(eventsRequest()));
    const response = await server.fetch(
      new Request('http://localhost/api/agent/assistant/ag-ui', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': 'alice' },
        body: JSON.stringify({ threadId: 't1', runId: 'agui-run-1', messages: [{ id: 'm1', role: 'user', content: 'Hi' }], tools: [], context: [] }),
      }),
    );
    expect(response.status).toBe(200);
    await response.text();
    await settle();
    const events = await take(tab, 3);
    expect(types(events)).toEqual(['conversation-created', 'turn-started', 'turn-ended']);
    expect(events[2]!.event).toMatchObject({ conversationId: 't1', end: 'completed' });
    expect(await silent(tab)).toBe(true);
  });

  it('makes `events` a reserved agent id (the route would hide the agent)', async () => {
    const { createAgentServer } = await import('../server.js');
    expect(() => createAgentServer({ agents: { events: { model: mockModel(textParts('hi')) } }, logger: { warn: () => {}, error: () => {} } })).toThrow(/route segment/);
  });

  it('sends keep-alives as x-keep-alive-ms announces', async () => {
    const { server } = storeServer(memoryStore(), mockModel(textParts('Hello.')), { keepAliveMs: 30 });
    const response = await server.fetch(eventsRequest());
    expect(response.headers.get('x-keep-alive-ms')).toBe('30');
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toBe(': keep-alive\n\n');
    await reader.cancel();
  });

  it('answers 501 store_required without a store, 404 with a run log that carries no events, 503 when the log cannot be read, 400 for a cursor off the id rule', async () => {
    const { createAgentServer } = await import('../server.js');
    const noStore = createAgentServer({ agents: { assistant: { model: mockModel(textParts('hi')) } }, logger: { warn: () => {}, error: () => {} } });
    const refused = await noStore.fetch(eventsRequest());
    expect(refused.status).toBe(501);
    expect(await refused.json()).toMatchObject({ error: { code: 'store_required' } });

    const plain = memoryRunLog();
    const { publishUserEvent: _p, readUserEvents: _r, ...withoutEvents } = plain;
    const own = storeServer(memoryStore(), mockModel(textParts('Hello.')), { runLog: withoutEvents });
    const missing = await own.server.fetch(eventsRequest());
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found', message: expect.stringContaining('no live events') } });
    // Writes still work with such a log (nothing is published).
    await readChunks(await own.server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));

    const { RunLogUnavailableError } = await import('../runs/run-log.js');
    const down: RunLog = { ...plain, readUserEvents: () => Promise.reject(new RunLogUnavailableError('down')), publishUserEvent: () => Promise.reject(new RunLogUnavailableError('down')) };
    const broken = storeServer(memoryStore(), mockModel(textParts('Hello.')), { runLog: down });
    const unavailable = await broken.server.fetch(eventsRequest());
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toMatchObject({ error: { code: 'run_log_unavailable' } });
    // A write whose events cannot be published succeeds; the failure is reported once.
    await readChunks(await broken.server.fetch(turnRequest('c1', { messages: [userMessage('Hi', 'u1')] })));
    await settle();
    expect((await broken.server.fetch(routeRequest('/c1', { method: 'PATCH', body: { title: 'B' } }))).status).toBe(200);
    await settle();
    expect(broken.logger.messages().filter((m) => m.includes('live event'))).toHaveLength(1);

    const { server } = storeServer(memoryStore(), mockModel(textParts('Hello.')));
    const bad = await server.fetch(eventsRequest('alice', { cursor: 'a b' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_id' } });
  });
});

