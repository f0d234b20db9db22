import { z } from 'zod';
import type { UpdatePageStateInput, UpdatePageStateOutput } from './page-state.js';

/** Schema of the `update-page-state` input. */
export const updatePageStateInputSchema: z.ZodType<UpdatePageStateInput> = z.object({
  updates: z.record(z.string(), z.unknown()),
  ignored: z.array(z.string()).optional(),
});

/** Schema of what the client answers to `update-page-state`. */
export const updatePageStateOutputSchema: z.ZodType<UpdatePageStateOutput> = z.object({
  ok: z.literal(true),
  written: z.array(z.string()),
  ignored: z.array(z.string()).optional(),
  reasons: z.array(z.object({ key: z.string(), reason: z.string() })).optional(),
});
