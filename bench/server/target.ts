/**
 * The server under load (V3/V4), run as its own process (`node --expose-gc target.ts`) on
 * 127.0.0.1 so the load generator's work does not share its event loop. Both contenders are
 * served through the kit's node adapter (`toNodeHandler`), so adapter cost is common to both:
 *
 * - POST /api/agent/bench     kit route, paced model: 1,000 deltas at 100 tok/s
 * - POST /raw/chat            raw AI SDK route (createUIMessageStreamResponse over streamText), same model
 * - POST /fast/agent/bench    kit route, unpaced model of `?deltas` (default 50) deltas
 * - POST /raw-fast/chat       raw route, unpaced
 * - GET  /__stats             event-loop delay p99/max since the last reset (`?reset=1`), RSS, heap, open streams
 * - POST /__gc                full GC, then heap used
 *
 * Prints `{"port":N}` when listening; exits when stdin closes or after 30 minutes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createUIMessageStreamResponse, streamText, toUIMessageStream } from 'ai';
import { createAgentServer, type AgentServer } from '@x/agent-server';
import { toNodeHandler } from '@x/agent-server/node';
import { deltaModel } from './model.ts';
import { serveAsChild } from './child-server.ts';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const PACED = { deltas: 1000, intervalMs: 10 };
const fastDeltas = (url: URL) => Math.min(100_000, Math.max(1, Number(url.searchParams.get('deltas') ?? 50)));

const kitPaced = createAgentServer({ agents: { bench: { model: deltaModel(PACED.deltas, PACED.intervalMs) } }, logger: silent });
const kitFast = (deltas: number) =>
  createAgentServer({ basePath: '/fast/agent', agents: { bench: { model: deltaModel(deltas) } }, logger: silent });

/** The raw AI SDK route as a Web handler, adapted to node the same way as the kit's. */
const rawServer = (deltas: number, intervalMs: number): AgentServer =>
  ({
    config: { agents: {} },
    fetch: async (request: Request) => {
      await request.text();
      const result = streamText({ model: deltaModel(deltas, intervalMs), prompt: 'hi', abortSignal: request.signal });
      return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream }) });
    },
  }) as unknown as AgentServer;

const kitPacedHandler = toNodeHandler(kitPaced);
const rawPacedHandler = toNodeHandler(rawServer(PACED.deltas, PACED.intervalMs));
const fastKitHandlers = new Map<number, ReturnType<typeof toNodeHandler>>();
const fastRawHandlers = new Map<number, ReturnType<typeof toNodeHandler>>();
const cached = (map: Map<number, ReturnType<typeof toNodeHandler>>, deltas: number, make: () => AgentServer) => {
  let handler = map.get(deltas);
  if (!handler) map.set(deltas, (handler = toNodeHandler(make())));
  return handler;
};

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let openStreams = 0;

function track(res: ServerResponse): void {
  openStreams++;
  res.once('close', () => openStreams--);
}

const json = (res: ServerResponse, value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && url.pathname === '/__stats') {
    const mem = process.memoryUsage();
    json(res, {
      elP99Ms: loop.percentile(99) / 1e6,
      elMaxMs: loop.max / 1e6,
      rssMB: mem.rss / 2 ** 20,
      heapUsedMB: mem.heapUsed / 2 ** 20,
      openStreams,
      cpu: process.cpuUsage(),
    });
    if (url.searchParams.has('reset')) loop.reset();
    return;
  }
  if (req.method === 'POST' && url.pathname === '/__gc') {
    // Twice: the first pass can leave objects that only a finalizer of that pass released.
    (globalThis as { gc?: () => void }).gc?.();
    (globalThis as { gc?: () => void }).gc?.();
    json(res, { heapUsedMB: process.memoryUsage().heapUsed / 2 ** 20, rssMB: process.memoryUsage().rss / 2 ** 20 });
    return;
  }
  if (url.pathname.startsWith('/api/agent/')) {
    track(res);
    kitPacedHandler(req, res);
  } else if (url.pathname === '/raw/chat') {
    track(res);
    rawPacedHandler(req, res);
  } else if (url.pathname.startsWith('/fast/agent/')) {
    track(res);
    const deltas = fastDeltas(url);
    cached(fastKitHandlers, deltas, () => kitFast(deltas))(req, res);
  } else if (url.pathname === '/raw-fast/chat') {
    track(res);
    const deltas = fastDeltas(url);
    cached(fastRawHandlers, deltas, () => rawServer(deltas, 0))(req, res);
  } else {
    res.writeHead(404).end();
  }
});
serveAsChild(server);
