import { context, SpanKind, type Context } from '@opentelemetry/api';
import { failSpan, tracer } from './tracer.js';

const dbSystems = new WeakMap<object, string>();

/**
 * Names the database behind a store or run log (`db.system.name` of its spans: `postgresql`,
 * `redis`, `memory`). The factories mark what they return; an app's own store may too.
 */
export function markDbSystem<T extends object>(target: T, system: string): T {
  dbSystems.set(target, system);
  return target;
}

/**
 * Calls `fn` inside a short client span `{component}.{operation}` with the database attributes, a
 * child of `parent` (default: the active context).
 */
export async function dbSpan<R>(component: string, operation: string, system: string | undefined, fn: () => Promise<R>, parent: Context = context.active()): Promise<R> {
  const span = tracer().startSpan(`${component}.${operation}`, { kind: SpanKind.CLIENT }, parent);
  if (!span.isRecording()) return fn();
  span.setAttributes({ 'db.operation.name': operation, 'db.system.name': system ?? 'other_sql', 'x.component': component });
  try {
    return await fn();
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The database `target` was marked with. */
export function dbSystemOf(target: object): string | undefined {
  return dbSystems.get(target);
}
