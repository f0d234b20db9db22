/**
 * V5 — resumable, stoppable runs (issue 12): the run log's cost and latencies, in one process.
 *
 * Contenders: `none` (a store and a run log that keeps nothing: the kit's run plumbing without
 * storage), `memory` (`memoryRunLog()`, the embedded default) and `redis` (`redisRunLog()` on a
 * `redis-server` this bench starts on 127.0.0.1). The store is `memoryStore()` in every lane, so the
 * lanes measure the log, not a database.
 *
 * (a) CPU per text delta of a turn (N deltas, pull-based mock model, drained through the Response
 *     body; the CPU of the log's last writes, until `end()` resolves, counts), interleaved rounds,
 *     paired ratios memory/none and redis/none.
 * (b) Reload → first resumed chunk (after one discarded warm-up resume per lane): while a paced turn streams, `GET …/stream` with `Last-Event-ID`
 *     at a random earlier chunk, time from the call to the first replayed chunk (`id:` event).
 * (c) Heap after GC around 1,000 finished runs (each conversation deleted after its run, so the
 *     store does not grow; `expireAfterMs` short, waited out).
 * (d) Stop latency (after one discarded warm-up stop per lane): `POST …/stop` → the turn's stream ended. With Redis the stop goes to a second
 *     server instance (same store, its own `redisRunLog`), the way a load balancer would send it.
 */
import { execFileSync } from 'node:child_process';
import { RUN_ID_HEADER, runPaths } from '@x/agent-protocol/routes';
import type { MockLanguageModelV4 } from 'ai/test';
import { createAgentServer, type AgentServer } from '@x/agent-server';
import { memoryRunLog, type RunLog } from '@x/agent-server/run-log';
import { memoryStore, type ConversationStore } from '@x/agent-server/store';
import { redisRunLog } from '@x/agent-server/redis';
import { startRedis, type RedisServer } from '../../packages/agent-server/src/test-utils/redis-server.ts';
import { bootstrapCI, median, percentile, shuffled } from '../render/stats.ts';
import { deltaModel } from './model.ts';

export type V5Contender = 'none' | 'memory' | 'redis';
export const V5_CONTENDERS: V5Contender[] = ['none', 'memory', 'redis'];
export type V5LogContender = Exclude<V5Contender, 'none'>;
const LOG_CONTENDERS: V5LogContender[] = ['memory', 'redis'];

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const BASE = 'http://127.0.0.1/api/agent';

/** A run log that keeps nothing: what the turn costs with the run plumbing but no storage. */
function nullRunLog(): RunLog {
  return {
    open: () => ({ append() {}, end: async () => {} }),
    read: async () => null,
    requestStop: async () => {},
    onStop: () => () => {},
  };
}

/** Wraps a log so the bench can wait for every writer's `end()` (the log's last writes count in (a)). */
function tracked(log: RunLog) {
  const ends = new Set<Promise<void>>();
  const wrapped: RunLog = {
    ...log,
    open(meta) {
      const writer = log.open(meta);
      return {
        append: (data) => writer.append(data),
        end: () => {
          const done = writer.end();
          ends.add(done);
          void done.finally(() => ends.delete(done));
          return done;
        },
      };
    },
    read: (...args) => log.read(...args),
    requestStop: (runId) => log.requestStop(runId),
    onStop: (runId, listener) => log.onStop(runId, listener),
    close: () => log.close?.() ?? Promise.resolve(),
  };
  return { log: wrapped, settled: () => Promise.all([...ends]) };
}

interface Lane {
  server: AgentServer;
  /** A second instance on the same store and backend (Redis: its own log; memory: the same server). */
  other: AgentServer;
  store: ConversationStore;
  settled: () => Promise<unknown>;
  close: () => Promise<void>;
}

let redis: RedisServer | undefined;
let count = 0;

function makeLog(contender: V5Contender, expireAfterMs?: number): RunLog {
  const options = expireAfterMs !== undefined ? { expireAfterMs } : {};
  if (contender === 'none') return nullRunLog();
  if (contender === 'memory') return memoryRunLog(options);
  return redisRunLog({ url: redis!.url }, { ...options, onError: () => {} });
}

