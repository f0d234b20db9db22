import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { RecordedCall, RecordedFinish, RecordedPart } from './fixture.js';
import { normalisePrompt, toJsonSafe } from './json-safe.js';
import { redact, type RedactOptions } from './redact.js';

/** Deltas arriving within one frame (~16 ms) are merged into one part unless `exactTiming`. */
export const FRAME_MS = 16;

export interface RecordModelOptions {
  /** Gets every call once it ended (already redacted); `startedAt` (ms, monotonic) orders calls that overlap. */
  onRecord: (call: RecordedCall, info: { startedAt: number }) => void;
  /** Secrets to hide beside the defaults (API-key and token keys, `sk-…`, `Bearer …`). */
  redact?: RedactOptions;
  /** Keep every delta with its own timing (default: deltas within a frame are merged). */
  exactTiming?: boolean;
}

type TimedPart = { at: number; part: LanguageModelV4StreamPart };

/**
 * Wraps an AI SDK language model so every call is recorded: its normalised prompt, the stream
 * parts with their relative timing (or the generated content), usage and finish reason. The
 * wrapped model behaves exactly like `model`; recording never changes what the caller sees.
 */
export function recordModel(model: LanguageModelV4, options: RecordModelOptions): LanguageModelV4 {
  const name = `${model.provider}:${model.modelId}`;
  const emit = (call: RecordedCall, startedAt: number) => options.onRecord(redact(toJsonSafe(call), options.redact) as unknown as RecordedCall, { startedAt }); // redact keeps the shape it was given
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return model.supportedUrls;
    },
    async doGenerate(call) {
      const startedAt = performance.now();
      const result = await model.doGenerate(call);
      emit(
        {
          kind: 'generate',
          model: name,
          ...asked(call),
          content: result.content.map((c) => toJsonSafe(c)),
          finish: finishOf(result),
        },
        startedAt,
      );
      return result;
    },
    async doStream(call) {
      const startedAt = performance.now();
      const result = await model.doStream(call);
      const seen: TimedPart[] = [];
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const end = seen.find((p) => p.part.type === 'finish')?.part;
        const parts = toRecordedParts(
          seen.filter((p) => p.part.type !== 'finish' && p.part.type !== 'stream-start' && p.part.type !== 'raw'),
          startedAt,
          options.exactTiming === true,
        );
        emit(
          {
            kind: 'stream',
            model: name,
            ...asked(call),
            parts,
            finish: end && end.type === 'finish' ? finishOf(end) : { finishReason: null, usage: null },
          },
          startedAt,
        );
      };
      const reader = result.stream.getReader();
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          try {
            const next = await reader.read();
            if (next.done) {
              finish();
              return controller.close();
            }
            seen.push({ at: performance.now(), part: next.value });
            controller.enqueue(next.value);
          } catch (error) {
            finish();
            controller.error(error);
          }
        },
        async cancel(reason) {
          finish();
          await reader.cancel(reason);
        },
      });
      return { ...result, stream };
    },
  };
}

function asked(call: LanguageModelV4CallOptions): Pick<RecordedCall, 'prompt' | 'tools'> {
  return { prompt: normalisePrompt(call.prompt), tools: (call.tools ?? []).map((t) => t.name).sort() };
}

function finishOf(end: { finishReason: unknown; usage: unknown; providerMetadata?: unknown }): RecordedFinish {
  return {
    finishReason: toJsonSafe(end.finishReason),
    usage: toJsonSafe(end.usage),
    ...(end.providerMetadata ? { providerMetadata: toJsonSafe(end.providerMetadata) } : {}),
  };
}

const MERGEABLE = new Set(['text-delta', 'reasoning-delta', 'tool-input-delta']);

/** Parts with `ms` since the previous one; deltas of one block within a frame merged unless `exact`. */
export function toRecordedParts(seen: TimedPart[], startedAt: number, exact: boolean): RecordedPart[] {
  const groups: { first: number; last: number; part: Record<string, unknown> & { type: string } }[] = [];
  for (const { at, part } of seen) {
    const prev = groups.at(-1);
    if (
      !exact &&
      prev &&
      MERGEABLE.has(part.type) &&
      prev.part.type === part.type &&
      prev.part.id === (part as { id: string }).id &&
      at - prev.first < FRAME_MS
    ) {
      prev.part.delta = `${String(prev.part.delta)}${(part as { delta: string }).delta}`;
      prev.last = at;
      continue;
    }
    groups.push({ first: at, last: at, part: { ...part } });
  }
  let previous = startedAt;
  return groups.map((g) => {
    const ms = Math.max(0, Math.round(g.last - previous));
    previous = g.last;
    return { ms, part: toJsonSafe(g.part) as RecordedPart['part'] };
  });
}

