import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createBackpressureGate } from './backpressure-gate.js';

/** A UI chunk source that produces on demand and counts what it produced. */
function source(total: number) {
  const state = { produced: 0, cancelled: false };
  const stream = new ReadableStream<UIMessageChunk>(
    {
      pull(controller) {
        if (state.produced === 0) controller.enqueue({ type: 'text-start', id: 't' });
        if (state.produced === total) {
          controller.enqueue({ type: 'text-end', id: 't' });
          return controller.close();
        }
        state.produced++;
        controller.enqueue({ type: 'text-delta', id: 't', delta: `chunk ${state.produced} ` });
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('createBackpressureGate', () => {
  it('shows the problem: createUIMessageStream reads a merged stream eagerly', async () => {
    const { stream, state } = source(1_000);
    const response = createUIMessageStreamResponse({ stream: createUIMessageStream({ execute: ({ writer }) => writer.merge(stream) }) });
    await settle();
    expect(state.produced).toBe(1_000); // nobody read the response, yet everything was produced
    await response.body!.cancel();
  });

  it('reads the merged stream only as the response is read, and delivers everything in order', async () => {
    const { stream, state } = source(1_000);
    const gate = createBackpressureGate();
    const response = createUIMessageStreamResponse({
      stream: gate.meter(createUIMessageStream({ execute: ({ writer }) => writer.merge(gate.gate(stream)) })),
    });
    await settle();
    expect(state.produced).toBeLessThan(10);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await settle();
    expect(state.produced).toBeLessThan(15);
    let text = '';
    const decoder = new TextDecoder();
    for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
    expect(state.produced).toBe(1_000);
    const deltas = [...text.matchAll(/"delta":"chunk (\d+) "/g)].map((m) => Number(m[1]));
    expect(deltas.at(-1)).toBe(1_000);
    expect(deltas).toEqual([...deltas].sort((a, b) => a - b));
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('does not deadlock when the outer stream drops chunks, and passes writer.write parts through', async () => {
    const { stream, state } = source(50);
    const gate = createBackpressureGate();
    const outer = createUIMessageStream({
      execute: ({ writer }) => {
        writer.write({ type: 'data-note', data: { hello: true } });
        writer.merge(gate.gate(stream));
      },
    }).pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          if (chunk.type !== 'text-delta' || !chunk.delta.startsWith('chunk 2')) controller.enqueue(chunk); // drop some
        },
      }),
    );
    const chunks: UIMessageChunk[] = [];
    const reader = gate.meter(outer).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(r.value);
    expect(state.produced).toBe(50);
    expect(chunks[0]).toEqual({ type: 'data-note', data: { hello: true } });
    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(50 - 11); // chunk 2, 20–29 dropped
  });

  it('cancels the merged source when the response is cancelled', async () => {
    const { stream, state } = source(1_000);
    const gate = createBackpressureGate();
    const response = createUIMessageStreamResponse({
      stream: gate.meter(createUIMessageStream({ execute: ({ writer }) => writer.merge(gate.gate(stream)) })),
    });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await settle();
    expect(state.cancelled).toBe(true);
    expect(state.produced).toBeLessThan(15);
  });
});
