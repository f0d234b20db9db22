// Zod-free on purpose: client bundles import these names and guards; the schemas are in
// data-part-schemas.ts, so a bundle that needs no schema carries no zod.

export const CHAT_TITLE_PART = 'data-chat-title' as const;
export const SUGGESTIONS_PART = 'data-suggestions' as const;

/** `data-chat-title`: a short title for the conversation, generated on its first turn. */
export interface ChatTitleData {
  title: string;
}

/** `data-suggestions`: follow-up prompts; the last one in the transcript overrides the UI's own. */
export interface SuggestionsData {
  items: string[];
}

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
  const data = (part as { data?: unknown }).data;
  return part.type === CHAT_TITLE_PART && isObject(data) && typeof data.title === 'string';
}

/** Narrows a message part to a well-formed `data-suggestions` part. */
export function isSuggestionsPart(part: { type: string }): part is SuggestionsPart {
  const data = (part as { data?: unknown }).data;
  return part.type === SUGGESTIONS_PART && isObject(data) && Array.isArray(data.items) && data.items.every((i) => typeof i === 'string');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

