import { z } from 'zod';

/** Input of the `update-page-state` client tool. */
export const updatePageStateInputSchema = z.object({
  updates: z.record(z.string(), z.unknown()),
});
export type UpdatePageStateInput = z.infer<typeof updatePageStateInputSchema>;

/**
 * What the client answers: the keys it wrote and, when any were refused, which and why, so the
 * model can correct itself. `ignored` is present only when non-empty.
 */
export const updatePageStateOutputSchema = z.object({
  ok: z.literal(true),
  written: z.array(z.string()),
  ignored: z.array(z.string()).optional(),
  reasons: z.record(z.string(), z.string()).optional(),
});
export type UpdatePageStateOutput = z.infer<typeof updatePageStateOutputSchema>;

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
