import { describe, expect, it, vi } from 'vitest';
import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import { RUN_ID_HEADER, RUN_STATE_PART, runPaths } from '@x/agent-protocol/routes';
import type { RunLog } from '../runs/run-log.js';
import { memoryRunLog } from '../runs/memory-run-log.js';
import { LOST_RUN_GRACE_MS } from '../runs/stale-run.js';
import { RunLogUnavailableError } from '../runs/run-log.js';
import { memoryStore } from '../store/memory-store.js';
import type { ConversationStore } from '../store/types.js';
import { deltaParts, gatedModel, gatedTitleModel } from '../test-utils/gated-model.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { sseEvents, userMessage, type SseEvent } from '../test-utils/sse.js';
import { storeServer, turnRequest } from '../test-utils/store-server.js';
import type { AgentServerConfig } from '../config/types.js';
import type { LanguageModel } from 'ai';

const DELTAS = ['One ', 'two ', 'three ', 'four ', 'five.'];
const TEXT = DELTAS.join('');

function resumeRequest(conversationId: string, init: { user?: string; lastEventId?: string; query?: string; method?: string } = {}): Request {
  return new Request(`http://localhost${runPaths.stream('/api/agent', conversationId)}${init.query ?? ''}`, {
    method: init.method ?? 'GET',
    headers: { 'x-user': init.user ?? 'alice', ...(init.lastEventId !== undefined ? { 'last-event-id': init.lastEventId } : {}) },
  });
}

