import { isToolUIPart, type UIMessage } from 'ai';

const FINAL_TOOL_STATES = new Set(['output-available', 'output-error', 'output-denied']);
const WAITING_FOR_USER = new Set(['approval-requested', 'approval-responded']);

/**
 * Cleans a saved transcript before it is loaded into a chat:
 * - tool calls that never got a result are dropped (`input-streaming`, `input-available`, and
 *   approvals everywhere but in the last message, where the user can still answer them),
 * - text and reasoning left `streaming` are marked `done`, empty ones are dropped,
 * - messages left without content (no parts, or only `step-start` markers) are dropped.
 *
 * The input is not modified; messages that need no change keep their identity.
 */
export function sanitizeHistory<MESSAGE extends UIMessage>(messages: readonly MESSAGE[]): MESSAGE[] {
  const out: MESSAGE[] = [];
  messages.forEach((message, index) => {
    const isLast = index === messages.length - 1;
    let changed = false;
    const parts: MESSAGE['parts'] = [];
    for (const part of message.parts ?? []) {
      if (isToolUIPart(part)) {
        const keep = FINAL_TOOL_STATES.has(part.state) || (isLast && WAITING_FOR_USER.has(part.state));
        if (!keep) {
          changed = true;
          continue;
        }
      } else if (part.type === 'text' || part.type === 'reasoning') {
        if (part.text.length === 0) {
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
    if (!parts.some((part) => part.type !== 'step-start')) return;
    out.push(changed || !message.parts ? { ...message, parts: dropTrailingStepStarts(parts) } : message);
  });
  return out;
}

function dropTrailingStepStarts<PART extends { type: string }>(parts: PART[]): PART[] {
  let end = parts.length;
  while (end > 0 && parts[end - 1]!.type === 'step-start') end--;
  return end === parts.length ? parts : parts.slice(0, end);
}
