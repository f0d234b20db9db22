import type { Server } from 'node:http';
import { DefaultChatTransport, type UIMessage, type UIMessageChunk } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_HEADER, runPaths } from '@x/agent-protocol/routes';
import { listenOnLoopback } from '../test-utils/loopback-server.js';
import type { AgentServerConfig } from '../config/types.js';
import { createAgentServer } from '../server.js';
import { memoryStore } from '../store/memory-store.js';
import { deltaParts, gatedModel } from '../test-utils/gated-model.js';
import { userMessage } from '../test-utils/sse.js';
import { storeServer } from '../test-utils/store-server.js';

// SSE keep-alives (`keepAliveMs`) over a real socket: comments while the model is silent, on turn
// streams and resumed streams, invisible to the AI SDK's parser and absent from the run log.

const DELTAS = ['Alpha ', 'beta ', 'gamma.'];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function listen(extra: Partial<AgentServerConfig>) {
  const gated = gatedModel(deltaParts(DELTAS), 3);
  const { server } = storeServer(memoryStore(), gated.model, extra);
  const { base } = await listenOnLoopback(server, servers);
  const headers = { 'content-type': 'application/json', 'x-user': 'alice' };
  return {
    ...gated,
    turn: (conversationId: string) =>
      fetch(`${base}/api/agent/assistant`, { method: 'POST', headers, body: JSON.stringify({ conversationId, messages: [userMessage('Hi', 'u1')] }) }),
    agUi: (threadId: string) =>
      fetch(`${base}/api/agent/assistant/ag-ui`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ threadId, runId: 'run-1', messages: [{ id: 'u1', role: 'user', content: 'Hi' }], tools: [], context: [], state: {}, forwardedProps: {} }),
      }),
    resume: (conversationId: string, lastEventId?: string) =>
      fetch(`${base}${runPaths.stream('/api/agent', conversationId)}`, { headers: { ...headers, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } }),
  };
}

/** Reads a body's text until `until` holds for what came so far; returns the reader to go on with. */
async function readUntil(body: ReadableStream<Uint8Array>, until: (text: string) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const rest = async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value, { stream: true });
    return text;
  };
  return { text: () => text, rest };
}

/** The AI SDK's own SSE → chunk parser (what `useChat`'s transport runs on a response). */
class SdkParser extends DefaultChatTransport<UIMessage> {
  async chunks(text: string): Promise<UIMessageChunk[]> {
    const stream = this.processResponseStream(new Response(text).body!);
    const out: UIMessageChunk[] = [];
    const reader = stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) out.push(next.value);
    return out;
  }
}

const comments = (text: string) => text.split('\n\n').filter((block) => block === ': keep-alive').length;
const textOf = (chunks: UIMessageChunk[]) => chunks.map((c) => (c.type === 'text-delta' ? c.delta : '')).join('');

describe('SSE keep-alives', () => {
  it('a turn stream sends `: keep-alive` while the model is silent; the AI SDK parses the stream as if they were not there; the log holds none', async () => {
    const app = await listen({ keepAliveMs: 30 });
    const response = await app.turn('k1');
    // The interval is announced, so the client can tell a dead connection from a silent model.
    expect(response.headers.get(KEEP_ALIVE_HEADER)).toBe('30');
    await app.started;
    const live = await readUntil(response.body!, (text) => comments(text) >= 2);
    app.release();
    const text = await live.rest();
    expect(comments(text)).toBeGreaterThanOrEqual(2);
    const chunks = await new SdkParser().chunks(text);
    expect(textOf(chunks)).toBe(DELTAS.join(''));
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    // The ids of the events are contiguous: no keep-alive took a seq.
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(ids.map((_, i) => i));
  });

  it('a resumed stream sends them too, and carries the same chunks as the live one', async () => {
    const app = await listen({ keepAliveMs: 30 });
    const response = await app.turn('k2');
    await app.started;
    const live = await readUntil(response.body!, (text) => text.length > 0);
    const resumed = await app.resume('k2');
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get(KEEP_ALIVE_HEADER)).toBe('30');
    const follow = await readUntil(resumed.body!, (text) => comments(text) >= 2);
    app.release();
    const [resumedText, liveText] = await Promise.all([follow.rest(), live.rest()]);
    expect(comments(resumedText)).toBeGreaterThanOrEqual(2);
    const parser = new SdkParser();
    const [fromLive, fromResume] = await Promise.all([parser.chunks(liveText), parser.chunks(resumedText)]);
    expect(fromResume.filter((c) => c.type !== 'data-run-state')).toEqual(fromLive);
  });

  it('the AG-UI route sends them too (AG-UI’s SSE parser skips comments) and announces the interval', async () => {
    const app = await listen({ keepAliveMs: 30 });
    const response = await app.agUi('k4');
    expect(response.status).toBe(200);
    expect(response.headers.get(KEEP_ALIVE_HEADER)).toBe('30');
    await app.started;
    const live = await readUntil(response.body!, (text) => comments(text) >= 2);
    app.release();
    const text = await live.rest();
    expect(comments(text)).toBeGreaterThanOrEqual(2);
    const events = text.split('\n\n').filter((block) => block.startsWith('data: ')).map((block) => (JSON.parse(block.slice(6)) as { type: string }).type);
    expect(events.at(-1)).toBe('RUN_FINISHED');
  });

  it('keepAliveMs 0 sends none', async () => {
    const app = await listen({ keepAliveMs: 0 });
    const response = await app.turn('k3');
    expect(response.headers.get(KEEP_ALIVE_HEADER)).toBe('0');
    await app.started;
    await new Promise((r) => setTimeout(r, 120));
    app.release();
    expect(comments(await response.text())).toBe(0);
  });

  it('refuses a keepAliveMs that is not a whole number of milliseconds', () => {
    const model = gatedModel(deltaParts(DELTAS), 1).model;
    expect(() => createAgentServer({ agents: { assistant: { model } }, keepAliveMs: -1 })).toThrow(/keepAliveMs/);
    expect(() => createAgentServer({ agents: { assistant: { model } }, keepAliveMs: 1.5 })).toThrow(/keepAliveMs/);
  });
});
