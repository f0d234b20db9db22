import { SpanKind, type Context, type Span } from '@opentelemetry/api';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { gateway, wrapLanguageModel, type LanguageModel, type LanguageModelMiddleware } from 'ai';
import type { TracingConfig } from './tracing-config.js';
import { failSpan, jsonText, recordingContext, tracer } from './tracer.js';

type Usage = Extract<LanguageModelV4StreamPart, { type: 'finish' }>['usage'];
type FinishReason = Extract<LanguageModelV4StreamPart, { type: 'finish' }>['finishReason'];

/**
 * The model with a `chat {model}` span around each of its calls, a child of the agent run active
 * now (the span is started with that parent, whatever context the AI SDK calls the model in). When
 * nothing records (no SDK registered, or the run is not sampled) the model is returned as it is.
 */
export function traceModel(model: LanguageModel, tracing: TracingConfig | undefined): LanguageModel {
  const parent = recordingContext();
  if (!parent) return model;
  const resolved = typeof model === 'string' ? (globalThis.AI_SDK_DEFAULT_PROVIDER ?? gateway).languageModel(model) : model;
  return wrapLanguageModel({ model: resolved, middleware: chatSpans(parent, tracing ?? {}) });
}

function chatSpans(parent: Context, tracing: TracingConfig): LanguageModelMiddleware {
  return {
    wrapStream: async ({ doStream, params, model }) => {
      const span = startChatSpan(parent, model, params, tracing);
      try {
        const result = await doStream();
        return { ...result, stream: watchStream(result.stream, span, tracing) };
      } catch (error) {
        if (isAbort(error)) span.setAttribute('x.cancelled', true);
        else failSpan(span, error);
        span.end();
        throw error;
      }
    },
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const span = startChatSpan(parent, model, params, tracing);
      try {
        const result = await doGenerate();
        const output = new OutputRecorder(tracing.recordOutputs === true);
        for (const part of result.content) output.add(part);
        recordFinish(span, result.finishReason, result.usage, output);
        if (result.response?.id !== undefined) span.setAttribute('gen_ai.response.id', result.response.id);
        if (result.response?.modelId !== undefined) span.setAttribute('gen_ai.response.model', result.response.modelId);
        return result;
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  };
}

function startChatSpan(parent: Context, model: LanguageModelV4, params: LanguageModelV4CallOptions, tracing: TracingConfig): Span {
  const span = tracer().startSpan(`chat ${model.modelId}`, { kind: SpanKind.CLIENT }, parent);
  const provider = model.provider.split('.')[0] ?? model.provider;
  span.setAttributes({
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': provider,
    'gen_ai.system': provider,
    'gen_ai.request.model': model.modelId,
  });
  if (params.maxOutputTokens !== undefined) span.setAttribute('gen_ai.request.max_tokens', params.maxOutputTokens);
  if (params.temperature !== undefined) span.setAttribute('gen_ai.request.temperature', params.temperature);
  if (params.topP !== undefined) span.setAttribute('gen_ai.request.top_p', params.topP);
  if (tracing.recordInputs === true) span.setAttribute('gen_ai.input.messages', jsonText(params.prompt));
  return span;
}

/** The model's stream as it is, watched for the response metadata, the finish (usage) and errors; the span ends with it. */
function watchStream(stream: ReadableStream<LanguageModelV4StreamPart>, span: Span, tracing: TracingConfig): ReadableStream<LanguageModelV4StreamPart> {
  const reader = stream.getReader();
  const output = new OutputRecorder(tracing.recordOutputs === true);
  let ended = false;
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    // A call aborted by a Stop (or a client gone) is cancelled, not failed.
    if (isAbort(error)) span.setAttribute('x.cancelled', true);
    else if (error !== undefined) failSpan(span, error);
    span.end();
  };
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
      try {
        next = await reader.read();
      } catch (error) {
        end(error);
        throw error;
      }
      if (next.done) {
        end();
        controller.close();
        return;
      }
      const part = next.value;
      if (part.type === 'finish') recordFinish(span, part.finishReason, part.usage, output);
      else if (part.type === 'response-metadata') {
        if (part.id !== undefined) span.setAttribute('gen_ai.response.id', part.id);
        if (part.modelId !== undefined) span.setAttribute('gen_ai.response.model', part.modelId);
      } else if (part.type === 'error') failSpan(span, part.error);
      else output.add(part);
      controller.enqueue(part);
    },
    async cancel(reason) {
      span.setAttribute('x.cancelled', true);
      end();
      await reader.cancel(reason);
    },
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

function recordFinish(span: Span, finishReason: FinishReason, usage: Usage, output: OutputRecorder): void {
  span.setAttribute('gen_ai.response.finish_reasons', [finishReason.unified]);
  if (usage.inputTokens.total !== undefined) span.setAttribute('gen_ai.usage.input_tokens', usage.inputTokens.total);
  if (usage.outputTokens.total !== undefined) span.setAttribute('gen_ai.usage.output_tokens', usage.outputTokens.total);
  const messages = output.messages(finishReason.unified);
  if (messages !== undefined) span.setAttribute('gen_ai.output.messages', messages);
}

type OutputPart = { type: 'text'; content: string } | { type: 'tool_call'; id: string; name: string; arguments: string };

/** The model's answer in the GenAI conventions' message shape; collected only when outputs are recorded. */
class OutputRecorder {
  private readonly parts: OutputPart[] = [];
  constructor(private readonly enabled: boolean) {}

  add(part: { type: string; delta?: string; text?: string; toolCallId?: string; toolName?: string; input?: string }): void {
    if (!this.enabled) return;
    if (part.type === 'text-delta' || part.type === 'text') {
      const text = part.delta ?? part.text ?? '';
      const last = this.parts.at(-1);
      if (last?.type === 'text') last.content += text;
      else this.parts.push({ type: 'text', content: text });
    } else if (part.type === 'tool-call') {
      this.parts.push({ type: 'tool_call', id: part.toolCallId ?? '', name: part.toolName ?? '', arguments: part.input ?? '' });
    }
  }

  messages(finishReason: string): string | undefined {
    return this.enabled ? jsonText([{ role: 'assistant', parts: this.parts, finish_reason: finishReason }]) : undefined;
  }
}

