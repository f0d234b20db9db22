// Zod-free on purpose (client bundles import it); the schemas are in page-state-schemas.ts.

/** Input of the `update-page-state` client tool. */
export interface UpdatePageStateInput {
  updates: Record<string, unknown>;
}

/**
 * What the client answers: the keys it wrote and, when any were refused, which and why (`reasons`,
 * by key), so the model can correct itself. `ignored` is present only when non-empty.
 */
export interface UpdatePageStateOutput {
  ok: true;
  written: string[];
  ignored?: string[];
  reasons?: Record<string, string>;
}

/** Kind of a shared-state value, as the tool description lists it. */
export type SharedStateKind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export function sharedStateKind(value: unknown): SharedStateKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  if (t === 'bigint') return 'number';
  return 'object';
}
