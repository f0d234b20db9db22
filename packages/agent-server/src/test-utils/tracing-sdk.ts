import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';

/** An OpenTelemetry SDK registered for a test, exporting to memory. */
export interface TestTracing {
  exporter: InMemorySpanExporter;
  /** The finished spans so far. */
  spans(): ReadableSpan[];
  /** Unregisters everything (the API is back to no-op). */
  shutdown(): Promise<void>;
}

/**
 * Registers a tracer provider with an in-memory exporter, the AsyncLocalStorage context manager and
 * the W3C propagator, as an app's `NodeSDK` setup would (SDK 3.x: the line of `@opentelemetry/api` 1.10).
 */
export function registerTestTracing(): TestTracing {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    exporter,
    spans: () => exporter.getFinishedSpans(),
    shutdown: async () => {
      trace.disable();
      context.disable();
      propagation.disable();
      await provider.shutdown();
    },
  };
}

/** A span tree as nested `name` lists (children in start order), for readable assertions. */
export interface SpanNode {
  name: string;
  span: ReadableSpan;
  children: SpanNode[];
}

/** The trees of `spans` (roots: spans whose parent is not among them). */
export function spanTrees(spans: readonly ReadableSpan[]): SpanNode[] {
  const nodes = new Map(spans.map((span) => [span.spanContext().spanId, { name: span.name, span, children: [] as SpanNode[] }]));
  const roots: SpanNode[] = [];
  const byStart = [...nodes.values()].sort((a, b) => hrNanos(a.span.startTime) - hrNanos(b.span.startTime));
  for (const node of byStart) {
    const parentId = node.span.parentSpanContext?.spanId;
    const parent = parentId === undefined ? undefined : nodes.get(parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

function hrNanos([seconds, nanos]: readonly [number, number]): number {
  return seconds * 1e9 + nanos;
}
