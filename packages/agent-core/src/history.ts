import { isToolUIPart, type UIMessage } from 'ai';

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
    // Most messages of a saved transcript are clean: checked in one pass, with no copy of their parts.
    if (isClean(message, isLast)) {
      out.push(message);
      return;
    }
    let changed = false;
    const parts: MESSAGE['parts'] = [];
    for (const part of message.parts ?? []) {
      // Loaded data may be malformed: a part that is not an object with a string type is dropped.
      if (typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string') {
        changed = true;
        continue;
      }
      if (isToolUIPart(part)) {
        const keep = FINAL_TOOL_STATES.has(part.state) || (isLast && WAITING_FOR_USER.has(part.state));
        if (!keep) {
          changed = true;
          continue;
        }
      } else if (part.type === 'text' || part.type === 'reasoning') {
        if (typeof part.text !== 'string' || part.text.length === 0) {
          changed = true;
          continue;
        }
        if (part.state === 'streaming') {
          parts.push({ ...part, state: 'done' });
          changed = true;
          continue;
        }
      }
      parts.push(part);
    }
    if (!parts.some((part) => part.type !== 'step-start') && !endedEarly(message)) return;
    out.push(changed || !message.parts ? { ...message, parts: dropTrailingStepStarts(parts) } : message);
  });
  return out;
}

/**
 * True when `sanitizeHistory` keeps `message` as it is: every part well-formed and kept, some part
 * other than `step-start`, and none trailing.
 */
function isClean(message: UIMessage, isLast: boolean): boolean {
  const parts = message.parts;
  if (!Array.isArray(parts) || parts.length === 0) return false;
  let content = false;
  for (const part of parts) {
    if (typeof part !== 'object' || part === null || typeof (part as { type?: unknown }).type !== 'string') return false;
    if (isToolUIPart(part)) {
      if (!FINAL_TOOL_STATES.has(part.state) && !(isLast && WAITING_FOR_USER.has(part.state))) return false;
    } else if (part.type === 'text' || part.type === 'reasoning') {
      if (typeof part.text !== 'string' || part.text.length === 0 || part.state === 'streaming') return false;
    }
    if (part.type !== 'step-start') content = true;
  }
  return content && parts[parts.length - 1]!.type !== 'step-start';
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
