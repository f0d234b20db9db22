import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { AGENT_ERROR_STATUS } from '@x/agent-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { generateCase, Rng, type FuzzCase } from '../test-utils/fuzz-cases.js';
import { mockModel, textParts } from '../test-utils/mock-model.js';
import { toNodeHandler } from './node.js';

// The route fuzz cases again, this time as raw bytes over TCP to node:http + toNodeHandler, so
// the adapter's request conversion (odd headers, lying content-length, split bodies) is fuzzed
// too. Node's own HTTP parser may refuse a request first (400/413/431 without a body) — that is
// fine; anything from the handler must be < 500 and a JSON error or a complete stream.

const SEED = Number(process.env.FUZZ_SEED ?? 0x0de_2026);
const CASES = Number(process.env.FUZZ_NODE_CASES ?? 300);
const MAX_BODY = 64 * 1024;
const TIMEOUT_MS = 5_000;

const routeFailures: string[] = [];
const agents = createAgentServer({
  agents: { assistant: { model: mockModel(textParts('node fuzz ok')) }, private: { model: mockModel(textParts('x')), access: () => false } },
  authenticate: (request) => (request.headers.get('x-fuzz-auth') === 'deny' ? null : { id: 'fuzzer' }),
  limits: { maxBodyBytes: MAX_BODY },
  logger: { warn: () => {}, error: (message) => void (message.startsWith('request failed') && routeFailures.push(message)) },
});
let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer(toNodeHandler(agents));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Sends a case as raw HTTP/1.1 (its content-length, true unless the case lies) and collects the whole answer. */
function sendRaw(c: FuzzCase): Promise<Buffer | 'timeout'> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => (socket.destroy(), resolve('timeout')), TIMEOUT_MS);
    const finish = () => (clearTimeout(timer), resolve(Buffer.concat(chunks)));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', finish);
    socket.on('error', () => {}); // a reset after the server refused: the answer (if any) is in chunks
    socket.on('connect', () => {
      const body = c.body ?? new Uint8Array();
      const lines = [`${c.method} ${c.path} HTTP/1.1`, 'Host: fuzz.local', 'Connection: close'];
      for (const [k, v] of c.headers) lines.push(`${k}: ${v}`);
      if (c.body && !c.headers.some(([k]) => k.toLowerCase() === 'content-length')) lines.push(`content-length: ${body.length}`);
      socket.write(Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'));
      let offset = 0;
      for (const size of c.chunked ?? [body.length]) {
        socket.write(body.subarray(offset, offset + size));
        offset += size;
      }
      socket.end();
    });
  });
}

function parseResponse(raw: Buffer): { status: number; headers: Map<string, string>; body: string } | undefined {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
  const headers = new Map(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (headers.get('transfer-encoding') === 'chunked') {
    const parts: Buffer[] = [];
    let i = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', i);
      if (lineEnd === -1) break;
      const size = parseInt(body.subarray(i, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      i = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status, headers, body: body.toString('utf8') };
}

function problemOf(c: FuzzCase, raw: Buffer | 'timeout'): string | undefined {
  if (raw === 'timeout') return 'no answer and no close within the timeout';
  if (raw.length === 0) return undefined; // the server closed an incomplete request without answering
  const response = parseResponse(raw);
  if (!response) return `unparseable answer: ${raw.subarray(0, 200).toString('latin1')}`;
  if (!(response.status < 500)) return `status ${response.status}: ${response.body.slice(0, 200)}`;
  const type = response.headers.get('content-type') ?? '';
  if (!type) {
    // node's own parser refused the request before the handler saw it
    return [400, 413, 431].includes(response.status) && response.body === '' ? undefined : `status ${response.status} without content-type`;
  }
  if (response.status === 200) {
    if (type !== 'text/event-stream') return `200 with ${type}`;
    return response.body.trimEnd().endsWith('data: [DONE]') ? undefined : 'stream did not end with [DONE]';
  }
  if (c.valid) return `valid request answered ${response.status}: ${response.body.slice(0, 200)}`;
  if (c.method === 'HEAD') return undefined;
  if (!type.startsWith('application/json')) return `error with content-type ${type}`;
  try {
    const code = (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
    if (!code || !Object.hasOwn(AGENT_ERROR_STATUS, code)) return `unknown code ${code}`;
    if (AGENT_ERROR_STATUS[code as keyof typeof AGENT_ERROR_STATUS] !== response.status) return `code ${code} with status ${response.status}`;
  } catch {
    return `error body is not JSON: ${response.body.slice(0, 200)}`;
  }
  return undefined;
}

describe(`node adapter fuzz over raw HTTP (seed ${SEED}, ${CASES} cases; FUZZ_SEED=${SEED} to reproduce)`, () => {
  it('never answers 5xx or hangs; handler answers are JSON errors or complete streams', async () => {
    const rng = new Rng(SEED);
    const queue = Array.from({ length: CASES }, (_, i) => generateCase(rng, i, MAX_BODY));
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let c = queue.shift(); c; c = queue.shift()) {
          const raw = await sendRaw(c);
          const problem = problemOf(c, raw);
          if (problem) problems.push(`#${c.index} ${c.kind} ${c.method} ${c.path.slice(0, 80)}: ${problem}`);
          const key = raw === 'timeout' ? 'timeout' : raw.length === 0 ? 'closed' : String(parseResponse(raw)?.status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }),
    );
    console.log(`node adapter fuzz seed=${SEED}: ${[...statuses].sort().map(([k, n]) => `${k}×${n}`).join(' ')}`);
    expect(problems, `seed ${SEED}:\n${problems.slice(0, 15).join('\n')}`).toEqual([]);
    expect(routeFailures, `seed ${SEED}: the route failed internally`).toEqual([]);
    expect(statuses.get('200')).toBeGreaterThan(CASES / 10);
  }, 120_000);
});