function stopRequest(conversationId: string, init: { user?: string; body?: string; contentType?: string; method?: string } = {}): Request {
  return new Request(`http://localhost${runPaths.stop('/api/agent', conversationId)}`, {
    method: init.method ?? 'POST',
    headers: { 'x-user': init.user ?? 'alice', 'content-type': init.contentType ?? 'application/json' },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

/** A server whose agent streams DELTAS, holding before its finish until `release()`. */
function heldServer(extra: Partial<AgentServerConfig> & { store?: ConversationStore } = {}, holdAt = 2 + DELTAS.length + 1) {
  const gated = gatedModel(deltaParts(DELTAS), holdAt);
  const store = extra.store ?? memoryStore();
  const { server, logger } = storeServer(store, gated.model, extra);
  return { ...gated, server, store, logger };
}

const typeOf = (event: SseEvent) => (JSON.parse(event.data) as { type: string }).type;
const deltasOf = (events: SseEvent[]) =>
  events
    .map((e) => JSON.parse(e.data) as { type: string; delta?: string })
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');

async function startTurn(server: { fetch(r: Request): Promise<Response> }, conversationId: string, body: Record<string, unknown> = {}) {
  const response = await server.fetch(turnRequest(conversationId, { messages: [userMessage('Count to five', `u-${conversationId}`)], ...body }));
  expect(response.status).toBe(200);
  return { response, events: sseEvents(response), runId: response.headers.get(RUN_ID_HEADER)! };
}

async function activeRunId(store: ConversationStore, conversationId: string, user = 'alice') {
  return (await store.getConversation(user, conversationId))?.activeRunId ?? null;
}

describe('resume route: GET {basePath}/conversations/{id}/stream', () => {
  it('streams the active run from its start (run state first, then the same events as the live stream) and from Last-Event-ID or ?cursor=', async () => {
    const { server, store, release, started } = heldServer();
    const sharedState = { cart: ['apple'] };
    const live = await startTurn(server, 'c1', { sharedState });
    expect(live.runId).toMatch(/^run-/);
    await started;
    expect(await activeRunId(store, 'c1')).toBe(live.runId);
    const firstLive = await live.events.take(3);
    expect(firstLive.map((e) => e.id)).toEqual(['0', '1', '2']);

    const fromStart = await server.fetch(resumeRequest('c1'));
    expect(fromStart.status).toBe(200);
    expect(fromStart.headers.get('content-type')).toContain('text/event-stream');
    expect(fromStart.headers.get(RUN_ID_HEADER)).toBe(live.runId);
    const resumed = sseEvents(fromStart);
    const state = (await resumed.next())!;
    expect(state.id).toBeUndefined();
    expect(JSON.parse(state.data)).toEqual({ type: RUN_STATE_PART, data: { runId: live.runId, sharedState }, transient: true });

    const afterHeader = sseEvents(await server.fetch(resumeRequest('c1', { lastEventId: '2' })));
    const afterQuery = sseEvents(await server.fetch(resumeRequest('c1', { query: '?cursor=4' })));
    expect(typeOf((await afterHeader.next())!)).toBe(RUN_STATE_PART);
    expect(typeOf((await afterQuery.next())!)).toBe(RUN_STATE_PART);

    release();
    const liveAll = [...firstLive, ...(await live.events.rest())];
    const resumedAll = await resumed.rest();
    expect(resumedAll).toEqual(liveAll);
    expect(liveAll.map((e) => e.id)).toEqual(liveAll.map((_, i) => String(i)));
    expect(deltasOf(liveAll)).toBe(TEXT);
    expect(typeOf(liveAll.at(-1)!)).toBe('finish');
    expect(await afterHeader.rest()).toEqual(liveAll.slice(3));
    expect(await afterQuery.rest()).toEqual(liveAll.slice(5));
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    // A finished run answers 204: the client loads the saved messages.
    expect((await server.fetch(resumeRequest('c1'))).status).toBe(204);
  });

  it('loses or repeats no chunk when the client disconnects at any chunk boundary and resumes after the last event it saw', async () => {
    // The title call holds the run open after the model's stream (only the title and finish follow).
    // k = 0 learns how many events precede the title (the boundaries a client can leave the open run at).
    let boundaries = Infinity;
    for (let k = 0; k <= boundaries; k++) {
      const title = gatedTitleModel('Counting');
      const model = mockModel(deltaParts(DELTAS));
      const { server, store } = (() => {
        const store = memoryStore();
        return { ...storeServer(store, model, { agents: { assistant: { model, generateTitle: { model: title.model } } } }), store };
      })();
      const id = `k${k}`;
      const live = await startTurn(server, id);
      const seen = await live.events.take(k);
      await live.events.cancel();
      expect(await activeRunId(store, id)).toBe(live.runId);
      const resume = sseEvents(await server.fetch(resumeRequest(id, k > 0 ? { lastEventId: seen.at(-1)!.id! } : {})));
      const whole = sseEvents(await server.fetch(resumeRequest(id)));
      expect(typeOf((await resume.next())!)).toBe(RUN_STATE_PART);
      expect(typeOf((await whole.next())!)).toBe(RUN_STATE_PART);
      // Everything but the title and finish is there before the title call answers.
      const all: SseEvent[] = [];
      while (all.at(-1) === undefined || typeOf(all.at(-1)!) !== 'finish-step') all.push((await whole.next())!);
      title.release();
      all.push(...(await whole.rest()));
      const rest = await resume.rest();
      const joined = [...seen, ...rest];
      expect(joined).toEqual(all);
      expect(all.map((e) => e.id)).toEqual(all.map((_, i) => String(i)));
      expect(deltasOf(all)).toBe(TEXT);
      expect(all.filter((e) => typeOf(e) === 'start')).toHaveLength(1);
      expect(all.filter((e) => typeOf(e) === 'finish')).toHaveLength(1);
      expect(all.filter((e) => typeOf(e) === 'data-chat-title')).toHaveLength(1);
      if (k === 0) boundaries = all.findIndex((e) => typeOf(e) === 'data-chat-title');
      await vi.waitFor(async () => expect(await activeRunId(store, id)).toBeNull());
    }
    // start, start-step, text-start, 5 deltas, text-end, finish-step: every boundary up to the title.
    expect(boundaries).toBe(2 + 1 + DELTAS.length + 2);
  });

  it('answers 503 run_not_ready with Retry-After while the run log does not hold a run that started within the grace (another instance without a shared log), 204 once no run is active', async () => {
    const store = memoryStore();
    const { server, release, started } = heldServer({ store });
    expect((await server.fetch(resumeRequest('nope'))).status).toBe(404);
    const live = await startTurn(server, 'c1');
    await started;
    const other = storeServer(store, mockModel(textParts('x'))).server; // its own memoryRunLog
    // Not "the run ended" (a 204 would make the client load a history without the reply and stop
    // following it): "not yet", and the run is left running.
    const answer = await other.fetch(resumeRequest('c1'));
    expect(answer.status).toBe(503);
    expect(answer.status).toBe(AGENT_ERROR_STATUS.run_not_ready);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('run_not_ready');
    expect(await activeRunId(store, 'c1')).toBe(live.runId);
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    expect((await server.fetch(resumeRequest('c1'))).status).toBe(204);
    const ended = await other.fetch(resumeRequest('c1'));
    expect(ended.status).toBe(204);
    expect(await ended.text()).toBe('');
  });

  it('answers 204 to a re-attach after the grace when the log does not hold a running run: it is saved as interrupted', async () => {
    const store = memoryStore();
    const { server, started } = heldServer({ store });
    const live = await startTurn(server, 'c1');
    await started;
    await live.events.take(3);
    const other = storeServer(store, mockModel(textParts('x'))).server; // a restarted instance: an empty run log
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + LOST_RUN_GRACE_MS + 1_000);
      expect((await other.fetch(resumeRequest('c1'))).status).toBe(204);
    } finally {
      vi.useRealTimers();
    }
    expect(await activeRunId(store, 'c1')).toBeNull();
    expect((await store.getRun('alice', live.runId))?.status).toBe('failed');
    await live.events.cancel();
  });

  it("answers 404 conversation_not_found for another user's conversation on both routes", async () => {
    const { server, release, started } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    for (const request of [resumeRequest('c1', { user: 'bob' }), stopRequest('c1', { user: 'bob' })]) {
      const response = await server.fetch(request);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('conversation_not_found');
    }
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
  });

  it('stops streaming a run once the log expired it (a silent open run expires too): run_not_ready within the grace, 204 once it ended', async () => {
    const { server, store, release, started } = heldServer({ runLog: memoryRunLog({ expireAfterMs: 50 }) });
    const live = await startTurn(server, 'c1');
    await started;
    await live.events.take(2);
    expect(await activeRunId(store, 'c1')).toBe(live.runId);
    await vi.waitFor(async () => expect((await server.fetch(resumeRequest('c1'))).status).toBe(AGENT_ERROR_STATUS.run_not_ready), { timeout: 5_000 });
    // The run itself goes on and is saved; only its log is gone.
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    expect((await server.fetch(resumeRequest('c1'))).status).toBe(204);
  });

  it('ends a resumed stream when its client goes away, and the run goes on', async () => {
    const { server, store, release, started } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    const resumed = sseEvents(await server.fetch(resumeRequest('c1')));
    await resumed.take(3);
    await resumed.cancel();
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
  });

  it('answers 503 run_log_unavailable when the log cannot be read or reached', async () => {
    const inner = memoryRunLog();
    const broken: RunLog = {
      open: (meta) => inner.open(meta),
      onStop: (runId, listener) => inner.onStop(runId, listener),
      read: () => Promise.reject(new RunLogUnavailableError('redis down')),
      requestStop: () => Promise.reject(new RunLogUnavailableError('redis down')),
    };
    const { server, release, started } = heldServer({ runLog: broken });
    const live = await startTurn(server, 'c1');
    await started;
    for (const request of [resumeRequest('c1'), stopRequest('c1')]) {
      const response = await server.fetch(request);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('run_log_unavailable');
    }
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
  });
});

describe('a turn with a store and a run log', () => {
  it("with onDisconnect 'continue' (the default): a closed client does not stop the model; the run finishes and the whole reply is saved", async () => {
    const { server, store, release, started, wasAborted } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    await live.events.take(4);
    await live.events.cancel();
    release();
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    expect(wasAborted()).toBe(false);
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(reply.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: TEXT })]));
    expect(reply.metadata).not.toHaveProperty('stopReason');
    expect((await store.listRuns('alice', 'c1'))!.at(-1)).toMatchObject({ status: 'completed' });
  });

  it("with onDisconnect 'abort': a closed client stops the model; the partial reply is saved as stopped", async () => {
    const { server, store, aborted, started } = heldServer({ onDisconnect: 'abort' });
    const live = await startTurn(server, 'c1');
    await started;
    await live.events.take(4);
    await live.events.cancel();
    await aborted;
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    expect((await store.loadThread('alice', 'c1'))!.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' });
  });

  it('Stop route: aborts the model, the live and resumed streams end with stopReason stopped before finish, the reply is saved as stopped', async () => {
    const { server, store, aborted, started } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    const resumed = sseEvents(await server.fetch(resumeRequest('c1')));
    await resumed.next();
    expect((await server.fetch(stopRequest('c1', { body: JSON.stringify({ runId: 'run-other' }) }))).status).toBe(204);
    const stop = await server.fetch(stopRequest('c1', { body: JSON.stringify({ runId: live.runId }) }));
    expect(stop.status).toBe(202);
    expect(await stop.json()).toEqual({ runId: live.runId });
    await aborted;
    const liveEvents = await live.events.rest();
    const resumedEvents = await resumed.rest();
    expect(resumedEvents).toEqual(liveEvents);
    const chunks = liveEvents.map((e) => JSON.parse(e.data) as { type: string; messageMetadata?: unknown });
    const meta = chunks.findIndex((c) => c.type === 'message-metadata' && (c.messageMetadata as { stopReason?: string }).stopReason === 'stopped');
    expect(meta).toBeGreaterThanOrEqual(0);
    const finish = chunks.findIndex((c) => c.type === 'finish');
    if (finish >= 0) expect(meta).toBeLessThan(finish);
    await vi.waitFor(async () => expect(await activeRunId(store, 'c1')).toBeNull());
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(reply.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(reply.parts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'text', text: deltasOf(liveEvents) })]));
    expect((await store.listRuns('alice', 'c1'))!.at(-1)).toMatchObject({ status: 'stopped' });
    // Nothing runs any more.
    expect((await server.fetch(stopRequest('c1'))).status).toBe(204);
  });

  it('two instances sharing the store and the run log: a run on A resumes and stops through B', async () => {
    const store = memoryStore();
    const runLog = memoryRunLog();
    const a = heldServer({ store, runLog });
    const b = storeServer(store, mockModel(textParts('unused')), { runLog }).server;
    const live = await startTurn(a.server, 'c1');
    await a.started;
    const resumed = sseEvents(await b.fetch(resumeRequest('c1')));
    expect(JSON.parse((await resumed.next())!.data)).toMatchObject({ type: RUN_STATE_PART, data: { runId: live.runId } });
    expect((await b.fetch(stopRequest('c1'))).status).toBe(202);
    await a.aborted;
    expect(await resumed.rest()).toEqual(await live.events.rest());
    await vi.waitFor(async () => expect((await store.loadThread('alice', 'c1'))!.at(-1)!.metadata).toMatchObject({ stopReason: 'stopped' }));
  });

  it('Stop with an empty body stops the active run', async () => {
    const { server, aborted, started } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    const stop = await server.fetch(stopRequest('c1', { contentType: 'text/plain' }));
    expect(stop.status).toBe(202);
    await aborted;
    await live.events.rest();
  });

  it('a failed turn carries stopReason error with its text before finish, like the saved reply', async () => {
    const store = memoryStore();
    const model = mockModel([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Partial' },
      { type: 'error', error: new Error('upstream 500') },
    ]);
    const { server } = storeServer(store, model);
    const events = await startTurn(server, 'c1').then((t) => t.events.rest());
    const meta = events.map((e) => JSON.parse(e.data) as { type: string; messageMetadata?: Record<string, unknown> }).find((c) => c.type === 'message-metadata' && c.messageMetadata?.stopReason);
    const reply = (await store.loadThread('alice', 'c1'))!.at(-1)!;
    expect(meta?.messageMetadata).toEqual({ stopReason: 'error', errorText: (reply.metadata as { errorText: string }).errorText });
  });

  it('without a store: no id lines, no run id header, no run log', async () => {
    const { createAgentServer } = await import('../server.js');
    const server = createAgentServer({ agents: { assistant: { model: mockModel(textParts('Hi there.')) as LanguageModel } }, logger: { warn() {}, error() {} } });
    const response = await server.fetch(turnRequest(undefined, { messages: [userMessage('Hi')] }));
    expect(response.headers.get(RUN_ID_HEADER)).toBeNull();
    const events = await sseEvents(response).rest();
    expect(events.every((e) => e.id === undefined)).toBe(true);
  });
});