function lane(contender: V5Contender, model: MockLanguageModelV4, expireAfterMs?: number): Lane {
  const store = memoryStore();
  const { log, settled } = tracked(makeLog(contender, expireAfterMs));
  const config = { agents: { bench: { model } }, store, logger: silent };
  const server = createAgentServer({ ...config, runLog: log });
  let otherLog: RunLog | undefined;
  let other = server;
  if (contender === 'redis') {
    otherLog = makeLog('redis', expireAfterMs);
    other = createAgentServer({ ...config, runLog: otherLog });
  }
  return {
    server,
    other,
    store,
    settled,
    close: async () => {
      await log.close?.();
      await otherLog?.close?.();
    },
  };
}

const turnRequest = (conversationId: string, signal?: AbortSignal) =>
  new Request(`${BASE}/bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId, messages: [{ id: `u-${conversationId}`, role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }),
    ...(signal ? { signal } : {}),
  });
const newConversation = () => `v5-${process.pid}-${count++}`;

async function drain(response: Response): Promise<void> {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  while (!(await reader.read()).done);
}

/** Reads SSE bytes until `count` events with an `id:` line came; returns the last id seen. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, count: number): Promise<string | undefined> {
  const decoder = new TextDecoder();
  let buffer = '';
  let seen = 0;
  let lastId: string | undefined;
  while (seen < count) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const id = /^id: (.*)$/m.exec(buffer.slice(0, end))?.[1];
      buffer = buffer.slice(end + 2);
      if (id !== undefined) {
        lastId = id;
        seen++;
        if (seen >= count) break;
      }
    }
  }
  return lastId;
}

/** Redis's command counts so far (`INFO commandstats`), by command. */
function commandCalls(): Record<string, number> {
  const text = execFileSync('redis-cli', ['-p', String(redis!.port), 'INFO', 'commandstats']).toString();
  return Object.fromEntries([...text.matchAll(/^cmdstat_(\w+(?:\|\w+)?):calls=(\d+)/gm)].map(([, name, calls]) => [name!, Number(calls)]));
}

/** `promise`, or a failure after `ms`: the bench never hangs. */
function within<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

// (a) ----------------------------------------------------------------------------------------------

export interface V5CpuResult {
  deltas: number;
  /** 0: unpaced (a burst that never yields to the event loop); > 0: ms between deltas, like a provider's network reads. */
  intervalMs: number;
  rounds: number;
  usPerDelta: Record<V5Contender, number>;
  samples: Record<V5Contender, number[]>;
  memoryVsNone: { median: number; ci: [number, number] };
  redisVsNone: { median: number; ci: [number, number] };
  /** Redis commands per 1,000 deltas in the redis lane, by command (pipelined: one round trip carries many). */
  redisCommandsPer1k: Record<string, number>;
}

export async function v5Cpu(deltas: number, rounds: number, log: (line: string) => void, intervalMs = 0): Promise<V5CpuResult> {
  const lanes = Object.fromEntries(V5_CONTENDERS.map((c) => [c, lane(c, deltaModel(deltas, intervalMs))])) as Record<V5Contender, Lane>;
  const measure = async (c: V5Contender) => {
    const l = lanes[c];
    const request = turnRequest(newConversation());
    const cpu0 = process.cpuUsage();
    await drain(await l.server.fetch(request));
    await l.settled();
    const cpu = process.cpuUsage(cpu0);
    return (cpu.user + cpu.system) / deltas;
  };
  try {
    for (const c of V5_CONTENDERS) await measure(c); // warm-up (JIT, Redis connections)
    const samples = Object.fromEntries(V5_CONTENDERS.map((c) => [c, [] as number[]])) as Record<V5Contender, number[]>;
    const calls: Record<string, number> = {};
    for (let round = 0; round < rounds; round++) {
      for (const c of shuffled(V5_CONTENDERS)) {
        (globalThis as { gc?: () => void }).gc?.();
        const before = c === 'redis' ? commandCalls() : {};
        samples[c].push(await measure(c));
        if (c === 'redis') for (const [name, n] of Object.entries(commandCalls())) if (name !== 'info') calls[name] = (calls[name] ?? 0) + n - (before[name] ?? 0);
      }
      log(`V5a${intervalMs > 0 ? ` paced ${intervalMs} ms` : ''} round ${round + 1}: ${V5_CONTENDERS.map((c) => `${c} ${samples[c].at(-1)!.toFixed(1)} µs`).join(', ')}`);
    }
    const paired = (a: V5Contender) => {
      const ratios = samples[a].map((s, i) => s / samples.none[i]!);
      return { median: median(ratios), ci: bootstrapCI(ratios) };
    };
    return {
      deltas,
      intervalMs,
      rounds,
      usPerDelta: Object.fromEntries(V5_CONTENDERS.map((c) => [c, median(samples[c])])) as Record<V5Contender, number>,
      samples,
      memoryVsNone: paired('memory'),
      redisVsNone: paired('redis'),
      redisCommandsPer1k: Object.fromEntries(Object.entries(calls).map(([name, n]) => [name, (n / (deltas * rounds)) * 1000])),
    };
  } finally {
    await Promise.all(V5_CONTENDERS.map((c) => lanes[c].close()));
  }
}

// (b) ----------------------------------------------------------------------------------------------

export interface V5LatencyResult {
  samples: Record<V5LogContender, number[]>;
  p50: Record<V5LogContender, number>;
  p99: Record<V5LogContender, number>;
}

const summarize = (samples: Record<V5LogContender, number[]>): V5LatencyResult => ({
  samples,
  p50: { memory: percentile(samples.memory, 50), redis: percentile(samples.redis, 50) },
  p99: { memory: percentile(samples.memory, 99), redis: percentile(samples.redis, 99) },
});

/** Resumes of one paced turn per contender and round; `perTurn` resumes each, one after the other. */
export async function v5Resume(rounds: number, perTurn: number, log: (line: string) => void): Promise<V5LatencyResult> {
  const samples: Record<V5LogContender, number[]> = { memory: [], redis: [] };
  for (let round = 0; round < rounds; round++) {
    for (const c of shuffled(LOG_CONTENDERS)) {
      // 3,000 deltas at 2 ms: a 6 s turn, long enough for the resumes to find it open.
      const l = lane(c, deltaModel(3_000, 2, true));
      try {
        const conversationId = newConversation();
        const turn = await l.server.fetch(turnRequest(conversationId));
        const reader = turn.body!.getReader();
        await within(readEvents(reader, 200), 30_000, `${c}: the turn did not stream`);
        const pumping = (async () => {
          while (!(await reader.read()).done);
        })();
        // The first resume of a fresh lane opens the second instance's Redis connection (and loads
        // ioredis); an instance that serves has it open: one discarded warm-up resume.
        for (let k = -1; k < perTurn; k++) {
          const controller = new AbortController();
          // A reload mid-reply: the client saw some of the chunks so far.
          const cursor = Math.floor(Math.random() * 150);
          const t0 = performance.now();
          const response = await l.other.fetch(
            new Request(`http://127.0.0.1${runPaths.stream('/api/agent', conversationId)}`, { headers: { 'last-event-id': String(cursor) }, signal: controller.signal }),
          );
          if (response.status !== 200) throw new Error(`resume answered ${response.status}: ${await response.text()}`);
          const first = await within(readEvents(response.body!.getReader(), 1), 10_000, `${c}: no resumed chunk within 10 s`);
          const ms = performance.now() - t0;
          controller.abort();
          await response.body?.cancel().catch(() => {});
          if (first !== String(cursor + 1)) throw new Error(`resume after ${cursor} started at ${first}`);
          if (k >= 0) samples[c].push(ms);
        }
        await l.server.fetch(new Request(`http://127.0.0.1${runPaths.stop('/api/agent', conversationId)}`, { method: 'POST' }));
        await pumping;
        await l.settled();
      } finally {
        await l.close();
      }
    }
    log(`V5b round ${round + 1}: p50 memory ${percentile(samples.memory, 50).toFixed(2)} ms, redis ${percentile(samples.redis, 50).toFixed(2)} ms`);
  }
  return summarize(samples);
}

