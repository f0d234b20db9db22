import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RUN_ID_HEADER, RUN_STATE_PART, runPaths, type ConversationHistory } from '@x/agent-protocol/routes';
import type { AgentServer } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { postgresStore } from '../store/postgres-store.js';
import { STALE_RUN_MS, type ConversationStore } from '../store/types.js';
import { usage } from '../test-utils/mock-model.js';
import { recordingLogger } from '../test-utils/model-parts.js';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { startRedis, type RedisServer } from '../test-utils/redis-server.js';
import { redisRunLog } from './redis-run-log.js';
import type { RunLog } from './run-log.js';

/**
 * Two server instances (`createAgentServer` twice, each on its own real HTTP port) sharing one
 * PostgreSQL (the store) and one Redis (the run log): what a deployment behind a load balancer
 * looks like. The model is a mock whose reply the test releases in steps, so a run is still open
 * when the client comes back on the other instance.
 */

let pg: { connectionString: string };
let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  [pg, redis] = await Promise.all([postgresDatabase(), startRedis()]);
}, 60_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  redis?.destroy();
}, 60_000);

/** A scripted reply: `before` deltas at once, then it waits for `release()` (or its abort), then `after` deltas. */
function gatedModel(before: string[], after: string[]) {
  const calls: { aborted: Promise<void>; release: () => void }[] = [];
  const waiting: (() => void)[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let markAborted!: () => void;
      const aborted = new Promise<void>((resolve) => (markAborted = resolve));
      const signal = options.abortSignal;
      if (signal?.aborted) markAborted();
      else signal?.addEventListener('abort', () => markAborted(), { once: true });
      calls.push({ aborted, release });
      for (const resolve of waiting.splice(0)) resolve();
      const parts = (deltas: string[]): LanguageModelV4StreamPart[] => deltas.map((delta) => ({ type: 'text-delta', id: 't1', delta }));
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            const fail = () => controller.error(signal?.reason ?? new DOMException('aborted', 'AbortError'));
            signal?.addEventListener('abort', fail, { once: true });
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 't1' });
            for (const part of parts(before)) controller.enqueue(part);
            await Promise.race([released, aborted]);
            if (signal?.aborted) return;
            for (const part of parts(after)) controller.enqueue(part);
            controller.enqueue({ type: 'text-end', id: 't1' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
            signal?.removeEventListener('abort', fail);
            controller.close();
          },
        }),
      };
    },
  });
  return {
    model,
    /** The latest call of the model (the run the test just started). */
    get last() {
      return calls.at(-1)!;
    },
    /** Resolves when the next call starts. */
    nextCall() {
      return new Promise<void>((resolve) => waiting.push(resolve));
    },
  };
}

interface Instance {
  base: string;
  /** Closes the instance's HTTP server and cuts its connections. */
  close: () => Promise<void>;
  server: AgentServer;
  logger: ReturnType<typeof recordingLogger>;
}

/** An agent server on a real HTTP port: node:http ↔ the Web `fetch` handler, the client's disconnect aborting the request. */
async function serve(server: AgentServer): Promise<{ base: string; close: () => Promise<void> }> {
  const http: Server = createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: Object.entries(req.headers).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value] as [string, string]] : [])),
        ...(body && req.method !== 'GET' ? { body } : {}),
        signal: controller.signal,
      });
      void (async () => {
        const response = await server.fetch(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        if (!response.body) return void res.end();
        Readable.fromWeb(response.body as NodeReadableStream).on('error', () => res.destroy()).pipe(res);
      })();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }));
  cleanups.push(close);
  return { base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, close };
}

async function instance(model: MockLanguageModelV4, runLog: RunLog, store: ConversationStore): Promise<Instance> {
  const logger = recordingLogger();
  const server = createAgentServer({
    agents: { assistant: { model } },
    authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'alice' }),
    logger,
    store,
    runLog,
  });
  return { ...(await serve(server)), server, logger };
}

/** Two instances on the shared PostgreSQL and `redisUrl`, one model each (the run goes to A's). */
async function pair(redisUrl: string, onError: (error: Error, context: { operation: string }) => void = () => {}) {
  const gate = gatedModel(['Alpha ', 'beta ', 'gamma ', 'delta '], ['epsilon ', 'zeta.']);
  const other = gatedModel(['never'], []);
  const make = async (model: MockLanguageModelV4) => {
    const store = postgresStore({ connectionString: pg.connectionString });
    const runLog = redisRunLog({ url: redisUrl }, { commandTimeoutMs: 1_000, onError });
    cleanups.push(() => store.close?.(), () => runLog.close?.());
    return instance(model, runLog, store);
  };
  const [a, b] = [await make(gate.model), await make(other.model)];
  return { a, b, gate };
}

