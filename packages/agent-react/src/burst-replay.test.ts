import { act, renderHook, waitFor } from '@testing-library/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testServer, textOf } from './test-utils/test-server.js';
import { AgentCoreChat } from '@x/agent-core';
import { useAgentChat } from './use-agent-chat.js';

/** A fetch that delivers each response body in reads of `size` bytes, once the server has written all of it (a burst). */
function burstFetch(fetch: typeof globalThis.fetch, size: number): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, (at += size)));
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

/** Messages with generated ids replaced by their order of appearance, and timestamps by their type. */
function normalized(messages: readonly UIMessage[]): unknown {
  const ids = new Map<string, string>();
  return JSON.parse(JSON.stringify(messages), (key, value: unknown) => {
    if (key === 'createdAt') return typeof value;
    if ((key === 'id' || key === 'messageId' || key === 'toolCallId' || key === 'runId') && typeof value === 'string') return ids.get(value) ?? ids.set(value, `#${ids.size}`).get(value);
    return value;
  });
}

describe('burst replay through useAgentChat (real server)', () => {
  const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
  const { fetch } = testServer(
    {
      assistant: {
        script: {
          steps: ({ stepInTurn }) =>
            stepInTurn === 0
              ? [{ type: 'reasoning', text: 'Let me think about this for a while.' }, { type: 'text', text: `Checking. ${words}` }, { type: 'tool-call', toolName: 'getWeather', input: { city: 'Oslo' } }]
              : [{ type: 'text', text: `Sunny. ${words} | ${'x'.repeat(300)}`, chunk: 3 }],
          chunkDelayMs: 0,
        },
        tools: ['getWeather'],
      },
    },
    { getWeather: { description: 'Weather', inputSchema: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => ({ city, sky: 'sunny' }) } },
  );

  it('ends with the same messages as the AI SDK transport, from far fewer chunks', async () => {
    const burst = burstFetch(fetch, 16 * 1024);
    const { result } = renderHook(() => useAgentChat({ agentId: 'assistant', fetch: burst }));
    let kitUpdates = 0;
    const stop = (result.current.chat as AgentCoreChat<UIMessage>).subscribe((change) => change === 'messages' && kitUpdates++);
    await act(() => result.current.sendMessage({ text: 'weather?' }).then((r) => (r.sent ? r.done : undefined)));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    stop();

    const reference = new AgentCoreChat<UIMessage>({ transport: new DefaultChatTransport<UIMessage>({ api: '/api/agent/assistant', fetch: burst }) });
    let sdkUpdates = 0;
    reference.subscribe((change) => change === 'messages' && sdkUpdates++);
    await reference.sendMessage({ text: 'weather?' });
    expect(reference.status).toBe('ready');

    const kit = result.current.messages;
    expect(kit.at(-1)!.parts.some((p) => p.type === 'tool-getWeather' && p.state === 'output-available')).toBe(true);
    expect(textOf(kit.at(-1))).toContain(`Sunny. ${words} | ${'x'.repeat(300)}`);
    expect(normalized(kit)).toEqual(normalized(reference.messages));
    // thousands of deltas per read collapse into a few chunks: far fewer message updates
    expect(sdkUpdates).toBeGreaterThan(3000);
    expect(kitUpdates).toBeLessThan(sdkUpdates / 20);
  });
});
