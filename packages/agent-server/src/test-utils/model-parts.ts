import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { usage } from './mock-model.js';

/** Stream parts of a model call that calls one tool (or several, in order) and stops for the results. */
export function toolCallParts(...calls: { toolName: string; input: unknown; id?: string }[]): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    ...calls.map(
      (c, i): LanguageModelV4StreamPart => ({
        type: 'tool-call',
        toolCallId: c.id ?? `call-${i + 1}`,
        toolName: c.toolName,
        input: JSON.stringify(c.input),
      }),
    ),
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
  ];
}

/** Stream parts of a call that fails mid-stream after some text. */
export function failingParts(text: string, error: unknown): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    { type: 'text-delta', id: 't1', delta: text },
    { type: 'error', error },
  ];
}

/** The chunks of a given type. */
export function chunksOf<T extends UIMessageChunk['type']>(chunks: UIMessageChunk[], type: T): Extract<UIMessageChunk, { type: T }>[] {
  return chunks.filter((c): c is Extract<UIMessageChunk, { type: T }> => c.type === type);
}

/** A logger that keeps what it was told, for assertions. */
export function recordingLogger() {
  const records: { level: 'warn' | 'error'; message: string; meta?: Record<string, unknown> }[] = [];
  return {
    records,
    warn: (message: string, meta?: Record<string, unknown>) => records.push({ level: 'warn', message, ...(meta ? { meta } : {}) }),
    error: (message: string, meta?: Record<string, unknown>) => records.push({ level: 'error', message, ...(meta ? { meta } : {}) }),
    messages: () => records.map((r) => r.message),
  };
}

/**
 * A model that streams `text` and then stalls until its call is aborted (a client stop or
 * disconnect); `started` resolves when the text was sent. Later calls answer `after` (if given).
 */
export function stallingModel(text: string) {
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const model = new MockLanguageModelV4({
    doStream: async (options) => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't1' });
          controller.enqueue({ type: 'text-delta', id: 't1', delta: text });
          markStarted();
          const abort = () => controller.error(options.abortSignal?.reason ?? new DOMException('aborted', 'AbortError'));
          if (options.abortSignal?.aborted) abort();
          else options.abortSignal?.addEventListener('abort', abort, { once: true });
        },
      }),
    }),
  });
  return { model, started };
}
