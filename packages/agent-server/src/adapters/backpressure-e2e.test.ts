import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentServer } from '../server.js';
import { usage } from '../test-utils/mock-model.js';
import { userMessage } from '../test-utils/sse.js';
import { toNodeHandler } from './node.js';

// The whole stack under a slow reader: createAgentServer (the turn's UI message stream) served by
// toNodeHandler. The model is read only as fast as the socket drains.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

const DELTA = 32 * 1024;
const DELTAS = 2_048; // a 64 MiB reply

/** A model whose stream is produced on demand, counting the deltas it produced. */
function lazyModel() {
  const state = { produced: 0, aborted: false };
  const model = new MockLanguageModelV4({
    doStream: async ({ abortSignal }) => {
      abortSignal?.addEventListener('abort', () => (state.aborted = true));
      let step = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>(
        {
          pull(controller) {
            if (step === 0) controller.enqueue({ type: 'stream-start', warnings: [] });
            else if (step === 1) controller.enqueue({ type: 'text-start', id: 't' });
            else if (state.produced < DELTAS) {
              state.produced++;
              controller.enqueue({ type: 'text-delta', id: 't', delta: 'x'.repeat(DELTA) });
            } else {
              controller.enqueue({ type: 'text-end', id: 't' });
              controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
              controller.close();
            }
            step++;
          },
        },
        { highWaterMark: 0 },
      );
      return { stream };
    },
  });
  return { model, state };
}

describe('backpressure through createAgentServer + toNodeHandler', () => {
  it('pauses the model while a client does not read, resumes and delivers everything when it does', async () => {
    const { model, state } = lazyModel();
    const agents = createAgentServer({ agents: { assistant: { model } }, logger: { warn: () => {}, error: () => {} } });
    const server = createServer(toNodeHandler(agents));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    const body = JSON.stringify({ messages: [userMessage('Hi')] });
    socket.write(`POST /api/agent/assistant HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    socket.pause();
    let last = -1;
    for (let i = 0; i < 50 && state.produced !== last; i++) {
      last = state.produced;
      await new Promise((r) => setTimeout(r, 100));
    }
    const buffered = state.produced * DELTA;
    console.log(`slow reader: the model produced ${(buffered / 2 ** 20).toFixed(1)} MiB of a ${(DELTAS * DELTA) / 2 ** 20} MiB reply`);
    expect(buffered).toBeLessThan((DELTAS * DELTA) / 4);
    let received = 0;
    const ended = new Promise<void>((r) => socket.on('end', () => r()));
    socket.on('data', (d: Buffer) => (received += d.length));
    socket.resume();
    await ended;
    expect(state.produced).toBe(DELTAS);
    expect(received).toBeGreaterThan(DELTAS * DELTA);
  }, 30_000);
});