interface SseEvent {
  id?: string;
  data: string;
}

/** Reads SSE events from a response body as they arrive. */
async function* events(response: Response): AsyncGenerator<SseEvent> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('data: ')) event.data += line.slice(6);
        }
        if (event.data !== '') yield event;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const all = async (response: Response) => {
  const out: SseEvent[] = [];
  for await (const event of events(response)) out.push(event);
  return out;
};
/** The run's chunks (not `[DONE]`, not the transient run-state event of a resume). */
const chunks = (list: SseEvent[]) => list.filter((e) => e.data !== '[DONE]' && !e.data.includes(`"${RUN_STATE_PART}"`));
const text = (list: SseEvent[]) =>
  chunks(list)
    .map((e) => JSON.parse(e.data) as { type: string; delta?: string })
    .map((c) => (c.type === 'text-delta' ? c.delta : ''))
    .join('');

const headers = { 'content-type': 'application/json', 'x-user': 'alice' };
let turnCount = 0;
/** Starts a turn on `inst` in a new conversation; resolves with the response once its headers came. */
async function startTurn(inst: Instance, signal?: AbortSignal) {
  const conversationId = `two-${process.pid}-${turnCount++}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await fetch(`${inst.base}/api/agent/assistant`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ conversationId, messages: [{ id: `u-${conversationId}`, role: 'user', parts: [{ type: 'text', text: 'Go' }] }] }),
    ...(signal ? { signal } : {}),
  });
  expect(response.status).toBe(200);
  return { conversationId, response, runId: response.headers.get(RUN_ID_HEADER) };
}
const resume = (inst: Instance, conversationId: string, lastEventId?: string, signal?: AbortSignal) =>
  fetch(`${inst.base}${runPaths.stream('/api/agent', conversationId)}`, {
    headers: { 'x-user': 'alice', ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}) },
    ...(signal ? { signal } : {}),
  });
const history = async (inst: Instance, conversationId: string) =>
  (await (await fetch(`${inst.base}/api/agent/conversations/${encodeURIComponent(conversationId)}`, { headers })).json()) as ConversationHistory;

/** Polls until `check` holds (generous deadline; not a timing assertion). */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}
const savedReply = (inst: Instance, conversationId: string) =>
  eventually(async () => {
    const h = await history(inst, conversationId);
    const reply = h.messages.find((m) => m.role === 'assistant');
    return h.conversation.activeRunId == null && reply ? reply : undefined;
  }, 'the reply saved and the run ended');

describe('two server instances sharing PostgreSQL and Redis', () => {
  it('resumes on B a run that runs on A: every chunk once, in order, the same stream A sends', async () => {
    const { a, b, gate } = await pair(redis.url);
    const started = gate.nextCall();
    const turn = await startTurn(a);
    await started;
    const fromA = all(turn.response);
    const resumed = await resume(b, turn.conversationId);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get(RUN_ID_HEADER)).toBe(turn.runId);
    const fromB = all(resumed);
    gate.last.release();
    const [eventsA, eventsB] = await Promise.all([fromA, fromB]);
    expect(eventsB[0]!.data).toContain(RUN_STATE_PART);
    expect(eventsB[0]!.id).toBeUndefined();
    expect(chunks(eventsB)).toEqual(chunks(eventsA));
    expect(chunks(eventsB).map((e) => e.id)).toEqual(chunks(eventsA).map((_, i) => String(i)));
    expect(text(eventsB)).toBe('Alpha beta gamma delta epsilon zeta.');
    const reply = await savedReply(b, turn.conversationId);
    expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma delta epsilon zeta.' }));
    // A finished run is not resumed: the client loads the saved messages.
    expect((await resume(b, turn.conversationId)).status).toBe(204);
  }, 60_000);

  it('stops on A the run a Stop sent to B names: the model call is aborted and the reply is saved as stopped', async () => {
    const { a, b, gate } = await pair(redis.url);
    const started = gate.nextCall();
    const turn = await startTurn(a);
    await started;
    const fromA = all(turn.response);
    const stop = await fetch(`${b.base}${runPaths.stop('/api/agent', turn.conversationId)}`, { method: 'POST', headers, body: JSON.stringify({ runId: turn.runId }) });
    expect(stop.status).toBe(202);
    expect(await stop.json()).toEqual({ runId: turn.runId });
    await gate.last.aborted;
    expect(text(await fromA)).toBe('Alpha beta gamma delta ');
    const reply = await savedReply(b, turn.conversationId);
    expect(reply.metadata).toMatchObject({ stopReason: 'stopped' });
    expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma delta ' }));
  }, 60_000);

  it('loses and repeats no chunk when the client leaves A after any event and resumes on B', async () => {
    const { a, b, gate } = await pair(redis.url);
    // The events A sends before the model waits: start, start-step, text-start and the four deltas.
    let boundaries = 0;
    for (let k = 0; k <= boundaries; k++) {
      const started = gate.nextCall();
      const leave = new AbortController();
      const turn = await startTurn(a, leave.signal);
      await started;
      const head: SseEvent[] = [];
      if (k > 0) {
        for await (const event of events(turn.response)) {
          head.push(event);
          if (head.length === k) break;
        }
      }
      leave.abort();
      const whole = all(await resume(b, turn.conversationId));
      const rest = all(await resume(b, turn.conversationId, head.at(-1)?.id));
      gate.last.release();
      const [wholeEvents, restEvents] = await Promise.all([whole, rest]);
      if (k === 0) boundaries = chunks(wholeEvents).findIndex((e) => e.data.includes('"epsilon "'));
      expect(head.map((e) => e.id)).toEqual(head.map((_, i) => String(i)));
      expect([...head, ...chunks(restEvents)]).toEqual(chunks(wholeEvents));
      expect(text([...head, ...restEvents])).toBe('Alpha beta gamma delta epsilon zeta.');
      await savedReply(b, turn.conversationId);
    }
    expect(boundaries).toBeGreaterThanOrEqual(7);
  }, 120_000);
});

describe('an instance that dies mid-run', () => {
  it('once its heartbeat is stale, a resume on B saves the run as interrupted with the partial reply from Redis and answers 204 at once', async () => {
    const { a, b, gate } = await pair(redis.url);
    const started = gate.nextCall();
    const turn = await startTurn(a);
    await started;
    const reader = events(turn.response);
    for (let next = await reader.next(); !next.done; next = await reader.next()) if (next.value.data.includes('"delta "')) break;
    // A is gone (its clients are cut) and its last heartbeat is older than the staleness limit.
    await a.close();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + STALE_RUN_MS + 1_000);
      const resumed = await resume(b, turn.conversationId);
      expect(resumed.status).toBe(204);
      const h = await history(b, turn.conversationId);
      expect(h.conversation.activeRunId).toBeNull();
      const reply = h.messages.at(-1)!;
      expect(reply.metadata).toMatchObject({ stopReason: 'interrupted' });
      expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma delta ' }));
      expect((await resume(b, turn.conversationId)).status).toBe(204);
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});

describe('Redis going away mid-run', () => {
  it('finishes and saves the run, answers 503 run_log_unavailable to a resume, and hangs nothing', async () => {
    const own = await startRedis();
    cleanups.push(() => own.destroy());
    const reports: string[] = [];
    const { a, b, gate } = await pair(own.url, (_error, context) => reports.push(context.operation));
    const started = gate.nextCall();
    const turn = await startTurn(a);
    await started;
    const reader = events(turn.response);
    const head: SseEvent[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) {
      head.push(next.value);
      if (next.value.data.includes('"delta "')) break;
    }
    own.kill();
    const resumed = await resume(b, turn.conversationId);
    expect(resumed.status).toBe(503);
    expect(await resumed.json()).toMatchObject({ error: { code: 'run_log_unavailable' } });
    gate.last.release();
    const tail: SseEvent[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) tail.push(next.value);
    expect(text([...head, ...tail])).toBe('Alpha beta gamma delta epsilon zeta.');
    const reply = await savedReply(b, turn.conversationId);
    expect(reply.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Alpha beta gamma delta epsilon zeta.' }));
    expect(reply.metadata).not.toHaveProperty('stopReason');
    // The writer dropped the rest of the run's entries with one report.
    expect(reports.filter((operation) => operation.startsWith('write'))).toHaveLength(1);
  }, 60_000);
});
