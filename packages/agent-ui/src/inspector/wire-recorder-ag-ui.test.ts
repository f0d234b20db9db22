// The inspector wraps `fetch`, so it sees whatever transport the hooks use: here the AG-UI one
// (`agUiTransport` from `@x/agent-react/ag-ui`) against the server's AG-UI route.
import { memoryStore } from '@x/agent-server/store';
import { agUiTransport } from '@x/agent-react/ag-ui';
import { createScenarioServer, inProcessFetch, scenarios } from '@x/mock-server';
import type { UIMessage, UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createInspector } from './wire-recorder.js';

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe('createInspector with the AG-UI transport', () => {
  it('records an AG-UI run: the request and every AG-UI event by its type, in order, and the stream end', async () => {
    const server = createScenarioServer({ scenarios: [scenarios.plainText], smartAgentId: false, config: { store: memoryStore(), logger: { warn: () => {}, error: () => {} } } });
    const inspector = createInspector({ fetch: inProcessFetch(server) });
    const transport = agUiTransport({ url: 'http://localhost/api/agent/plain-text/ag-ui', fetch: inspector.fetch, threadId: 'thread-inspected' });
    const messages: UIMessage[] = [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hello' }] }];
    const chunks = await drain(await transport.sendMessages({ chatId: 'thread-inspected', messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined }));
    expect(chunks.some((chunk) => chunk.type === 'text-delta')).toBe(true);
    for (let i = 0; i < 200 && inspector.runs().some((run) => !run.done); i++) await new Promise((resolve) => setTimeout(resolve, 5));

    const [run] = inspector.runs();
    expect(run).toMatchObject({ kind: 'turn', method: 'POST', url: '/api/agent/plain-text/ag-ui', status: 200, done: true });
    const types = run!.events.map((event) => event.type);
    expect(types[0]).toBe('request');
    expect(types.at(-1)).toBe('stream-end');
    const wire = types.slice(1, -1);
    expect(wire[0]).toBe('RUN_STARTED');
    expect(wire).toEqual(expect.arrayContaining(['TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END']));
    expect(wire.at(-1)).toBe('RUN_FINISHED');
  });
});
