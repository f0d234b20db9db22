import { z } from 'zod';
import type { ChatTitleData, CompactionData, SuggestionsData } from './data-parts.js';
import { a2uiSurfaceDataSchema, a2uiUserActionSchema } from './a2ui-schemas.js';

/** Schema of `data-chat-title` data. */
export const chatTitleDataSchema: z.ZodType<ChatTitleData> = z.object({ title: z.string() });

/** Schema of `data-suggestions` data. */
export const suggestionsDataSchema: z.ZodType<SuggestionsData> = z.object({ items: z.array(z.string()) });

/** Schema of `data-compaction` data. */
export const compactionDataSchema: z.ZodType<CompactionData> = z.object({
  summary: z.string(),
  replacedMessages: z.number().int().nonnegative(),
  throughMessageId: z.string().optional(),
});

/** Schemas for `useChat({ dataPartSchemas })` / `validateUIMessages({ dataSchemas })`. */
export const agentDataPartSchemas = {
  'chat-title': chatTitleDataSchema,
  suggestions: suggestionsDataSchema,
  compaction: compactionDataSchema,
  a2ui: a2uiSurfaceDataSchema,
  'a2ui-action': a2uiUserActionSchema,
};
