import type { UIMessage } from 'ai';
import { isToolUIPart } from './engine/tool-parts.js';

/** The states of a tool call that has its result (an output, an error or a denial). */
export const FINAL_TOOL_STATES: ReadonlySet<string> = new Set(['output-available', 'output-error', 'output-denied']);
const WAITING_FOR_USER = new Set(['approval-requested', 'approval-responded']);

/**
 * Cleans a saved transcript before it is loaded into a chat:
 * - tool calls that never got a result are dropped (`input-streaming`, `input-available`, and
 *   approvals everywhere but in the last message, where the user can still answer them),
 * - text and reasoning left `streaming` are marked `done`, empty ones are dropped,
 * - messages left without content (no parts, or only `step-start` markers) are dropped — except a
 *   reply that ended before it said anything (`metadata.stopReason` `'error'` / `'interrupted'`):
 *   its "Interrupted — Retry" mark is what the user has of it,
 * - malformed parts (null, no string `type`, text or reasoning without a string `text`) are dropped.
 *
 * The input is not modified; messages that need no change keep their identity.
 */
export function sanitizeHistory<MESSAGE extends UIMessage>(messages: readonly MESSAGE[]): MESSAGE[] {
  const out: MESSAGE[] = [];
  messages.forEach((message, index) => {
    const isLast = index === messages.length - 1;
    const source: MESSAGE['parts'] = message.parts ?? [];
    // The message's own parts until one is dropped or changed; a copy from then on (most messages
    // of a saved transcript are clean: no copy is made for them).
    let parts: MESSAGE['parts'] | undefined;
    let content = false;
    for (let i = 0; i < source.length; i++) {
      const part = source[i]!;
      const kept = cleanPart(part, isLast);
      if (kept !== part) parts ??= source.slice(0, i);
      if (kept === undefined) continue;
      parts?.push(kept);
      if (kept.type !== 'step-start') content = true;
    }
    if (!content && !endedEarly(message)) return;
    out.push(parts || !message.parts ? { ...message, parts: dropTrailingStepStarts(parts ?? []) } : message);
  });
  return out;
}

/** `part` as a loaded transcript keeps it: itself, a copy that is no longer `streaming`, or undefined (dropped). */
function cleanPart<PART extends UIMessage['parts'][number]>(part: PART, isLast: boolean): PART | undefined {
  // Loaded data may be malformed: a part that is not an object with a string type is dropped.
  if (typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string') return undefined;
  if (isToolUIPart(part)) return FINAL_TOOL_STATES.has(part.state) || (isLast && WAITING_FOR_USER.has(part.state)) ? part : undefined;
  if (part.type !== 'text' && part.type !== 'reasoning') return part;
  if (typeof part.text !== 'string' || part.text.length === 0) return undefined;
  return part.state === 'streaming' ? { ...part, state: 'done' } : part;
}

/** A reply that failed or whose run was lost (its stop reason is what it shows). */
function endedEarly(message: UIMessage): boolean {
  if (message.role !== 'assistant' || typeof message.metadata !== 'object' || message.metadata === null) return false;
  const reason = (message.metadata as { stopReason?: unknown }).stopReason;
  return reason === 'interrupted' || reason === 'error';
}

function dropTrailingStepStarts<PART extends { type: string }>(parts: PART[]): PART[] {
  let end = parts.length;
  while (end > 0 && parts[end - 1]!.type === 'step-start') end--;
  return end === parts.length ? parts : parts.slice(0, end);
}
