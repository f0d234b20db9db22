import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
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
