// agUiTransport's idle watchdog (issue 38): a run whose stream stops sending bytes ends as interrupted.
import { act, renderHook, waitFor } from '@testing-library/react';
import { EventType } from '@ag-ui/client';
import { KEEP_ALIVE_HEADER, type StoredMessageMetadata } from '@x/agent-protocol/routes';
import { describe, expect, it } from 'vitest';
import { textOf } from '../test-utils/test-server.js';
import { useAgentChat } from '../use-agent-chat.js';
import { agUiTransport } from '@x/agent-core/ag-ui';

const url = 'http://localhost/api/agent/x/ag-ui';
const bytes = new TextEncoder();
const sse = (event: Record<string, unknown>) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * A fetch answering one AG-UI run as SSE: the run starts and says "Hello ", then `gap` (silence, or
 * keep-alive comments every `keepAliveEvery` ms for `gapMs`), then — unless `hang` — says "world" and finishes.
 */
function agUiServer(options: { header?: string; gapMs: number; keepAliveEvery?: number; hang?: boolean }): typeof globalThis.fetch {
  return async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as { threadId: string; runId: string };
    const { threadId, runId } = body;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (text: string) => controller.enqueue(bytes.encode(text));
        send(sse({ type: EventType.RUN_STARTED, threadId, runId }) + sse({ type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' }) + sse({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hello ' }));
        const until = Date.now() + options.gapMs;
        while (Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, options.keepAliveEvery ?? options.gapMs));
          if (options.keepAliveEvery) send(': keep-alive\n\n');
        }
        if (options.hang) return;
        send(sse({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'world' }) + sse({ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' }) + sse({ type: EventType.RUN_FINISHED, threadId, runId }));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream', ...(options.header ? { [KEEP_ALIVE_HEADER]: options.header } : {}) } });
  };
}

async function run(fetch: typeof globalThis.fetch, idleTimeoutMs?: number) {
  const transport = agUiTransport({ url, fetch, ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}) });
  const { result } = renderHook(() => useAgentChat({ agentId: 'x', transport, history: 'client' }));
  await act(() => result.current.sendMessage({ text: 'hi' }).then((r) => (r.sent ? r.done : undefined)));
  return result;
}

describe('agUiTransport’s watchdog', () => {
  it('a run silent for two of the announced keep-alive intervals ends as interrupted, keeping what arrived', async () => {
    const result = await run(agUiServer({ header: '50', gapMs: 60_000, hang: true }));
    await waitFor(() => expect(result.current.error).toBeDefined(), { timeout: 3_000 });
    expect(result.current.error!.message).toMatch(/connection to the AG-UI agent was lost.*connection lost/i);
    expect(textOf(result.current.messages[1])).toBe('Hello ');
    expect((result.current.messages[1]!.metadata as StoredMessageMetadata | undefined)?.stopReason).toBe('interrupted');
  });

  it('the idleTimeoutMs option sets it when the server announces nothing', async () => {
    const result = await run(agUiServer({ gapMs: 60_000, hang: true }), 100);
    await waitFor(() => expect(result.current.error).toBeDefined(), { timeout: 3_000 });
    expect(textOf(result.current.messages[1])).toBe('Hello ');
  });

  it('a run that keeps receiving keep-alives is never flagged', async () => {
    const result = await run(agUiServer({ header: '50', gapMs: 400, keepAliveEvery: 20 }));
    await waitFor(() => expect(textOf(result.current.messages[1])).toBe('Hello world'), { timeout: 3_000 });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.error).toBeUndefined();
  });

  it('without an announced interval (an AG-UI server need not send keep-alives) a silent model is not a dead connection', async () => {
    const result = await run(agUiServer({ gapMs: 400 }));
    await waitFor(() => expect(textOf(result.current.messages[1])).toBe('Hello world'), { timeout: 3_000 });
    expect(result.current.error).toBeUndefined();
  });
});
