import { fc } from '@fast-check/vitest';
import { MAX_TITLE_LENGTH } from '@x/agent-protocol/routes';
import { hostileString, plainJson, plainObject, validId } from './hostile-values.js';

/**
 * Arbitraries of the bodies every route's schema accepts, written by hand after the zod schemas of
 * `@x/agent-protocol` (`request-body.ts`, `conversations.ts`, `generate.ts`, `mcp-app-schemas.ts`) and
 * `@ag-ui/core`'s `RunAgentInput` (no zod 4 → fast-check bridge exists). Free text is hostile (NUL,
 * lone surrogates, emoji…): the schemas accept any string there, so the server must too.
 */

/** A text part with any text. */
const textPart = fc.record({ type: fc.constant('text'), text: hostileString(60) });

/** A user message of the wire (`uiMessageSchema`): a valid id and one to three text parts. */
const plainUserMessage = fc.record({ id: validId, role: fc.constant('user'), parts: fc.array(textPart, { minLength: 1, maxLength: 3 }) });

/** A user message, maybe with metadata. */
export const userMessage = fc.tuple(plainUserMessage, fc.option(plainObject, { nil: undefined })).map(([m, metadata]) => (metadata ? { ...m, metadata } : m));

/** `agentRequestBodySchema` with a new user message (the chat route and generate). */
export const chatBody = fc.record(
  {
    conversationId: validId,
    messages: fc.tuple(userMessage).map((m) => [...m]),
    id: validId,
    sharedState: plainObject,
    urlQuery: fc.dictionary(fc.string({ maxLength: 8 }).filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)), fc.oneof(hostileString(20), fc.array(hostileString(10), { maxLength: 3 })), { maxKeys: 3 }).map((o) => ({ ...o })),
    pageId: hostileString(40),
    trigger: fc.constant('submit-message'),
    parentId: fc.constant(null),
  },
  { requiredKeys: ['conversationId', 'messages'] },
);

/** Ids inside a chat body, as JSON paths (`*` for every array item). */
export const CHAT_BODY_IDS = ['id', 'conversationId', 'messageId', 'parentId', 'messages.*.id'];

/** `generateRequestBodySchema`: a chat body, sometimes with an output schema. */
export const generateBody = fc.tuple(chatBody, fc.option(fc.constantFrom({ type: 'object' }, { type: 'string' }), { nil: undefined })).map(([body, schema]) =>
  schema ? { ...body, output: { schema } } : body,
);

/** `toolOutputsBodySchema`: outputs and/or approval answers, at least one. */
export const toolOutputsBody = (approvalIds: readonly string[]) =>
  fc
    .record(
      {
        outputs: fc.array(
          fc.oneof(
            fc.record({ toolCallId: fc.string({ minLength: 1, maxLength: 40 }), output: plainJson }),
            fc.record({ toolCallId: fc.string({ minLength: 1, maxLength: 40 }), errorText: hostileString(40) }),
          ),
          { maxLength: 2 },
        ),
        approvals: fc.array(
          fc.record(
            { approvalId: approvalIds.length > 0 ? fc.oneof(fc.constantFrom(...approvalIds), fc.string({ minLength: 1, maxLength: 40 })) : fc.string({ minLength: 1, maxLength: 40 }), approved: fc.boolean(), reason: hostileString(40) },
            { requiredKeys: ['approvalId', 'approved'] },
          ),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: [] },
    )
    .filter((b) => (b.outputs?.length ?? 0) + (b.approvals?.length ?? 0) > 0);

/** `PATCH …/conversations/{id}`: a title of 1–200 characters once trimmed. */
export const renameBody = fc.record({ title: hostileString(MAX_TITLE_LENGTH).filter((t) => t.trim().length > 0 && t.trim().length <= MAX_TITLE_LENGTH) });

/** `PUT …/feedback`. */
export const feedbackBody = fc.record({ value: fc.constantFrom('like', 'dislike', null), comment: hostileString(100) }, { requiredKeys: ['value'] });

/** `switchBranchBodySchema`. */
export const branchBody = (messageIds: readonly string[]) => fc.record({ messageId: fc.oneof(fc.constantFrom(...messageIds), validId) });

/** `replaceQueueBodySchema`: user messages with unique ids. */
export const queueBody = fc.record({ messages: fc.uniqueArray(plainUserMessage, { maxLength: 3, selector: (m) => m.id }) });

/** `POST …/stop` (`StopRunBody`, optional). */
export const stopBody = fc.record({ runId: validId }, { requiredKeys: [] });

/** `mcpAppResourceRequestSchema`. */
export const mcpResourceBody = (conversationIds: readonly string[], servers: readonly string[]) =>
  fc.record({
    conversationId: fc.constantFrom(...conversationIds),
    server: fc.oneof(fc.constantFrom(...servers), fc.string({ minLength: 1, maxLength: 20 })),
    uri: fc.string({ maxLength: 60 }).map((s) => `ui://${s}`),
  });

/** `mcpAppCallRequestSchema`. */
export const mcpCallBody = (conversationIds: readonly string[], servers: readonly string[], tools: readonly string[]) =>
  fc.record(
    {
      conversationId: fc.constantFrom(...conversationIds),
      server: fc.oneof(fc.constantFrom(...servers), fc.string({ minLength: 1, maxLength: 20 })),
      name: fc.oneof(fc.constantFrom(...tools), fc.string({ minLength: 1, maxLength: 20 })),
      arguments: fc.record({ text: hostileString(40) }, { requiredKeys: [] }),
      approval: fc.string({ minLength: 1, maxLength: 80 }),
    },
    { requiredKeys: ['conversationId', 'server', 'name'] },
  );

/** Ids inside MCP app bodies. */
export const MCP_BODY_IDS = ['conversationId'];

/** An AG-UI message the route reads: user text (string or text parts), sometimes an assistant reply before it. */
const agUiUserMessage = fc.record({
  id: validId,
  role: fc.constant('user'),
  content: fc.oneof(hostileString(60), fc.array(fc.record({ type: fc.constant('text'), text: hostileString(30) }), { minLength: 1, maxLength: 2 })),
});

/** `@ag-ui/core`'s `RunAgentInput` of a new thread with one user message. */
export const runAgentInput = fc.record(
  {
    threadId: validId,
    runId: validId,
    messages: fc.tuple(agUiUserMessage).map((m) => [...m]),
    tools: fc.constant([]),
    context: fc.array(fc.record({ description: hostileString(20), value: hostileString(20) }), { maxLength: 2 }),
    state: plainObject,
    forwardedProps: plainObject,
  },
  { requiredKeys: ['threadId', 'runId', 'messages'] },
);

/** Ids inside a `RunAgentInput` (every id at every edge follows the protocol's id rule). */
export const AG_UI_BODY_IDS = ['threadId', 'runId', 'messages.*.id'];

/** `POST {agentId}/remote-agent-answer`: the answer to a remote agent's question (none waits in the fuzz server: a 404 refusal, or 400 for a bad body). */
export const remoteAgentAnswerBody = fc.record({ toolCallId: validId, answer: hostileString(200).filter((answer) => answer.trim().length > 0) });
