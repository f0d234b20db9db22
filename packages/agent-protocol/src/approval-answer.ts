import { z } from 'zod';

/** The longest reason an approver may give (approving or refusing). */
export const MAX_APPROVAL_REASON_LENGTH = 2_000;

/**
 * An answer to a tool call waiting for a person's approval, as every edge of the server reads it
 * (our wire, AG-UI `resume` payloads, generate's `tool-outputs`): `approved: true` runs the call,
 * `approved: false` refuses it, `reason` says why. Strict: a missing `approved`, one that is not a
 * boolean (`"false"`), or an unknown key (`approve`) is an error — never read as a default.
 */
export const approvalAnswerPayloadSchema = z.strictObject({
  approved: z.boolean(),
  reason: z.string().max(MAX_APPROVAL_REASON_LENGTH).optional(),
});

export type ApprovalAnswerPayload = z.infer<typeof approvalAnswerPayloadSchema>;

/**
 * The `approval` of an `approval-responded` tool part on our wire: the answer
 * ({@link approvalAnswerPayloadSchema}) plus what the server sent with the request (the AI SDK's
 * fields) and, for an edited approval, `originalInput`. Strict like the answer: an unknown key is an
 * error.
 */
export const answeredApprovalSchema = z.strictObject({
  ...approvalAnswerPayloadSchema.shape,
  id: z.string().min(1).max(256),
  signature: z.string().max(4_096).optional(),
  isAutomatic: z.boolean().optional(),
  requestReason: z.string().max(MAX_APPROVAL_REASON_LENGTH).optional(),
  descriptor: z.unknown().optional(),
  inputSchemaInput: z.unknown().optional(),
  originalInput: z.unknown().optional(),
});

export type AnsweredApprovalFields = z.infer<typeof answeredApprovalSchema>;
