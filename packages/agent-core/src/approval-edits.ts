import { APPROVAL_ORIGINAL_INPUT_KEY, type AgentUIMessage } from '@x/agent-protocol';
import { isToolUIPart } from './engine/tool-parts.js';

/**
 * The messages with the input of the call waiting under `approvalId` replaced by `input`, and the
 * proposed input kept in `approval.originalInput` (the wire shape of `@x/agent-protocol`'s
 * `answerToolApproval`). Applied just before the approval is answered, so the answered part — and
 * the request that follows — carries the edit; the server checks it against the tool's schema and
 * runs what was approved. The same array when no call waits under that id.
 */
export function withEditedApprovalInput<MESSAGE extends AgentUIMessage>(messages: MESSAGE[], approvalId: string, input: unknown): MESSAGE[] {
  const index = messages.findIndex((message) => message.parts.some((part) => waitsUnder(part, approvalId)));
  if (index === -1) return messages;
  const message = messages[index]!;
  const parts = message.parts.map((part) => {
    if (!waitsUnder(part, approvalId)) return part;
    // Still waiting: the engine's answer then sets `state` and `approved` and keeps the rest of `approval`.
    return { ...part, input, approval: { ...part.approval, [APPROVAL_ORIGINAL_INPUT_KEY]: part.input } };
  });
  const next = [...messages];
  next[index] = { ...message, parts } as MESSAGE;
  return next;
}

function waitsUnder(part: AgentUIMessage['parts'][number], approvalId: string): part is Extract<AgentUIMessage['parts'][number], { state: 'approval-requested' }> {
  return isToolUIPart(part) && part.state === 'approval-requested' && part.approval.id === approvalId;
}