// (c) ----------------------------------------------------------------------------------------------

export interface V5HeapResult {
  runs: number;
  beforeMB: Record<V5LogContender, number>;
  afterMB: Record<V5LogContender, number>;
  growthPct: Record<V5LogContender, number>;
}

const heapMB = async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
};

export async function v5Heap(runs: number, log: (line: string) => void): Promise<V5HeapResult> {
  const expireAfterMs = 200;
  const result: V5HeapResult = { runs, beforeMB: { memory: 0, redis: 0 }, afterMB: { memory: 0, redis: 0 }, growthPct: { memory: 0, redis: 0 } };
  for (const c of LOG_CONTENDERS) {
    const l = lane(c, deltaModel(50), expireAfterMs);
    try {
      const one = async () => {
        const conversationId = newConversation();
        await drain(await l.server.fetch(turnRequest(conversationId)));
        await l.settled();
        const deleted = await l.server.fetch(new Request(`${BASE}/conversations/${conversationId}`, { method: 'DELETE' }));
        if (deleted.status >= 300) throw new Error(`delete answered ${deleted.status}`);
      };
      for (let i = 0; i < 100; i++) await one(); // warm-up: JIT, connections, caches
      await new Promise((resolve) => setTimeout(resolve, expireAfterMs * 3));
      result.beforeMB[c] = await heapMB();
      for (let i = 0; i < runs; i++) await one();
      await new Promise((resolve) => setTimeout(resolve, expireAfterMs * 3));
      result.afterMB[c] = await heapMB();
      result.growthPct[c] = ((result.afterMB[c] - result.beforeMB[c]) / result.beforeMB[c]) * 100;
      log(`V5c ${c}: heap ${result.beforeMB[c].toFixed(2)} → ${result.afterMB[c].toFixed(2)} MB after ${runs} runs (${result.growthPct[c].toFixed(1)}%)`);
    } finally {
      await l.close();
    }
  }
  return result;
}

