/**
 * Load generator of `pnpm bench:load`, its own process: `node generator.ts '<GeneratorPlan json>'`.
 * Prints JSON lines on stdout (`types.ts`); exits when done, at its deadline, or when stdin closes.
 *
 * - `replies`: starts its share of C replies (each a new conversation: `POST /api/agent/bench` with
 *   a conversation id and a user header, instance = global index mod instances; starts spread
 *   evenly over `staggerMs`), reads every stream to its end and prints `StreamedResult` (gaps
 *   between reads that carried text, TTFB, first text delta, 5xx, errors, its own CPU and
 *   event-loop delay: a saturated generator shows there, not as the server's gap). Then it waits
 *   for a line on stdin (the parent counts the servers' work first), reads every conversation back
 *   from the OTHER instance (`GET …/conversations/{id}`, polled until its run ended) and prints
 *   `ReadBackResult`: the stored reply's text against the streamed text.
 * - `subscribe`: opens `count` idle live event streams (`GET /api/agent/events`, a user of their
 *   own each, so no event is meant for them), prints `ready` once all answered, holds them until
 *   stdin closes, prints `closed`.
 *
 * node:http without keep-alive (one connection per stream, as browsers hold them); 127.0.0.1 only;
 * every wait has a deadline.
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { conversationPaths, liveEventPaths, type ConversationHistory } from '@x/agent-protocol/routes';
import type { GeneratorPlan, ReadBackResult, StreamedResult, SubscribeResult } from './types.ts';
import { parseSseBlock, sseBlocks } from './sse.ts';
import { storedReplyText } from './stored-reply.ts';

const BASE = '/api/agent';
const plan = JSON.parse(process.argv[2] ?? '{}') as GeneratorPlan;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const print = (value: StreamedResult | ReadBackResult | SubscribeResult) => process.stdout.write(`${JSON.stringify(value)}\n`);
const stdinLines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const nextLine = () => stdinLines.next().then((r) => (r.done ? undefined : r.value));
const hardDeadline = setTimeout(() => process.exit(3), ('deadlineMs' in plan ? plan.deadlineMs : 60_000) + ('readBackDeadlineMs' in plan ? plan.readBackDeadlineMs : 0) + 30_000);
hardDeadline.unref();

interface Reply {
  conversationId: string;
  user: string;
  port: number;
  readPort: number;
  text: string;
  ok: boolean;
}

async function replies(p: Extract<GeneratorPlan, { mode: 'replies' }>): Promise<void> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + p.deadlineMs;
  const out: StreamedResult = {
    phase: 'streamed',
    started: 0,
    completed: 0,
    chunks: 0,
    textDeltas: 0,
    gaps: [],
    ttfbMs: [],
    firstDeltaMs: [],
    status5xx: 0,
    errors: { status4xx: 0, network: 0, timeout: 0, incomplete: 0, outOfOrder: 0 },
    cpuUs: 0,
    eldP99Ms: 0,
    wallMs: 0,
  };
  const all: Reply[] = [];
  await Promise.all(
    Array.from({ length: p.count }, async (_, i) => {
      const g = p.first + i;
      await sleep(Math.max(0, (g * p.staggerMs) / p.total - (performance.now() - t0)));
      const reply: Reply = {
        conversationId: `${p.tag}-${g}`,
        user: `${p.tag}-user-${g % p.users}`,
        port: p.ports[g % p.ports.length]!,
        readPort: p.ports[(g + 1) % p.ports.length]!,
        text: '',
        ok: false,
      };
      all.push(reply);
      out.started++;
      await streamReply(reply, deadline, out);
    }),
  );
  out.cpuUs = ((c) => c.user + c.system)(process.cpuUsage(cpu0));
  out.eldP99Ms = loop.percentile(99) / 1e6;
  out.wallMs = performance.now() - t0;
  loop.disable();
  print(out);
  if ((await nextLine()) === undefined) return;
  print(await readBack(all.filter((r) => r.ok), performance.now() + p.readBackDeadlineMs));
}

/** One reply: POST the turn, read the SSE body to its end, keep its text. */
function streamReply(reply: Reply, deadline: number, out: StreamedResult): Promise<void> {
  const body = JSON.stringify({
    conversationId: reply.conversationId,
    messages: [{ id: `u-${reply.conversationId}`, role: 'user', parts: [{ type: 'text', text: 'Go' }] }],
  });
  const t0 = performance.now();
  return new Promise<void>((resolve) => {
    let settled = false;
    const fail = (kind: keyof StreamedResult['errors'], message: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      out.errors[kind]++;
      out.firstError ??= `${reply.conversationId}: ${message}`;
      req.destroy();
      resolve();
    };
    const timer = setTimeout(() => fail('timeout', 'deadline'), Math.max(0, deadline - t0));
    const req: ClientRequest = request(
      { host: '127.0.0.1', port: reply.port, path: `${BASE}/bench`, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-user': reply.user } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          if ((res.statusCode ?? 0) >= 500) out.status5xx++;
          else out.errors.status4xx++;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => fail('incomplete', `HTTP ${res.statusCode} ${text.slice(0, 200)}`));
          res.on('error', () => fail('network', 'error after status'));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let firstByte = true;
        let last = Number.NaN;
        let expectedId = 0;
        let done = false;
        res.on('data', (data: string) => {
          const now = performance.now();
          if (firstByte) {
            firstByte = false;
            out.ttfbMs.push(now - t0);
          }
          buffer += data;
          const { blocks, rest } = sseBlocks(buffer);
          buffer = rest;
          let texts = 0;
          for (const block of blocks) {
            const event = parseSseBlock(block);
            if (event.data === '') continue;
            out.chunks++;
            if (event.data === '[DONE]') {
              done = true;
              continue;
            }
            if (event.id !== undefined) {
              if (Number(event.id) !== expectedId) out.errors.outOfOrder++;
              expectedId = Number(event.id) + 1;
            }
            const chunk = JSON.parse(event.data) as { type: string; delta?: string };
            if (chunk.type === 'text-delta') {
              if (reply.text === '') out.firstDeltaMs.push(now - t0);
              reply.text += chunk.delta ?? '';
              texts++;
            }
          }
          if (texts > 0) {
            out.textDeltas += texts;
            // Reads under 1 ms apart are one delivery (a burst split over TCP segments), not a gap.
            if (Number.isNaN(last) || now - last >= 1) {
              if (!Number.isNaN(last)) out.gaps.push(Math.round((now - last) * 10) / 10);
              last = now;
            }
          }
        });
        res.on('end', () => {
          if (settled) return;
          if (!done) return fail('incomplete', 'ended without [DONE]');
          settled = true;
          clearTimeout(timer);
          reply.ok = true;
          out.completed++;
          resolve();
        });
        res.on('error', (error) => fail('network', error.message));
      },
    );
    req.on('error', (error) => fail('network', error.message));
    req.end(body);
  });
}

