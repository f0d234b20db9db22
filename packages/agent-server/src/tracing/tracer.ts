import { context, isSpanContextValid, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';

/** The instrumentation scope of every span the server emits. */
export const TRACER_NAME = '@x/agent-server';

/**
 * The server's tracer. Through `@opentelemetry/api` only: without a registered SDK it is the API's
 * no-op tracer (its spans record nothing and cost next to nothing).
 */
export function tracer(): Tracer {
  return trace.getTracer(TRACER_NAME);
}

/** The context active now when its span records (an SDK is registered and the trace is sampled); else undefined. */
export function recordingContext(): Context | undefined {
  const active = context.active();
  return trace.getSpan(active)?.isRecording() === true ? active : undefined;
}

/** The trace id of the active span, when there is a valid one (a span of a registered SDK, or a continued `traceparent`). */
export function activeTraceId(): string | undefined {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

/** Marks a span failed with the error's type and message. */
export function failSpan(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.name : typeof error;
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

/** JSON text of a recorded input or output; never throws. */
export function jsonText(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return '[unserializable]';
  }
}