// (d) ----------------------------------------------------------------------------------------------

export async function v5Stop(rounds: number, perRound: number, log: (line: string) => void): Promise<V5LatencyResult> {
  const samples: Record<V5LogContender, number[]> = { memory: [], redis: [] };
  for (let round = 0; round < rounds; round++) {
    for (const c of shuffled(LOG_CONTENDERS)) {
      const l = lane(c, deltaModel(100_000, 5, true));
      try {
        // One discarded warm-up stop per fresh lane (connections, the subscriber).
        for (let k = -1; k < perRound; k++) {
          const conversationId = newConversation();
          const turn = await l.server.fetch(turnRequest(conversationId));
          const runId = turn.headers.get(RUN_ID_HEADER);
          const reader = turn.body!.getReader();
          await within(readEvents(reader, 20), 30_000, `${c}: the turn did not stream`);
          const t0 = performance.now();
          const ended = (async () => {
            while (!(await reader.read()).done);
            return performance.now() - t0;
          })();
          const stop = await l.other.fetch(
            new Request(`http://127.0.0.1${runPaths.stop('/api/agent', conversationId)}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(runId ? { runId } : {}),
            }),
          );
          if (stop.status !== 202) throw new Error(`stop answered ${stop.status}: ${await stop.text()}`);
          const ms = await within(ended, 10_000, `${c}: the stopped stream did not end within 10 s`);
          if (k >= 0) samples[c].push(ms);
          await l.settled();
        }
      } finally {
        await l.close();
      }
    }
    log(`V5d round ${round + 1}: p50 memory ${percentile(samples.memory, 50).toFixed(1)} ms, redis ${percentile(samples.redis, 50).toFixed(1)} ms`);
  }
  return summarize(samples);
}

// ---------------------------------------------------------------------------------------------------

export async function withRedis<T>(fn: () => Promise<T>): Promise<T> {
  redis = await startRedis();
  try {
    return await fn();
  } finally {
    redis.destroy();
    redis = undefined;
  }
}
