import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import type { CompactionData } from '@x/agent-protocol';
import type { CompactionConfig, Logger } from '../config/types.js';

/** Instructions of the one summarizing call. */
const SUMMARY_INSTRUCTIONS =
  'Summarize the conversation below for the assistant that continues it. Keep facts, names, numbers, ' +
  "decisions, the user's goals and preferences, tool results still relevant and open questions. Write " +
  'plain prose, at most 300 words, no preamble.';

/** Marks the summary in the prompt (and lets a later compaction recognise it). */
export const SUMMARY_PREFIX = '[Summary of the earlier conversation]\n';

/** Longest transcript the summarizing call is sent, in characters (the oldest part is cut). */
const MAX_TRANSCRIPT_CHARS = 400_000;

/** Tokens of a prompt, estimated as characters / 4 (JSON of the messages). */
export function estimateTokens(messages: readonly ModelMessage[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

/**
 * Where the kept tail starts: `keepLast` messages from the end, moved back so a tool result is never
 * separated from the call it answers. 0 when there is nothing older to replace.
 */
export function keptFrom(messages: readonly ModelMessage[], keepLast: number): number {
  let at = Math.max(0, messages.length - keepLast);
  while (at > 0 && messages[at]!.role === 'tool') at--;
  return at;
}

/** The summary as a prompt message. */
export function summaryMessage(summary: string): ModelMessage {
  return { role: 'user', content: [{ type: 'text', text: `${SUMMARY_PREFIX}${summary}` }] };
}

/** What one compaction did to a prompt. */
export interface Compacted {
  messages: ModelMessage[];
  /** How many messages of the prompt were replaced (or dropped). */
  replaced: number;
  /** The summary, or undefined when summarizing failed and the oldest messages were dropped. */
  summary: string | undefined;
}

/**
 * Compacts a prompt that passes the budget: the messages before the kept tail are summarized by ONE
 * call of `model` and the summary replaces them. A failed or empty summary drops them instead (logged),
 * so compaction never fails the turn. `undefined` when under the budget or nothing can be replaced.
 */
export async function compactPrompt(options: {
  messages: ModelMessage[];
  config: CompactionConfig;
  /** The provider's input-token count of the previous step, when it reported one. */
  reportedInputTokens: number | undefined;
  model: LanguageModel;
  signal: AbortSignal;
  logger: Logger;
}): Promise<Compacted | undefined> {
  const { messages, config } = options;
  const tokens = Math.max(options.reportedInputTokens ?? 0, estimateTokens(messages));
  if (tokens <= config.maxInputTokens) return undefined;
  const from = keptFrom(messages, config.keepLastMessages);
  if (from === 0) return undefined;
  const older = messages.slice(0, from);
  const kept = messages.slice(from);
  try {
    const result = await generateText({
      model: options.model,
      system: SUMMARY_INSTRUCTIONS,
      prompt: transcript(older),
      abortSignal: options.signal,
      maxRetries: 1,
    });
    const summary = result.text.trim();
    if (summary === '') throw new Error('the summary was empty');
    return { messages: [summaryMessage(summary), ...kept], replaced: from, summary };
  } catch (error) {
    options.logger.warn('context compaction failed: the oldest messages were dropped instead', {
      error: error instanceof Error ? error.message : String(error),
      dropped: from,
    });
    return { messages: kept, replaced: from, summary: undefined };
  }
}

/** The replaced messages as plain text for the summarizing call. */
function transcript(messages: readonly ModelMessage[]): string {
  const lines = messages.map((message) => {
    const content = typeof message.content === 'string' ? message.content : message.content.map(partText).join('\n');
    return `${message.role.toUpperCase()}: ${content}`;
  });
  const text = lines.join('\n\n');
  return text.length > MAX_TRANSCRIPT_CHARS ? text.slice(-MAX_TRANSCRIPT_CHARS) : text;
}

function partText(part: unknown): string {
  const p = part as { type?: string; text?: string; toolName?: string; input?: unknown; output?: unknown };
  if (p.type === 'text' || p.type === 'reasoning') return p.text ?? '';
  if (p.type === 'tool-call') return `(called ${p.toolName} with ${JSON.stringify(p.input)})`;
  if (p.type === 'tool-result') return `(${p.toolName} returned ${JSON.stringify(p.output)})`;
  return `(${p.type ?? 'part'})`;
}

/** The marker data a compaction leaves in the reply. */
export function compactionData(compacted: Compacted, throughMessageId: string | undefined): CompactionData | undefined {
  if (compacted.summary === undefined) return undefined;
  return { summary: compacted.summary, replacedMessages: compacted.replaced, ...(throughMessageId !== undefined ? { throughMessageId } : {}) };
}
