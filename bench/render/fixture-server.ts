/**
 * Loopback fixture server for the render benchmark, run as its own Node process so that the page
 * never generates its own stream and the harness's work does not share its event loop.
 *
 * - GET  /<contender>/…           static files of dist/<contender> (gzip off: wire size is not measured)
 * - GET  /fixtures/<name>.json    history transcripts
 * - POST /__bench/arm             { fixture, rate, turn? } — the stream the next chat request gets;
 *                                  rate = frames per second (one text token per frame), 0 = unpaced burst;
 *                                  turn = a suffix for the message id (several turns in one chat, S8)
 * - POST /api/…                   any chat route (useChat's /api/chat, the kit's /api/agent/:id):
 *                                  replays the armed fixture's pre-encoded SSE frames on a timer
 * - GET  /__bench/last            timing of the last replay (start, end, frames)
 * - GET  /api/agent/conversations/bench-N[?before=K]
 *                                  the kit's history route over fixtures/history-N.json (S4@M/server):
 *                                  pages of 50, newest first, `prevCursor` the index of a page's first message
 *
 * Prints `{"port":N}` on stdout when listening. Stops when stdin closes (the harness ended) or after
 * --max-minutes (default 90).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const port = Number(args.get('port') ?? 0);
const maxMinutes = Number(args.get('max-minutes') ?? 90);

interface Fixture {
  frames: Buffer[];
}
const fixtures = new Map<string, Fixture>();
function fixture(name: string): Fixture {
  let f = fixtures.get(name);
  if (!f) {
    const raw = JSON.parse(readFileSync(path.join(here, 'fixtures', `${name}.json`), 'utf8')) as { frames: string[] };
    f = { frames: raw.frames.map((frame) => Buffer.from(frame, 'utf8')) };
    fixtures.set(name, f);
  }
  return f;
}

let armed: { fixture: string; rate: number; turn?: number | undefined } | undefined;
let last: { fixture: string; rate: number; start: number; end?: number; frames: number; aborted?: boolean } | undefined;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function serveFile(res: ServerResponse, file: string): void {
  if (!existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
  createReadStream(file).pipe(res);
}

function replay(res: ServerResponse): void {
  if (!armed) {
    res.writeHead(409, { 'content-type': 'application/json' }).end('{"error":"no fixture armed"}');
    return;
  }
  const { fixture: name, rate, turn } = armed;
  armed = undefined;
  let frames = fixture(name).frames;
  if (turn !== undefined) {
    // Several turns in one chat need distinct assistant message ids (the start frame carries it).
    const [start, ...rest] = frames;
    frames = [Buffer.from(String(start).replace(/"messageId":"([^"]+)"/, `"messageId":"$1-${turn}"`)), ...rest];
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-vercel-ai-ui-message-stream': 'v1',
    'x-accel-buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  const run = { fixture: name, rate, start: performance.timeOrigin + performance.now(), frames: 0 } as NonNullable<typeof last>;
  last = run;
  let closed = false;
  res.on('close', () => {
    closed = true;
    if (run.end === undefined) run.aborted = true;
  });
  const finish = () => {
    run.end = performance.timeOrigin + performance.now();
    res.end();
  };
  let i = 0;
  if (rate <= 0) {
    // Unpaced burst (resume replay, fast providers): as fast as the socket takes it.
    const pump = () => {
      while (i < frames.length && !closed) {
        const batch: Buffer[] = [];
        let size = 0;
        while (i < frames.length && size < 16_384) {
          const frame = frames[i++] as Buffer;
          batch.push(frame);
          size += frame.length;
        }
        run.frames = i;
        if (!res.write(Buffer.concat(batch))) {
          res.once('drain', pump);
          return;
        }
      }
      if (!closed) finish();
    };
    pump();
    return;
  }
  const t0 = performance.now();
  const interval = 1000 / rate;
  const tick = () => {
    if (closed) return;
    const due = Math.min(frames.length, Math.floor((performance.now() - t0) / interval) + 1);
    if (due > i) {
      res.write(Buffer.concat(frames.slice(i, due)));
      i = due;
      run.frames = i;
    }
    if (i >= frames.length) {
      finish();
      return;
    }
    setTimeout(tick, Math.max(0, t0 + i * interval - performance.now()));
  };
  tick();
}

/** Messages per page of the history route (the kit's server answers 50 by default too). */
const PAGE = 50;
const histories = new Map<string, unknown[]>();
const NOW = new Date(0).toISOString();

/**
 * `GET /api/agent/conversations/bench-N[?before=K]`: a page of fixtures/history-N.json as the kit's
 * server answers it (ConversationHistory): the `limit` messages before index K (default: the end),
 * oldest first, and the cursor of the page before them. The JSON of each page is built per request,
 * like a server's.
 */
function historyPage(res: ServerResponse, url: URL): void {
  const match = /^\/api\/agent\/conversations\/bench-(\d+)$/.exec(url.pathname);
  const file = match ? path.join(here, 'fixtures', `history-${match[1]}.json`) : '';
  if (!match || !existsSync(file)) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"conversation_not_found","message":"No such conversation."}}');
    return;
  }
  const id = `bench-${match[1]}`;
  let messages = histories.get(id);
  if (!messages) {
    messages = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
    histories.set(id, messages);
  }
  const before = Math.min(messages.length, Math.max(0, Number(url.searchParams.get('before') ?? messages.length) || 0));
  const limit = Math.min(200, Math.max(1, Number(url.searchParams.get('limit') ?? PAGE) || PAGE));
  const start = Math.max(0, before - limit);
  const conversation = { id, agentId: 'bench', title: 'Bench', createdAt: NOW, updatedAt: NOW, version: 1, activeRunId: null, awaitingApproval: false, metadata: {} };
  res
    .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify({ conversation, messages: messages.slice(start, before), prevCursor: start > 0 ? String(start) : null }));
}

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'POST' && url.pathname === '/__bench/arm') {
      const body = JSON.parse(await readBody(req)) as { fixture: string; rate: number; turn?: number };
      fixture(body.fixture);
      armed = { fixture: body.fixture, rate: body.rate, turn: body.turn };
      res.writeHead(204).end();
    } else if (req.method === 'GET' && url.pathname === '/__bench/last') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(last ?? null));
    } else if (req.method === 'POST' && url.pathname.startsWith('/api/')) {
      await readBody(req);
      replay(res);
    } else if (req.method === 'GET' && url.pathname.startsWith('/api/')) {
      historyPage(res, url);
    } else if (req.method === 'GET' && url.pathname.startsWith('/fixtures/')) {
      serveFile(res, path.join(here, 'fixtures', path.basename(url.pathname)));
    } else if (req.method === 'GET') {
      const [, contender, ...rest] = url.pathname.split('/');
      const dist = path.join(here, 'dist', contender ?? '');
      const file = path.join(dist, rest.join('/') || 'index.html');
      if (!file.startsWith(dist + path.sep)) res.writeHead(400).end();
      else serveFile(res, file);
    } else {
      res.writeHead(405).end();
    }
  })().catch((error: unknown) => {
    res.writeHead(500).end(String(error));
  });
});

server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : port })}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(0), maxMinutes * 60_000).unref();
