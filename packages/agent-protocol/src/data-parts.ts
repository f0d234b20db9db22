import { z } from 'zod';

/** `data-chat-title`: a short title for the conversation, generated on its first turn. */
export const chatTitleDataSchema = z.object({ title: z.string() });
export type ChatTitleData = z.infer<typeof chatTitleDataSchema>;

/** `data-suggestions`: follow-up prompts; the last one in the transcript overrides the UI's own. */
export const suggestionsDataSchema = z.object({ items: z.array(z.string()) });
export type SuggestionsData = z.infer<typeof suggestionsDataSchema>;

/** The data parts of the protocol, keyed as `UIMessage` expects (without the `data-` prefix). */
export interface AgentDataTypes {
  'chat-title': ChatTitleData;
  suggestions: SuggestionsData;
  [name: string]: unknown;
}

export const CHAT_TITLE_PART = 'data-chat-title' as const;
export const SUGGESTIONS_PART = 'data-suggestions' as const;

/** Schemas for `useChat({ dataPartSchemas })` / `validateUIMessages({ dataSchemas })`. */
export const agentDataPartSchemas = {
  'chat-title': chatTitleDataSchema,
  suggestions: suggestionsDataSchema,
};
