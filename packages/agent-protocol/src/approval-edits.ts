/**
 * Approval with edits: the approver of a tool call may change its input before approving it, and
 * may give a reason (approving or not). Zod-free (safe for client bundles).
 *
 * On the wire, an edited approval is the usual `approval-responded` tool part with
 * - `input`: the input the approver wants run (what the card shows, what runs, what the model
 *   sees in the history afterwards);
 * - `approval.originalInput`: the input the model proposed, exactly as the server sent it;
 * - `approval.signature`: unchanged — the server signed the proposed input.
 *
 * The server checks the signature against `originalInput` (so only a call it really asked
 * approval for can be edited), signs the edited input itself, and lets the AI SDK validate it
 * against the tool's input schema: an invalid edit is not run and the model and the UI get a tool
 * error (`tool-output-error`) naming the problem. Policies run on the edited input as on any other.
 */

/** The `approval` key holding the input the model proposed, when the approver changed it. */
export const APPROVAL_ORIGINAL_INPUT_KEY = 'originalInput';

/** An approver's answer to a tool call waiting for approval. */
export interface ToolApprovalAnswer {
  approved: boolean;
  /** Why. A denial's reason reaches the model; an approval's is kept in the part (the AI SDK does not send it to the model). */
  reason?: string;
  /** The input to run instead of the proposed one (only with `approved: true`). */
  input?: unknown;
}

/** The `approval` of an answered tool part (the AI SDK's fields plus `originalInput` when edited). */
export interface AnsweredApproval {
  id: string;
  approved: boolean;
  reason?: string;
  signature?: string;
  isAutomatic?: boolean;
  requestReason?: string;
  /** Present when the approver edited the input: the input the model proposed. */
  originalInput?: unknown;
}

/** The fields of a tool part this module reads and writes. */
export interface ApprovalToolPart {
  state: string;
  input?: unknown;
  approval?: { id: string; signature?: string; [key: string]: unknown };
}

/**
 * The tool part answered: `state: 'approval-responded'`, `approval.approved` / `reason`, and — when
 * `answer.input` is given with `approved: true` — the edited input in `input` with the proposed
 * one kept in `approval.originalInput`. Throws if the part is not waiting for approval.
 * Send the message list again afterwards (the AI SDK's
 * `lastAssistantMessageIsCompleteWithApprovalResponses` does it when every approval is answered).
 */
export function answerToolApproval<P extends ApprovalToolPart>(part: P, answer: ToolApprovalAnswer): P {
  if (part.state !== 'approval-requested' || !part.approval) throw new Error('The tool part is not waiting for approval.');
  const edited = answer.approved && answer.input !== undefined;
  const approval: AnsweredApproval = {
    ...(part.approval as Omit<AnsweredApproval, 'approved'>),
    approved: answer.approved,
    ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
    ...(edited ? { [APPROVAL_ORIGINAL_INPUT_KEY]: part.input } : {}),
  };
  return { ...part, state: 'approval-responded', ...(edited ? { input: answer.input } : {}), approval };
}

/** Whether an answered part carries an edited input, and the input the model proposed. */
export function approvalEditOf(part: ApprovalToolPart): { edited: false } | { edited: true; originalInput: unknown; input: unknown } {
  const approval = part.approval;
  if (!approval || approval.approved !== true || !Object.hasOwn(approval, APPROVAL_ORIGINAL_INPUT_KEY)) return { edited: false };
  return { edited: true, originalInput: approval[APPROVAL_ORIGINAL_INPUT_KEY], input: part.input };
}
