import {
  isToolUIPart,
  lastAssistantMessageIsCompleteWithApprovalResponses,
  lastAssistantMessageIsCompleteWithToolCalls,
  type UIMessage,
} from 'ai';

/**
 * Whether the chat should send again on its own: when every approval of the last step is answered,
 * or when every tool call of the last step has an output and at least one of those outputs came
 * from the browser (`answeredByClient`). Server tools alone never trigger a resend, so a turn the
 * server stopped after a tool step (`stopOnToolCall`, `maxSteps`) does not loop.
 */
export function shouldContinue(messages: readonly UIMessage[], answeredByClient: ReadonlySet<string>): boolean {
  const list = messages as UIMessage[];
  if (lastAssistantMessageIsCompleteWithApprovalResponses({ messages: list })) return true;
  if (!lastAssistantMessageIsCompleteWithToolCalls({ messages: list })) return false;
  const last = list.at(-1)!;
  const lastStep = last.parts.slice(last.parts.findLastIndex((p) => p.type === 'step-start') + 1);
  return lastStep.some((part) => isToolUIPart(part) && answeredByClient.has(part.toolCallId));
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
