import { z } from 'zod';
import type { RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { MAX_TITLE_LENGTH, generateRequestBodySchema, toolOutputsBodySchema } from '@x/agent-protocol/routes';
import { mcpAppCallRequestSchema, mcpAppResourceRequestSchema } from '@x/agent-protocol/mcp-apps';
import { agentRequestBodySchema, idProblem, idSchema, sharedStateSchema } from '@x/agent-protocol/validation';

/**
 * The body schemas of the route table: the protocol's schemas where they exist, with the ids they
 * leave unchecked (tool call and approval ids in message parts, AG-UI's thread, run, message,
 * tool call and interrupt ids, the MCP Apps routes' conversation id) checked with the one id rule.
 */

/** Marks an issue as raised by the id rule (a body whose only issues are these answers `invalid_id`). */
export const ID_RULE_ISSUE = 'idRule';

type Path = (string | number)[];

/** Adds an id-rule issue at `path` when `value` is present and not an id. */
function checkId(ctx: z.RefinementCtx, value: unknown, path: Path): void {
  if (value === undefined) return;
  const problem = idProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', path, message: problem, params: { [ID_RULE_ISSUE]: true } });
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The ids inside the parts of UI messages (a tool part's `toolCallId`, its `approval.id`). */
function checkPartIds(ctx: z.RefinementCtx, messages: readonly { parts?: readonly unknown[] | undefined }[]): void {
  messages.forEach((message, m) => {
    (message.parts ?? []).forEach((raw, p) => {
      const part = record(raw);
      if (!part) return;
      checkId(ctx, part.toolCallId, ['messages', m, 'parts', p, 'toolCallId']);
      checkId(ctx, record(part.approval)?.id, ['messages', m, 'parts', p, 'approval', 'id']);
    });
  });
}

/** `POST {basePath}/{agentId}`: the protocol's chat body, the ids in its message parts too. */
export const chatBodySchema = agentRequestBodySchema.superRefine((body, ctx) => checkPartIds(ctx, body.messages));

/** `POST …/generate`: the generate body, the ids in its message parts too. */
export const generateBodySchema = generateRequestBodySchema.superRefine((body, ctx) => checkPartIds(ctx, body.messages));

/** `POST …/generate/{runId}/tool-outputs`: each output's `toolCallId` and answer's `approvalId` are ids. */
export const toolOutputsSchema = toolOutputsBodySchema.superRefine((body, ctx) => {
  (body.outputs ?? []).forEach((output, i) => checkId(ctx, output.toolCallId, ['outputs', i, 'toolCallId']));
  (body.approvals ?? []).forEach((answer, i) => checkId(ctx, answer.approvalId, ['approvals', i, 'approvalId']));
});

/** `POST …/mcp-apps/resource`: the conversation id is an id. */
export const mcpAppResourceSchema = mcpAppResourceRequestSchema.superRefine((body, ctx) => checkId(ctx, body.conversationId, ['conversationId']));

/** `POST …/mcp-apps/call`: the conversation id is an id. */
export const mcpAppCallSchema = mcpAppCallRequestSchema.superRefine((body, ctx) => checkId(ctx, body.conversationId, ['conversationId']));

/**
 * `POST …/ag-ui`: `@ag-ui/core`'s `RunAgentInput` whose thread, run and parent run ids, message ids,
 * tool call ids (of assistant calls and tool results) and interrupt ids (`resume`) are ids — the
 * thread is the stored conversation, its id reaches the store and a response header. A non-empty
 * `state` is checked as shared state (reserved keys, depth).
 */
export const runAgentInputSchema: z.ZodType<RunAgentInput> = RunAgentInputSchema.superRefine((input, ctx) => {
  checkId(ctx, input.threadId, ['threadId']);
  checkId(ctx, input.runId, ['runId']);
  checkId(ctx, input.parentRunId, ['parentRunId']);
  input.messages.forEach((message, m) => {
    checkId(ctx, message.id, ['messages', m, 'id']);
    const fields = message as { toolCallId?: unknown; toolCalls?: unknown };
    checkId(ctx, fields.toolCallId, ['messages', m, 'toolCallId']);
    if (Array.isArray(fields.toolCalls)) fields.toolCalls.forEach((call, c) => checkId(ctx, record(call)?.id, ['messages', m, 'toolCalls', c, 'id']));
  });
  (input.resume ?? []).forEach((entry, i) => checkId(ctx, entry.interruptId, ['resume', i, 'interruptId']));
  // A non-empty state object is the run's shared state: checked like our `sharedState`.
  const state = record(input.state);
  if (state && Object.keys(state).length > 0) {
    const result = sharedStateSchema.safeParse(state);
    if (!result.success) ctx.addIssue({ code: 'custom', path: ['state'], message: result.error.issues[0]?.message ?? 'is not a usable shared state' });
  }
}) as unknown as z.ZodType<RunAgentInput>;

/** `PATCH …/conversations/{id}`: `{ title }`, 1–MAX_TITLE_LENGTH characters once trimmed. */
export const renameBodySchema = z.looseObject({
  title: z.string({ error: `must be a string of 1 to ${MAX_TITLE_LENGTH} characters` }).trim().min(1, `must be a string of 1 to ${MAX_TITLE_LENGTH} characters`).max(MAX_TITLE_LENGTH, `must be a string of 1 to ${MAX_TITLE_LENGTH} characters`),
});

/** Longest feedback comment. */
const MAX_COMMENT = 2_000;

/** `PUT …/messages/{messageId}/feedback`: `{ value: 'like' | 'dislike' | null, comment? }`. */
export const feedbackBodySchema = z.looseObject({
  value: z.union([z.literal('like'), z.literal('dislike'), z.null()], { error: 'must be "like", "dislike" or null' }),
  comment: z.string().max(MAX_COMMENT, `must be a string of at most ${MAX_COMMENT} characters`).optional(),
});

/** `POST …/conversations/{id}/stop`: `{ runId? }` (the body is optional). */
export const stopBodySchema = z.looseObject({ runId: idSchema.optional() });
