import { z } from 'zod';

export const CHAT_TITLE_PART = 'data-chat-title' as const;
export const SUGGESTIONS_PART = 'data-suggestions' as const;

/** `data-chat-title`: a short title for the conversation, generated on its first turn. */
export const chatTitleDataSchema = z.object({ title: z.string() });
export type ChatTitleData = z.infer<typeof chatTitleDataSchema>;

/** `data-suggestions`: follow-up prompts; the last one in the transcript overrides the UI's own. */
export const suggestionsDataSchema = z.object({ items: z.array(z.string()) });
export type SuggestionsData = z.infer<typeof suggestionsDataSchema>;

/**
 * The data parts of the protocol, keyed as `UIMessage` expects (without the `data-` prefix), open to
 * the app's own `data-*` parts. The index signature keeps custom parts typable but widens
 * `part.data` to `unknown` after a `part.type` check: use {@link isChatTitlePart} /
 * {@link isSuggestionsPart} to narrow the protocol's parts.
 */
export interface AgentDataTypes {
  'chat-title': ChatTitleData;
  suggestions: SuggestionsData;
  [name: string]: unknown;
}

/** A `data-chat-title` part. */
export interface ChatTitlePart {
  type: typeof CHAT_TITLE_PART;
  id?: string;
  data: ChatTitleData;
}

/** A `data-suggestions` part. */
export interface SuggestionsPart {
  type: typeof SUGGESTIONS_PART;
  id?: string;
  data: SuggestionsData;
}

/** Narrows a message part to a well-formed `data-chat-title` part. */
export function isChatTitlePart(part: { type: string }): part is ChatTitlePart {
  return part.type === CHAT_TITLE_PART && chatTitleDataSchema.safeParse((part as { data?: unknown }).data).success;
}

/** Narrows a message part to a well-formed `data-suggestions` part. */
export function isSuggestionsPart(part: { type: string }): part is SuggestionsPart {
  return part.type === SUGGESTIONS_PART && suggestionsDataSchema.safeParse((part as { data?: unknown }).data).success;
}


/** Schemas for `useChat({ dataPartSchemas })` / `validateUIMessages({ dataSchemas })`. */
export const agentDataPartSchemas = {
  'chat-title': chatTitleDataSchema,
  suggestions: suggestionsDataSchema,
};