describe('run route fuzz', () => {
  it('refuses bad cursors with 400 invalid_cursor, wrong methods with 405 and allow, bad stop bodies with 4xx', async () => {
    const { server, release, started } = heldServer();
    const live = await startTurn(server, 'c1');
    await started;
    const expectError = async (response: Response, status: number, code?: string) => {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: keyof typeof AGENT_ERROR_STATUS; message: string } };
      if (code) expect(body.error.code).toBe(code);
      expect(AGENT_ERROR_STATUS[body.error.code]).toBe(status);
    };
    for (const cursor of ['abc', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '1 2', '+1']) {
      await expectError(await server.fetch(resumeRequest('c1', { lastEventId: cursor })), 400, 'invalid_cursor');
    }
    for (const cursor of ['abc', '-1', '1.5', '1e3', ' 1', '0x10', '99999999999999999999', '٣', '1 2', '+1']) {
      await expectError(await server.fetch(resumeRequest('c1', { query: `?cursor=${encodeURIComponent(cursor)}` })), 400, 'invalid_cursor');
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await server.fetch(resumeRequest('c1', { method }));
      expect(response.headers.get('allow')).toBe('GET');
      await expectError(response, 405, 'method_not_allowed');
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await server.fetch(stopRequest('c1', { method, ...(method === 'GET' ? {} : { body: '{}' }) }));
      expect(response.headers.get('allow')).toBe('POST');
      await expectError(response, 405, 'method_not_allowed');
    }
    await expectError(await server.fetch(stopRequest('c1', { body: '{"runId":' })), 400, 'bad_json');
    await expectError(await server.fetch(stopRequest('c1', { body: '{"runId":7}' })), 400, 'invalid_body');
    await expectError(await server.fetch(stopRequest('c1', { body: '[1]' })), 400, 'invalid_body');
    await expectError(await server.fetch(stopRequest('c1', { body: '{"runId":"x"}', contentType: 'text/plain' })), 415, 'unsupported_media_type');
    await expectError(await server.fetch(stopRequest('c1', { body: JSON.stringify({ runId: 'x'.repeat(10_000) }) })), 413);
    await expectError(await server.fetch(new Request('http://localhost/api/agent/conversations/c1/stream/extra', { headers: { 'x-user': 'alice' } })), 404, 'not_found');
    // Nothing above touched the run.
    release();
    expect(deltasOf(await live.events.rest())).toBe(TEXT);
  });
});
