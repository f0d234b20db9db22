import type { UIMessage } from 'ai';
import { isToolUIPart } from './engine/tool-parts.js';

type Part = UIMessage['parts'][number];

/** The parts of the message's last step (after its last `step-start`). */
const lastStep = (message: UIMessage): Part[] => message.parts.slice(message.parts.findLastIndex((p) => p.type === 'step-start') + 1);

/** A tool part that has its final output (not a preliminary one). */
const hasOutput = (part: Part): boolean => isToolUIPart(part) && ((part.state === 'output-available' && part.preliminary !== true) || part.state === 'output-error');

/** The last message is a reply whose last step has answered approvals and nothing else unfinished (the `ai` package's rule). */
function completeWithApprovalResponses(last: UIMessage): boolean {
  const tools = lastStep(last).filter(isToolUIPart);
  return tools.some((p) => p.state === 'approval-responded') && tools.every((p) => hasOutput(p) || p.state === 'output-denied' || p.state === 'approval-responded');
}

/**
 * The last message is a reply whose last step called browser tools that all have an output, with no
 * unfinished text after the last of them (the `ai` package's rule).
 */
function completeWithToolCalls(last: UIMessage): boolean {
  const step = lastStep(last);
  const isClientTool = (p: Part) => isToolUIPart(p) && !p.providerExecuted;
  const tools = step.filter(isClientTool);
  const after = step.slice(step.findLastIndex(isClientTool) + 1);
  return tools.length > 0 && !after.some((p) => p.type === 'text' && p.state !== 'done') && tools.every(hasOutput);
}

/**
 * Whether the chat should send again on its own: when every approval of the last step is answered,
 * or when every tool call of the last step has an output and at least one of those outputs came
 * from the browser (`answeredByClient`). Server tools alone never trigger a resend, so a turn the
 * server stopped after a tool step (`stopOnToolCall`, `maxSteps`) does not loop.
 */
export function shouldContinue(messages: readonly UIMessage[], answeredByClient: ReadonlySet<string>): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return false;
  if (completeWithApprovalResponses(last)) return true;
  if (!completeWithToolCalls(last)) return false;
  return lastStep(last).some((part) => isToolUIPart(part) && answeredByClient.has(part.toolCallId));
}

/** True while the last assistant message waits for the user (an approval or a browser tool output). */
export function isWaitingForUser(messages: readonly UIMessage[]): boolean {
  const last = messages.at(-1);
  return last !== undefined && waitsForUser(last);
}

/** True when `message` is an assistant message that waits for the user (see {@link isWaitingForUser}). */
export function waitsForUser(message: UIMessage): boolean {
  if (message.role !== 'assistant') return false;
  return message.parts.some(
    (part) =>
      isToolUIPart(part) &&
      (part.state === 'approval-requested' ||
        part.state === 'approval-responded' ||
        (!part.providerExecuted && (part.state === 'input-available' || part.state === 'input-streaming'))),
  );
}
