/**
 * V2 — the realistic provider path: the same CPU per delta and TTFB comparison as V1, but the model
 * is `@ai-sdk/openai` (Chat Completions) talking HTTP to a loopback fake OpenAI server in another
 * process (fake-openai.ts) that streams recorded-shaped SSE bytes at 100 tok/s, so provider request
 * building, SSE parsing and chunk validation are included. Contenders, each a Response drained in
 * this process:
 *
 * - raw: `createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: streamText({ model: openai.chat(id) }).stream }) })`;
 * - agent: `createAgentUIStreamResponse({ agent: new ToolLoopAgent({ model: openai.chat(id) }) })`;
 * - kit: `createAgentServer` with a connection `{ provider: 'openai', api: 'chat', baseURL }` — the
 *   provider package the kit wires itself.
 *
 * One sample = `parallel` streams of one contender at once (so a paced sample takes one stream's
 * time); CPU per delta = `process.cpuUsage()` over the sample ÷ all deltas. TTFB is measured apart,
 * on short streams run one at a time (`measureV2Ttfb`): started together, each stream's first byte
 * would wait for the others' request handling.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createOpenAI } from '@ai-sdk/openai';
import { createAgentUIStreamResponse, createUIMessageStreamResponse, streamText, toUIMessageStream, ToolLoopAgent } from 'ai';
import { createAgentServer, type AgentServer } from '@x/agent-server';

export type V2Contender = 'raw' | 'agent' | 'kit';
export const V2_CONTENDERS: V2Contender[] = ['raw', 'agent', 'kit'];

const MODEL_ID = 'gpt-4o-mini';
const API_KEY = 'sk-bench-not-a-key';
const userMessage = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'hi' }] };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** Starts the fake OpenAI server process; `stop()` ends it. */
export async function startFakeOpenAI(): Promise<{ port: number; stop: () => void }> {
  const here = path.dirname(new URL(import.meta.url).pathname);
  const child = spawn(process.execPath, [path.join(here, 'fake-openai.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`fake OpenAI server exited (${code})`)));
  });
  return { port: (JSON.parse(line) as { port: number }).port, stop: () => child.stdin.end() };
}

export interface V2Sample {
  usPerDelta: number;
  deltas: number;
}

/** A route call with its input built beforehand (the kit's `Request`, as an adapter hands it over). */
export type PreparedCall = () => () => Response | Promise<Response>;

/** The three routes against one fake server, each streaming `tokens` tokens at `intervalMs` per token. */
export function v2Routes(port: number, tokens: number, intervalMs: number): Record<V2Contender, PreparedCall> {
  const baseURL = `http://127.0.0.1:${port}/${tokens}/${intervalMs}/v1`;
  const openai = createOpenAI({ baseURL, apiKey: API_KEY });
  const kit: AgentServer = createAgentServer({
    connections: { fake: { provider: 'openai', api: 'chat', baseURL, apiKey: API_KEY } },
    agents: { bench: { model: MODEL_ID, connection: 'fake' } },
    logger: silent,
  });
  return {
    raw: () => () => createUIMessageStreamResponse({ stream: toUIMessageStream({ stream: streamText({ model: openai.chat(MODEL_ID), prompt: 'hi' }).stream }) }),
    agent: () => () => createAgentUIStreamResponse({ agent: new ToolLoopAgent({ model: openai.chat(MODEL_ID) }), uiMessages: [userMessage] }),
    kit: () => {
      const request = new Request('http://127.0.0.1/api/agent/bench', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 'c1', messages: [userMessage], trigger: 'submit-message' }),
      });
      return () => kit.fetch(request);
    },
  };
}

/** Drains one Response; the number of text deltas it carried. */
async function drain(call: () => Response | Promise<Response>): Promise<{ deltas: number }> {
  const response = await call();
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} ${await response.text()}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let deltas = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    for (let i = next.value.indexOf('"text-delta"'); i !== -1; i = next.value.indexOf('"text-delta"', i + 1)) deltas++;
  }
  return { deltas };
}

/** One sample: `parallel` streams of one route at once, each expected to carry `tokens` text deltas. */
export async function measureV2(prepare: PreparedCall, parallel: number, tokens: number): Promise<V2Sample> {
  const calls = Array.from({ length: parallel }, () => prepare());
  const cpu0 = process.cpuUsage();
  const runs = await Promise.all(calls.map((call) => drain(call)));
  const cpu = process.cpuUsage(cpu0);
  const deltas = runs.reduce((n, r) => n + r.deltas, 0);
  if (deltas !== tokens * parallel) throw new Error(`expected ${tokens * parallel} text deltas, got ${deltas}`);
  return { usPerDelta: (cpu.user + cpu.system) / deltas, deltas };
}

/**
 * One short stream on its own (not beside others): time to the first body byte (the `start` chunk,
 * sent before the provider answers) and to the first text delta (after the provider's first token).
 */
export async function measureV2Ttfb(prepare: PreparedCall): Promise<{ firstByteMs: number; firstDeltaMs: number }> {
  const call = prepare();
  const t0 = performance.now();
  const response = await call();
  if (!response.body) throw new Error(`HTTP ${response.status}: no body`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let firstByteMs = Number.NaN;
  let firstDeltaMs = Number.NaN;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - t0;
    if (Number.isNaN(firstDeltaMs) && next.value.includes('"text-delta"')) firstDeltaMs = performance.now() - t0;
  }
  return { firstByteMs, firstDeltaMs };
}
