// Zod-free on purpose: client bundles import these names and guards; the schemas are in
// data-part-schemas.ts, so a bundle that needs no schema carries no zod.

import type { A2UISurfaceData, A2UIUserAction } from './a2ui.js';

export const CHAT_TITLE_PART = 'data-chat-title' as const;
export const SUGGESTIONS_PART = 'data-suggestions' as const;
export const COMPACTION_PART = 'data-compaction' as const;

/** `data-chat-title`: a short title for the conversation, generated on its first turn. */
export interface ChatTitleData {
  title: string;
}

/** `data-suggestions`: follow-up prompts; the last one in the transcript overrides the UI's own. */
export interface SuggestionsData {
  items: string[];
}

/**
 * `data-compaction`: earlier messages were summarized to fit the agent's context budget; the UI shows
 * "Earlier messages were summarized", expandable to `summary`. `replacedMessages` counts the model
 * messages the summary replaced; `throughMessageId` is the last stored UI message it covers (a later
 * turn reuses the summary instead of summarizing again). Never sent to the model as a part.
 */
export interface CompactionData {
  summary: string;
  replacedMessages: number;
  throughMessageId?: string;
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
  compaction: CompactionData;
  a2ui: A2UISurfaceData;
  'a2ui-action': A2UIUserAction;
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

/** A `data-compaction` part. */
export interface CompactionPart {
  type: typeof COMPACTION_PART;
  id?: string;
  data: CompactionData;
}

/** Narrows a message part to a well-formed `data-compaction` part. */
export function isCompactionPart(part: { type: string }): part is CompactionPart {
  const data = (part as { data?: unknown }).data;
  return part.type === COMPACTION_PART && isObject(data) && typeof data.summary === 'string' && typeof data.replacedMessages === 'number';
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

