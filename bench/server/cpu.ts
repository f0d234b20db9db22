/**
 * V1 — CPU per text delta, in one process, contenders interleaved in a fresh random order per round:
 *
 * 1. floor: JSON → SSE frame → UTF-8 per delta, through a Response body;
 * 2. raw: `createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: streamText(...).stream }) })`;
 * 3. agent: `createAgentUIStreamResponse({ agent: new ToolLoopAgent(...) })`;
 * 4. kit: `createAgentServer({ agents: { bench } }).fetch(POST /api/agent/bench)` (request parsing,
 *    validation, hooks, the kit's stream wrapper) — persistence hooks off;
 * 5. kit-persist: the same with an `onFinish` hook (what a conversation store uses), so the reply is
 *    also accumulated into a UI message for the hook;
 * 6. kit-policies: the kit with three server tools and a set of twelve tool policies (data and
 *    function ones, name patterns that match and that do not). Policies act on tool calls, so on a
 *    text stream this is the cost of guarding the tool set per request, spread over the deltas
 *    (the TTFB lane shows it per request); against `kit` with the same tools and no policies.
 *
 * The kit's server is created once per delta count (an app creates it once), so config validation
 * is not part of a request's CPU or TTFB.
 *
 * Each Response body is drained by a reader in the same process; `process.cpuUsage()` (user +
 * system) over the drain ÷ deltas = µs per delta. TTFB = call → first body chunk.
 */
import { createAgentUIStreamResponse, createUIMessageStreamResponse, streamText, toUIMessageStream, ToolLoopAgent } from 'ai';
import { createAgentServer, type AgentServer, type AgentServerConfig } from '@x/agent-server';
import { type ToolPolicy } from '@x/agent-server/hooks';
import { deltaModel } from './model.ts';

export type CpuContender = 'floor' | 'raw' | 'agent' | 'kit' | 'kit-persist' | 'kit-tools' | 'kit-policies';
export const CPU_CONTENDERS: CpuContender[] = ['floor', 'raw', 'agent', 'kit', 'kit-persist', 'kit-tools', 'kit-policies'];

const userMessage = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'hi' }] };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

function floorResponse(deltas: number): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (i < deltas) controller.enqueue(encoder.encode(`data: ${JSON.stringify({ type: 'text-delta', id: 't1', delta: 'tok ' })}\n\n`));
        else {
          controller.enqueue(encoder.encode('data: [DONE]\n\n'));
          controller.close();
        }
        i++;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/**
 * The contender's route as a call, with its input built beforehand: the kit's HTTP `Request` is
 * what a platform adapter hands the route, like the raw contenders get their prompt, so building it
 * is not counted in the route's CPU or TTFB.
 */
export function prepare(contender: CpuContender, deltas: number): () => Response | Promise<Response> {
  switch (contender) {
    case 'floor':
      return () => floorResponse(deltas);
    case 'raw':
      return () => {
        const result = streamText({ model: deltaModel(deltas), prompt: 'hi' });
        return createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: result.stream }) });
      };
    case 'agent':
      return () => createAgentUIStreamResponse({ agent: new ToolLoopAgent({ model: deltaModel(deltas) }), uiMessages: [userMessage] });
    case 'kit':
    case 'kit-persist':
    case 'kit-tools':
    case 'kit-policies': {
      const server = kitServer(deltas, contender);
      const request = new Request('http://127.0.0.1/api/agent/bench', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'c1', messages: [userMessage], trigger: 'submit-message' }),
      });
      return () => server.fetch(request);
    }
  }
}

const kitServers = new Map<string, AgentServer>();

/** Three server tools (for `kit-tools` and `kit-policies`). */
const benchTools: NonNullable<AgentServerConfig['tools']> = Object.fromEntries(
  ['search', 'createIssue', 'deleteRepo'].map((name) => [
    name,
    { description: name, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, execute: () => ({ ok: true }) },
  ]),
);

/** Twelve policies: data and function ones, patterns that match the tools and ones that do not. */
const benchPolicies: ToolPolicy[] = [
  { match: 'mcp__github__*', before: { deny: 'no github' } },
  { match: 'delete*', when: { path: 'q', startsWith: 'prod-' }, before: { deny: 'protected' } },
  { match: ['createIssue', 'deleteRepo'], when: [{ path: 'q', matches: '^urgent' }], before: 'require-approval' },
  { match: 'search', before: (input) => ({ rewrite: input }) },
  { match: '*', after: { redact: ['token', 'user.email'] } },
  { match: '*', agents: ['bench'], when: (input) => typeof input === 'object', before: 'allow' },
  ...Array.from({ length: 6 }, (_, i): ToolPolicy => ({ match: `other-${i}-*`, before: { deny: 'never matches' } })),
];

/** One kit server per delta count and contender, created on first use. */
function kitServer(deltas: number, contender: 'kit' | 'kit-persist' | 'kit-tools' | 'kit-policies'): AgentServer {
  const key = `${deltas}:${contender}`;
  const persist = contender === 'kit-persist';
  const withTools = contender === 'kit-tools' || contender === 'kit-policies';
  let server = kitServers.get(key);
  if (!server) {
    server = createAgentServer({
      agents: {
        bench: { model: deltaModel(deltas), ...(persist ? { hooks: { onFinish: ['save'] } } : {}), ...(withTools ? { tools: Object.keys(benchTools) } : {}) },
      },
      ...(persist ? { hooks: { save: (event) => void (event.hook === 'onFinish' && saved.push(event.responseMessage.id)) } } : {}),
      ...(withTools ? { tools: benchTools } : {}),
      ...(contender === 'kit-policies' ? { policies: benchPolicies } : {}),
      logger: silent,
    });
    kitServers.set(key, server);
  }
  return server;
}

/** What the persistence hook "stores" (ids only, cleared per measurement). */
const saved: string[] = [];

export interface CpuSample {
  usPerDelta: number;
  wallUsPerDelta: number;
  ttfbMs: number;
  bytes: number;
}

export async function measureCpu(contender: CpuContender, deltas: number): Promise<CpuSample> {
  saved.length = 0;
  const call = prepare(contender, deltas);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const response = await call();
  if (!response.ok || !response.body) throw new Error(`${contender}: HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  let bytes = 0;
  let ttfbMs = Number.NaN;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (Number.isNaN(ttfbMs)) ttfbMs = performance.now() - t0;
    bytes += next.value.byteLength;
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { usPerDelta: (cpu.user + cpu.system) / deltas, wallUsPerDelta: (wall * 1000) / deltas, ttfbMs, bytes };
}

/**
 * Time to first byte of one short stream (`deltas` deltas, drained to the end): call → first body
 * chunk. One sample is noisy on a shared machine; take the median of many, interleaved.
 */
export async function measureTtfb(contender: CpuContender, deltas = 100): Promise<number> {
  const call = prepare(contender, deltas);
  const t0 = performance.now();
  const response = await call();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let next = await reader.read();
  const ttfb = performance.now() - t0;
  while (!next.done) next = await reader.read();
  return ttfb;
}
