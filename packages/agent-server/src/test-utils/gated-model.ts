import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import { usage } from './mock-model.js';

/** A promise with its resolve outside. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * A model that streams `parts[0..holdAt)` at once, waits for `release()`, then streams the rest.
 * `aborted` resolves when the call's abort signal fires (the stream then fails, as a provider's does).
 * Every call gets the same parts and shares one gate.
 */
export function gatedModel(parts: LanguageModelV4StreamPart[], holdAt: number) {
  const held = gate();
  const abort = gate();
  const started = gate();
  let abortedFlag = false;
  const model = new MockLanguageModelV4({
    doStream: async (options) => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        async start(controller) {
          const onAbort = () => {
            abortedFlag = true;
            abort.open();
            controller.error(options.abortSignal?.reason ?? new DOMException('aborted', 'AbortError'));
          };
          if (options.abortSignal?.aborted) return onAbort();
          options.abortSignal?.addEventListener('abort', onAbort, { once: true });
          for (const part of parts.slice(0, holdAt)) controller.enqueue(part);
          started.open();
          await held.promise;
          if (abortedFlag) return;
          for (const part of parts.slice(holdAt)) controller.enqueue(part);
          options.abortSignal?.removeEventListener('abort', onAbort);
          controller.close();
        },
      }),
    }),
  });
  return { model, release: held.open, aborted: abort.promise, started: started.promise, wasAborted: () => abortedFlag };
}

/** A title model whose answer waits for `release()` (it keeps a first turn's run active meanwhile). */
export function gatedTitleModel(title: string) {
  const held = gate();
  const model = new MockLanguageModelV4({
    doGenerate: async () => {
      await held.promise;
      return { content: [{ type: 'text', text: title }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
    },
  });
  return { model, release: held.open };
}

/** Stream parts of a text answer in the given deltas. */
export function deltaParts(deltas: string[], id = 't1'): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id },
    ...deltas.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}
