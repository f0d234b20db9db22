import { z } from 'zod';
import { approvalAnswerPayloadSchema } from './approval-answer.js';
import { agentRequestBodySchema } from './request-body.js';

/**
 * The non-streaming generate route (ARCHITECTURE §8):
 *
 * - `POST {basePath}/{agentId}/generate` body {@link GenerateRequestBody} → {@link GenerateResponse}.
 *   Runs the whole tool loop and answers JSON once it ends. Same auth, access, limits and error
 *   shapes as `POST {basePath}/{agentId}`; with a store it is a turn of a conversation (server-owned
 *   history, `conversationId` in the answer).
 * - `POST {basePath}/{agentId}/generate/{runId}/tool-outputs` body {@link ToolOutputsBody} →
 *   {@link GenerateResponse}. Resumes a run that answered `status: 'requires_action'`: with the
 *   outputs of its pending client-tool calls (`outputs`, tools without `execute` on the server) and
 *   the answers to its pending approvals (`approvals`: approve or deny with a reason, an approval
 *   may carry an edited `input`) — every pending call and approval answered at once. Needs a store
 *   (501 `store_required` without one); the paused run's messages and request context
 *   (`sharedState`, `urlQuery`, `pageId`, conversation) are read back from it, so a restart in
 *   between loses nothing. Another user's or an unknown run answers 404 `run_not_found`; a run that
 *   is not waiting 409 `run_not_paused`. The continuation is a run of its own: its answer carries
 *   its own `runId` (the next pause is answered there).
 */
export const GENERATE_SEGMENT = 'generate';
export const TOOL_OUTPUTS_SEGMENT = 'tool-outputs';

/** Paths of the generate routes, relative to `basePath` (no trailing slash). */
export const generatePaths = {
  generate: (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${GENERATE_SEGMENT}`,
  toolOutputs: (basePath: string, agentId: string, runId: string) =>
    `${basePath}/${encodeURIComponent(agentId)}/${GENERATE_SEGMENT}/${encodeURIComponent(runId)}/${TOOL_OUTPUTS_SEGMENT}`,
} as const;

/** How a generate run ended. */
export type GenerateStatus = 'completed' | 'requires_action' | 'failed';

/**
 * Why the loop stopped:
 * - `end_turn`: the model answered without calling more tools;
 * - `max_steps`: the agent's `maxSteps` was reached while the model still called tools;
 * - `stop_condition`: a stop rule ended the loop (`stopOnToolCall`, the repeated-call guard);
 * - `no_executor`: a tool without a server `execute` (a client tool) was called — `requires_action`;
 * - `approval_required`: a tool that needs approval was called — `requires_action` with `pendingApprovals`;
 * - `depth_limit`: a sub-agent chain hit its depth limit (reserved: the config refuses deeper chains);
 * - `policy_denied`: a tool policy ended the run (reserved for tool policies);
 * - `aborted`: the client went away;
 * - `error`: the model or the structured output failed (see `error`).
 */
export type GenerateStopReason =
  | 'end_turn'
  | 'max_steps'
  | 'stop_condition'
  | 'no_executor'
  | 'approval_required'
  | 'depth_limit'
  | 'policy_denied'
  | 'aborted'
  | 'error';

/** A client-tool call the run waits for. */
export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** A tool call waiting for a person's approval (a tool with `confirm`): answer it by `approvalId`. */
export interface PendingApproval {
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** The input the model proposed (an approval may run an edited one). */
  input: unknown;
}

/** One step of the run (a model call and the tool calls it made). */
export interface GenerateStep {
  stepNumber: number;
  text: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown }[];
  toolResults: { toolCallId: string; toolName: string; output?: unknown; error?: string }[];
  finishReason: string;
  usage: GenerateUsage;
}

/** Token counts (undefined when the provider did not report them). */
export interface GenerateUsage {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
}

/** Answer of both generate routes (HTTP 200, also for `failed`). */
export interface GenerateResponse {
  /**
   * The run: its record's id (`GET {basePath}/runs/{runId}`). Post the answers of a
   * `requires_action` pause to it; the continuation answers with its own run id.
   */
  runId: string;
  /** The conversation the run belongs to (with a store). */
  conversationId?: string;
  status: GenerateStatus;
  /** The text of the last step. */
  text: string;
  /** The structured output, valid against the schema (when one was asked for and the run completed). */
  output?: unknown;
  steps: GenerateStep[];
  usage: GenerateUsage;
  stopReason: GenerateStopReason;
  /** The client-tool calls to answer (`status: 'requires_action'`). */
  pendingToolCalls?: PendingToolCall[];
  /** The approvals to answer (`status: 'requires_action'`, `stopReason: 'approval_required'`). */
  pendingApprovals?: PendingApproval[];
  /** Why the run failed (`status: 'failed'`): a safe message. */
  error?: { code: 'model_error' | 'invalid_output'; message: string };
}

/** A JSON Schema (draft 2020-12 subset zod's `fromJSONSchema` understands). */
export type JsonSchemaObject = Record<string, unknown>;

/** Body of `POST {basePath}/{agentId}/generate`: the chat body plus an optional output schema. */
export const generateRequestBodySchema = agentRequestBodySchema.extend({
  /** Structured output: the final text must be JSON valid against `schema` (overrides the agent's `returns`). */
  output: z.object({ schema: z.record(z.string(), z.unknown()) }).optional(),
});

export type GenerateRequestBody = z.infer<typeof generateRequestBodySchema>;

/** One output for a pending client-tool call. */
export const toolOutputSchema = z.union([
  z.object({ toolCallId: z.string().min(1).max(256), output: z.unknown() }).strict(),
  z.object({ toolCallId: z.string().min(1).max(256), errorText: z.string().max(4_000) }).strict(),
]);

/**
 * One answer to a pending approval: approve or deny, with an optional reason (a denial's reaches the
 * model), and — approving — an optional edited `input` that runs instead of the proposed one (checked
 * against the tool's input schema; an invalid edit is turned into a denial naming the problem).
 */
export const approvalAnswerSchema = z
  .strictObject({ ...approvalAnswerPayloadSchema.shape, approvalId: z.string().min(1).max(256), input: z.unknown().optional() })
  .refine((answer) => answer.approved || answer.input === undefined, { message: 'only an approval may carry an edited input', path: ['input'] });

/**
 * Body of `POST …/generate/{runId}/tool-outputs`: one output per pending client-tool call
 * (`outputs`) and one answer per pending approval (`approvals`); at least one of the two.
 */
export const toolOutputsBodySchema = z
  .object({ outputs: z.array(toolOutputSchema).max(100).optional(), approvals: z.array(approvalAnswerSchema).max(100).optional() })
  .refine((body) => (body.outputs?.length ?? 0) + (body.approvals?.length ?? 0) > 0, { message: 'must hold outputs or approvals', path: ['outputs'] });

export type ToolOutput = z.infer<typeof toolOutputSchema>;
export type ApprovalAnswer = z.infer<typeof approvalAnswerSchema>;
export type ToolOutputsBody = z.infer<typeof toolOutputsBodySchema>;
