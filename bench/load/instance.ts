/**
 * One server instance of `pnpm bench:load`, its own process (`node instance.ts '<json options>'`):
 * `createAgentServer` with `postgresStore` (on a `pg` pool this file opens, so its waits can be
 * sampled) and `redisRunLog`, the default `onDisconnect: 'continue'`, one agent `bench` whose
 * scripted model streams `deltas` text deltas `intervalMs` apart (`bench/server/model.ts`), served by
 * the kit's node adapter on 127.0.0.1.
 *
 * - `/api/agent/**`        the kit (turns, conversations, run streams, the live event stream)
 * - `GET /__stats`         `InstanceStats` (`?reset=1` restarts the event-loop delay histogram and the pool-wait peak after answering)
 * - `POST /__profile/start`, `POST /__profile/stop?out=FILE`  a CPU profile of this process (inspector) → `FILE` (.cpuprofile)
 *
 * Prints `{"port":N}` when listening; exits when stdin closes (the parent went away) or after 15 minutes.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createAgentServer } from '@x/agent-server';
import { toNodeHandler } from '@x/agent-server/node';
import { postgresStore, type PostgresStoreOptions } from '@x/agent-server/postgres';
import { redisRunLog, type RedisRunLogConnection } from '@x/agent-server/redis';
import { serveAsChild } from '../server/child-server.ts';
import { deltaModel } from '../server/model.ts';
import type { InstanceOptions, InstanceStats } from './types.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as InstanceOptions;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

// `pg` is the agent server's optional peer: load the copy the server package resolves.
const pgPath = createRequire(new URL('../../packages/agent-server/package.json', import.meta.url)).resolve('pg');
/** What this file reads of a `pg` Pool (the `pg` types are the server package's dev dependency). */
interface Pool {
  readonly waitingCount: number;
  readonly totalCount: number;
  on(event: 'error', listener: () => void): void;
}
const pg = (await import(pathToFileURL(pgPath).href)) as { default: { Pool: new (config: object) => Pool } };
// The store's own pool settings (postgres-store.ts: 10 connections, 5 s connect timeout), size overridable.
const pool = new pg.default.Pool({ connectionString: options.postgres, max: options.poolSize, connectionTimeoutMillis: 5_000, query_timeout: 10_000 });
pool.on('error', () => {});

const store = postgresStore({ pool: pool as unknown as Extract<PostgresStoreOptions, { pool: unknown }>['pool'] });
// With `autoPipelining`, the log gets a client of ours with ioredis' auto-pipelining (the commands of
// one tick go out as one write), the log's own safe settings otherwise (as `redis-run-log.ts` sets them).
const runLog = redisRunLog(options.autoPipelining ? { client: await autoPipeliningClient(options.redis) } : { url: options.redis }, { onError: () => {} });
async function autoPipeliningClient(url: string) {
  const ioredisPath = createRequire(new URL('../server/package.json', import.meta.url)).resolve('ioredis');
  type Client = Extract<RedisRunLogConnection, { client: unknown }>['client'];
  const { Redis } = (await import(pathToFileURL(ioredisPath).href)) as { Redis: new (url: string, options: object) => Client };
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 2_000, connectTimeout: 2_000, enableAutoPipelining: true });
  client.on('error', () => {});
  return client;
}

const server = createAgentServer({
  agents: { bench: { model: deltaModel(options.deltas, options.intervalMs) } },
  authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'anonymous' }),
  store,
  runLog,
  logger: silent,
});
const handler = toNodeHandler(server);

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const counters = { openStreams: 0, peakOpenStreams: 0, responses: 0, status5xx: 0, poolWaitingPeak: 0 };
// The pool's queue of callers waiting for a connection, sampled every 20 ms.
setInterval(() => (counters.poolWaitingPeak = Math.max(counters.poolWaitingPeak, pool.waitingCount)), 20).unref();

function track(res: ServerResponse): void {
  counters.openStreams++;
  counters.peakOpenStreams = Math.max(counters.peakOpenStreams, counters.openStreams);
  res.once('close', () => {
    counters.openStreams--;
    counters.responses++;
    if (res.statusCode >= 500) counters.status5xx++;
  });
}

function stats(): InstanceStats {
  return {
    pid: process.pid,
    eldP99Ms: loop.percentile(99) / 1e6,
    eldMaxMs: loop.max / 1e6,
    rssMB: process.memoryUsage.rss() / 2 ** 20,
    cpuUs: ((c) => c.user + c.system)(process.cpuUsage()),
    ...counters,
    poolSize: options.poolSize,
    poolTotal: pool.totalCount,
    poolWaiting: pool.waitingCount,
  };
}

const json = (res: ServerResponse, value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
let profiler: Session | undefined;

async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (req.method === 'GET' && url.pathname === '/__stats') {
    json(res, stats());
    if (url.searchParams.has('reset')) {
      loop.reset();
      counters.poolWaitingPeak = pool.waitingCount;
      counters.peakOpenStreams = counters.openStreams;
    }
  } else if (req.method === 'POST' && url.pathname === '/__profile/start') {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 1000 });
    await profiler.post('Profiler.start');
    json(res, { started: true });
  } else if (req.method === 'POST' && url.pathname === '/__profile/stop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = undefined;
    writeFileSync(url.searchParams.get('out') ?? `/tmp/bench-load-${process.pid}.cpuprofile`, JSON.stringify(profile));
    json(res, { stopped: true });
  } else {
    res.writeHead(404).end();
  }
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname.startsWith('/__')) {
    control(req, res, url).catch((error: unknown) => res.writeHead(500).end(String(error)));
    return;
  }
  track(res);
  handler(req, res);
});
// Idle event streams and long replies: no request timeout, no header timeout cutting a slow start.
http.requestTimeout = 0;
http.headersTimeout = 60_000;
serveAsChild(http, 15);
