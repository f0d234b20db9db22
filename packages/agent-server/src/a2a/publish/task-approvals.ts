import type { Message, Part } from '@a2a-js/sdk';
import type { UIMessage } from 'ai';
import type { WireUIMessage } from '@x/agent-protocol';
import { approvalAnswerPayloadSchema } from '@x/agent-protocol/validation';
import { AgentRequestError } from '../../config/request-error.js';
import { answeredFields, approvalDecision, parseApprovalAnswer, type ApprovalDecision } from '../../tools/approval-decision.js';
import type { MessageRecord } from '../../store/types.js';
import { agentMessage } from './a2a-parts.js';

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; toolName?: string; approval?: { id?: string } };
const isWaiting = (part: UIMessage['parts'][number]): part is UIMessage['parts'][number] & ToolPart =>
  (part.type.startsWith('tool-') || part.type === 'dynamic-tool') && (part as { state?: unknown }).state === 'approval-requested';

/** One tool call of a reply that waits for a person's approval, as the A2A client sees it. */
export interface PendingApproval {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The tool calls of a stored reply that wait for an approval (none: the turn waits for nothing). */
export function pendingApprovals(parts: UIMessage['parts']): PendingApproval[] {
  return parts.filter(isWaiting).map((part) => ({
    approvalId: part.approval?.id ?? '',
    toolCallId: part.toolCallId,
    toolName: part.type === 'dynamic-tool' ? (part.toolName ?? '') : part.type.slice('tool-'.length),
    input: part.input,
  }));
}

/**
 * The status message of a task in `input-required`: what waits for approval (a text and a data part
 * `{ approvals: [{ approvalId, toolCallId, toolName, input }] }`) and how to answer it.
 */
export function approvalsPrompt(pending: PendingApproval[], taskId: string, contextId: string, problem?: string): Message {
  const names = [...new Set(pending.map((p) => p.toolName))].join(', ');
  const text =
    `${problem ? `${problem} ` : ''}The agent asks approval to run ${names}. ` +
    'Answer on this task with a message holding a data part { "approved": true | false, "reason"?: string } (it answers every pending call).';
  const message = agentMessage(text, taskId, contextId);
  const data: Part = { content: { $case: 'data', value: { approvals: pending } }, mediaType: 'application/json', filename: '', metadata: undefined };
  return { ...message, parts: [...message.parts, data] };
}

/**
 * The decision a continuation message carries: its first data part, read with the one approval
 * decision's schema (`{ approved, reason? }`, nothing else; only `approved: true` runs). A message
 * without one, or with another shape, is a string saying why (the task keeps waiting; nothing runs).
 */
export function answerOf(message: Message): ApprovalDecision | string {
  const index = message.parts.findIndex((part) => part.content?.$case === 'data');
  const part = message.parts[index];
  if (!part || part.content?.$case !== 'data') return 'The answer has no data part { "approved": true | false }.';
  try {
    return approvalDecision(parseApprovalAnswer(approvalAnswerPayloadSchema, part.content.value, `message.parts.${index}.data`));
  } catch (error) {
    if (error instanceof AgentRequestError) return `${error.message} ${error.issues?.map((i) => `${i.path}: ${i.message}`).join('; ') ?? ''}`.trim();
    throw error;
  }
}

/** The stored reply with every pending approval answered by `decision` (the turn's body continues it). */
export function answeredReply(reply: MessageRecord, decision: ApprovalDecision): WireUIMessage {
  const parts = reply.parts.map((part) => (isWaiting(part) ? { ...part, state: 'approval-responded', approval: { ...part.approval, ...answeredFields(decision) } } : part));
  return { id: reply.id, role: 'assistant', parts, metadata: reply.metadata } as WireUIMessage;
}