/** Reads every reply back from the other instance, 16 at a time, until its run ended; compares texts. */
async function readBack(list: Reply[], deadline: number): Promise<ReadBackResult> {
  const result: ReadBackResult = { phase: 'readBack', checked: 0, mismatched: 0, missing: 0, status5xx: 0 };
  const queue = [...list];
  const worker = async () => {
    for (let reply = queue.shift(); reply; reply = queue.shift()) {
      let stored: string | undefined;
      while (stored === undefined && performance.now() < deadline) {
        const response = await fetch(`http://127.0.0.1:${reply.readPort}${conversationPaths.one(BASE, reply.conversationId)}`, {
          headers: { 'x-user': reply.user },
          signal: AbortSignal.timeout(Math.ceil(Math.max(1, deadline - performance.now()))),
        }).catch(() => undefined);
        if (response && response.status >= 500) result.status5xx++;
        stored = storedReplyText(response?.ok ? ((await response.json()) as ConversationHistory) : undefined);
        if (stored === undefined) await sleep(100);
      }
      result.checked++;
      if (stored === undefined) result.missing++;
      else if (stored !== reply.text) {
        result.mismatched++;
        result.firstMismatch ??= `${reply.conversationId}: stored ${stored.length} chars, streamed ${reply.text.length}`;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return result;
}

async function subscribe(p: Extract<GeneratorPlan, { mode: 'subscribe' }>): Promise<void> {
  const result: SubscribeResult = { phase: 'ready', opened: 0, statuses: {}, events: 0, bytes: 0, errors: 0 };
  const requests: ClientRequest[] = [];
  let answered = 0;
  const allAnswered = new Promise<void>((resolve) => {
    const answer = () => ++answered === p.count && resolve();
    for (let i = 0; i < p.count; i++) {
      const g = p.first + i;
      const req = request(
        { host: '127.0.0.1', port: p.ports[g % p.ports.length], path: liveEventPaths.events(BASE), agent: false, headers: { 'x-user': `${p.tag}-idle-${g}`, accept: 'text/event-stream' } },
        (res) => {
          result.statuses[String(res.statusCode)] = (result.statuses[String(res.statusCode)] ?? 0) + 1;
          if (res.statusCode === 200) result.opened++;
          answer();
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (d: string) => {
            result.bytes += d.length;
            const { blocks, rest } = sseBlocks(buffer + d);
            buffer = rest;
            result.events += blocks.filter((block) => parseSseBlock(block).data !== '').length;
          });
          res.on('error', () => result.errors++);
        },
      );
      req.on('error', (error) => {
        result.errors++;
        result.firstError ??= error.message;
        answer();
      });
      req.end();
      requests.push(req);
    }
  });
  await Promise.race([allAnswered, sleep(p.deadlineMs)]);
  print({ ...result });
  // Hold until the parent says so (a line or stdin closing), or the deadline.
  await Promise.race([nextLine(), sleep(p.deadlineMs)]);
  for (const req of requests) req.destroy();
  print({ ...result, phase: 'closed' });
}

if (plan.mode === 'replies') await replies(plan);
else await subscribe(plan);
process.exit(0);
