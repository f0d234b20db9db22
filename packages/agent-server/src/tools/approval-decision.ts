import type { ToolApprovalStatus } from 'ai';
import type { z } from 'zod';
import {
  answeredApprovalSchema,
  approvalAnswerPayloadSchema,
  formatIssues,
  type AnsweredApprovalFields,
  type ApprovalAnswerPayload,
} from '@x/agent-protocol/validation';
import { AgentRequestError } from '../config/request-error.js';

/**
 * The one approval decision (issue 38, "fail closed"): every edge that answers a tool call waiting
 * for a person's approval — our wire (`approval-responded` parts, runtime/server-history.ts), AG-UI
 * `resume` (ag-ui/run-agent-input.ts), generate's `tool-outputs` (http/generate-route.ts) and calls
 * from inside MCP Apps (mcp-apps/mcp-app-call.ts) — reads the answer with the protocol's strict
 * schema and asks {@link approvalDecision}. Only an explicit, schema-valid `approved: true` runs a
 * tool; `approved: false` (or an AG-UI `cancelled`) is a refusal the model reads; anything else is a
 * 400 `invalid_body` with the issues, thrown before anything runs or is written.
 */

/** What an answer decides: the call runs, or it is refused; `reason` is the approver's, if any. */
export type ApprovalDecision = { readonly run: true; readonly reason?: string } | { readonly run: false; readonly reason?: string };

/** The reason of a refusal by an AG-UI `cancelled` interrupt that gave none. */
export const CANCELLED_APPROVAL_REASON = 'cancelled';

/** The decision of a schema-parsed answer: `approved: true` runs, anything else is refused. */
export function approvalDecision(answer: Pick<ApprovalAnswerPayload, 'approved' | 'reason'>): ApprovalDecision {
  const reason = answer.reason !== undefined ? { reason: answer.reason } : {};
  return answer.approved === true ? { run: true, ...reason } : { run: false, ...reason };
}

/** `raw` parsed with `schema`, or a 400 `invalid_body` naming the issues under `path`. */
export function parseApprovalAnswer<T>(schema: z.ZodType<T>, raw: unknown, path: string): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issues = formatIssues(result.error).map((issue) => ({ path: issue.path === '(root)' ? path : `${path}.${issue.path}`, message: issue.message }));
  throw new AgentRequestError(
    'invalid_body',
    'An approval answer must be { approved: true | false, reason?: string } and nothing else; nothing was run.',
    issues.slice(0, 20),
  );
}

/** One entry of AG-UI's `resume`: how the client answered an interrupt. */
export interface InterruptAnswer {
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}

/**
 * The decision of an AG-UI `resume` entry answering an approval interrupt: `resolved` needs a payload
 * matching the interrupt's `responseSchema` (`{ approved, reason? }`); `cancelled` is a refusal (its
 * payload, when it sends one, is checked the same way — `approved: true` does not undo the cancel).
 */
export function interruptDecision(entry: InterruptAnswer, path: string): ApprovalDecision {
  if (entry.status === 'cancelled') {
    const payload = entry.payload === undefined || entry.payload === null ? undefined : parseApprovalAnswer(approvalAnswerPayloadSchema, entry.payload, `${path}.payload`);
    return { run: false, reason: payload?.reason ?? CANCELLED_APPROVAL_REASON };
  }
  return approvalDecision(parseApprovalAnswer(approvalAnswerPayloadSchema, entry.payload, `${path}.payload`));
}

/** The `approval` of an answered tool part on our wire, checked, and its decision. */
export function wireApprovalDecision(approval: unknown, path: string): { approval: AnsweredApprovalFields; decision: ApprovalDecision } {
  const parsed = parseApprovalAnswer(answeredApprovalSchema, approval, path);
  return { approval: parsed, decision: approvalDecision(parsed) };
}

/**
 * Checks the `approval` of every answered tool part (`approval-responded`) of a request's messages
 * with {@link wireApprovalDecision}: our wire without a store, where the client holds the history
 * (with a store, runtime/server-history.ts checks the answers it applies). 400 on the first that
 * does not match the schema.
 */
export function checkAnsweredApprovals(messages: readonly { parts?: readonly unknown[] | undefined }[]): void {
  messages.forEach((message, i) => {
    message.parts?.forEach((part, j) => {
      if (typeof part === 'object' && part !== null && (part as { state?: unknown }).state === 'approval-responded') {
        wireApprovalDecision((part as { approval?: unknown }).approval, `messages.${i}.parts.${j}.approval`);
      }
    });
  });
}

/** The approval fields an answered part carries for a decision (the AI SDK's `approved` / `reason`). */
export function answeredFields(decision: ApprovalDecision): { approved: boolean; reason?: string } {
  return { approved: decision.run, ...(decision.reason !== undefined ? { reason: decision.reason } : {}) };
}

/**
 * What a tool's approval rule (the AI SDK's `ToolApprovalStatus`, from `confirm` and the policies)
 * asks for a call no person has answered yet: run it, ask the user, or refuse it — every spelling of
 * each (`'denied'` and `{ type: 'denied' }`, `'user-approval'` and `{ type: 'user-approval' }`).
 */
export function approvalRuleDecision(status: ToolApprovalStatus): 'run' | 'ask' | { refused: string } {
  const type = typeof status === 'object' && status !== null ? status.type : status;
  if (type === 'denied') return { refused: (typeof status === 'object' ? status.reason : undefined) ?? 'Denied by a policy.' };
  if (type === 'user-approval') return 'ask';
  return 'run';
}
