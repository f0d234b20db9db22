import { context, propagation } from '@opentelemetry/api';

/**
 * Adds the active trace's propagation headers (`traceparent`, `tracestate` with the W3C propagator)
 * to an outgoing request's headers. Does nothing unless the app registered a propagator.
 */
export function injectTraceHeaders(headers: Record<string, string>): void {
  propagation.inject(context.active(), headers);
}

/**
 * The server's handler continuing an incoming `traceparent`: each request is handled in the context
 * the registered propagator extracts from its headers (the turn's span becomes its child). Without a
 * registered propagator the context is the active one.
 */
export function continueIncomingTraces<S extends { fetch(request: Request): Promise<Response> }>(server: S): S {
  const handle = server.fetch.bind(server);
  return {
    ...server,
    fetch: (request: Request) => context.with(propagation.extract(context.active(), request.headers, headerGetter), () => handle(request)),
  };
}

const headerGetter = {
  keys: (headers: Headers): string[] => [...headers.keys()],
  get: (headers: Headers, key: string): string | undefined => headers.get(key) ?? undefined,
};
