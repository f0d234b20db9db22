/**
 * A pull-based mock model: the stream produces the next part only when the consumer reads (no
 * pre-filled queue, so no `shift()` cost and no unbounded buffering — method §5.9), optionally
 * paced on a schedule (`intervalMs` per delta, drift-free).
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * The model's stream parts: one text block of `deltas` deltas of 4 characters. With `signal`, an
 * abort ends the stream at once with the abort's reason, as a provider's does (Stop must reach it).
 */
export function deltaStream(deltas: number, intervalMs = 0, delta = 'tok ', signal?: AbortSignal): ReadableStream<LanguageModelV4StreamPart> {
  let i = -2;
  let start = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      start(controller) {
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            try {
              controller.error(signal.reason ?? new DOMException('aborted', 'AbortError'));
            } catch {
              // already closed
            }
          },
          { once: true },
        );
      },
      async pull(controller) {
        if (i === -2) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
        } else if (i === -1) {
          start = performance.now();
          controller.enqueue({ type: 'text-start', id: 't1' });
        } else if (i < deltas) {
          if (intervalMs > 0) {
            const wait = start + (i + 1) * intervalMs - performance.now();
            if (wait > 0) await new Promise((resolve) => (timer = setTimeout(resolve, wait)));
          }
          if (signal?.aborted) return;
          controller.enqueue({ type: 'text-delta', id: 't1', delta });
        } else {
          controller.enqueue({ type: 'text-end', id: 't1' });
          controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
          controller.close();
        }
        i++;
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A MockLanguageModelV4 whose every call streams `deltas` deltas (paced when `intervalMs` > 0); with
 * `honourAbort`, a call's abort signal ends its stream.
 */
export function deltaModel(deltas: number, intervalMs = 0, honourAbort = false): MockLanguageModelV4 {
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doStream: async (options) => {
      // MockLanguageModelV4 records every call's options (prompt, abort signal…) in doStreamCalls. A
      // server reusing one model would retain ~1.5 KB per stream there, which V4's sequential run
      // then counted as heap growth of the route (found with a heap snapshot diff).
      model.doStreamCalls.length = 0;
      return { stream: deltaStream(deltas, intervalMs, 'tok ', honourAbort ? options.abortSignal : undefined) };
    },
  });
  return model;
}
