import { z } from 'zod';
import { MAX_QUEUED_MESSAGES } from './conversations.js';
import { idProblem } from './ids.js';
import { RESERVED_KEYS } from './tool-names.js';

const MAX_ID = 256;

/** An id as {@link idProblem} checks it (`ID_PATTERN`): 400 naming the field otherwise. */
export const idSchema = z.string().superRefine((value, ctx) => {
  const problem = idProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const MAX_DEPTH = 32;

/**
 * A JSON object checked on the raw input — before zod copies it, since copying `__proto__` would set
 * the prototype instead of failing — for reserved keys at any depth and for nesting deeper than 32.
 */
function safeRecord<T extends z.ZodType>(values: T) {
  return z
    .custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), 'must be an object')
    .superRefine((value, ctx) => {
      const problem = reservedKeyProblem(value, 0);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .pipe(z.record(z.string(), values));
}

function reservedKeyProblem(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > MAX_DEPTH) return `must not be nested deeper than ${MAX_DEPTH} levels`;
  for (const key of Object.keys(value)) {
    if (RESERVED_KEYS.includes(key)) return `must not contain the key "${key}" (reserved: ${RESERVED_KEYS.join(', ')})`;
    const problem = reservedKeyProblem((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * One part of a UI message. Only the envelope is checked here (an object with a string `type`);
 * the server validates the parts in depth with the AI SDK against the agent's tools.
 */
export const uiMessagePartSchema = z.looseObject({ type: z.string().min(1).max(200) });

/**
 * A UI message as the client sends it. `system` messages are refused: instructions come from the
 * server's config, never from the browser. `parts` may be missing or empty: such messages are
 * dropped by the server before validation, so a failed turn never poisons the next send.
 */
export const uiMessageSchema = z.looseObject({
  id: idSchema,
  role: z.enum(['user', 'assistant'], {
    error: (issue) =>
      issue.input === 'system'
        ? 'system messages are not accepted from the client'
        : 'role must be "user" or "assistant"',
  }),
  parts: z.array(uiMessagePartSchema).max(10_000).optional(),
  metadata: z.unknown().optional(),
});

/** Query values of the page the chat lives on. */
export const urlQuerySchema = safeRecord(z.union([z.string(), z.array(z.string())]));

/** The slice of page state the agent may see and propose writes to. */
export const sharedStateSchema = safeRecord(z.unknown());

/** Body of `POST {basePath}/{agentId}`. */
export const agentRequestBodySchema = z.object({
  /** Chat id of the client (the AI SDK's `Chat.id`). */
  id: idSchema.optional(),
  messages: z.array(uiMessageSchema).max(5_000),
  conversationId: idSchema.optional(),
  sharedState: sharedStateSchema.optional(),
  urlQuery: urlQuerySchema.optional(),
  pageId: z.string().max(MAX_ID).optional(),
  trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
  messageId: idSchema.optional(),
  /**
   * With server-owned history: the stored message a new user message continues from (null: a new
   * first message). An edit is a new user message (a new id) under the edited one's parent, a sibling
   * of it. Absent: the message before it in `messages`, else the conversation's active leaf.
   */
  parentId: idSchema.nullable().optional(),
});

/** Body of `PUT {basePath}/conversations/{id}/branch` (`SwitchBranchBody`). */
export const switchBranchBodySchema = z.strictObject({
  messageId: idSchema,
});

/**
 * Body of `PUT {basePath}/conversations/{id}/queue` (`ReplaceQueueBody`): user messages only, unique
 * ids, at most `MAX_QUEUED_MESSAGES`.
 */
export const replaceQueueBodySchema = z.strictObject({
  messages: z
    .array(uiMessageSchema.extend({ role: z.literal('user', { error: 'only user messages are queued' }) }))
    .max(MAX_QUEUED_MESSAGES)
    .superRefine((messages, ctx) => {
      const seen = new Set<string>();
      messages.forEach((message, index) => {
        if (seen.has(message.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'must be unique in the queue' });
        seen.add(message.id);
      });
    }),
});

export type AgentRequestBody = z.infer<typeof agentRequestBodySchema>;
export type WireUIMessage = z.infer<typeof uiMessageSchema>;

/** `{ path, message }` for each zod issue, paths dotted (`messages.2.role`). */
export function formatIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}
