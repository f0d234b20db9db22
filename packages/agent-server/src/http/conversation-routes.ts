import type { UIMessage } from 'ai';
import type { ConversationHistory, ConversationPage, ConversationSummary, FeedbackBody, MessageBranch } from '@x/agent-protocol/routes';
import type { ConversationRecord, ConversationStore, MessageInput, MessageRecord, PathMessageRecord } from '../store/types.js';
import { readLimit } from './conversation-bodies.js';
import type { CursorCodec } from './conversation-cursor.js';
import { HttpError } from './error-response.js';
import { fileIdsIn, mapFileRefs, type FileService } from '../files/file-service.js';

const MAX_QUERY = 200;

export interface ConversationRouteContext {
  store: ConversationStore;
  cursors: CursorCodec;
  userId: string;
  /** The server's file handling (`config.files`): history gets signed URLs, deletes take the files along. */
  files?: FileService | undefined;
}

/** A conversation row as the wire shows it (no `userId`). */
export function toSummary(record: ConversationRecord): ConversationSummary {
  return {
    id: record.id,
    agentId: record.agentId,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
    activeRunId: record.activeRunId,
    awaitingApproval: record.awaitingApproval,
    metadata: record.metadata,
  };
}

/** A stored message as a UI message (its metadata holds feedback and stop reason). */
export function toUIMessage(record: MessageRecord): UIMessage {
  return { id: record.id, role: record.role, parts: record.parts, metadata: record.metadata };
}

const json = (value: unknown, status = 200): Response =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
const noContent = (): Response => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

const conversationNotFound = () => new HttpError('conversation_not_found', 'There is no such conversation.');
const messageNotFound = () => new HttpError('message_not_found', 'There is no such message in this conversation.');

/*
 * The conversation routes under `{basePath}/conversations` (their rows in `pipeline/route-table.ts`;
 * the resume and stop routes of a conversation's run are in `run-stream-routes.ts`). The pipeline
 * checked the path and query ids and parsed the bodies before these run. Every lookup is scoped to
 * the user: another user's conversation is a 404 `conversation_not_found` on every route.
 */

/** `GET …/conversations?limit&cursor&q&agentId`: a page of the user's conversations. */
export async function listConversationsRoute(url: URL, agentId: string | undefined, ctx: ConversationRouteContext): Promise<Response> {
  return json(await listConversations(url, agentId, ctx));
}

/** `GET …/conversations/{id}?limit&before`: a page of the active path, the queue with the first page. */
export async function loadConversationRoute(url: URL, id: string, ctx: ConversationRouteContext): Promise<Response> {
  return json(await loadConversation(await pageQuery(url, id, ctx), id, ctx, true));
}

/** `PATCH …/conversations/{id}` `{ title }`. */
export async function renameConversationRoute(id: string, title: string, ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  if (!(await store.getConversation(userId, id))) throw conversationNotFound();
  const renamed = await store.renameConversation(userId, id, title);
  if (!renamed) throw conversationNotFound();
  return json({ conversation: toSummary(renamed) });
}

/** `DELETE …/conversations/{id}`: the conversation and the files only it referenced. */
export async function deleteConversationRoute(id: string, ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  const tree = ctx.files ? await store.loadTree(userId, id) : null;
  if (!(await store.deleteConversation(userId, id))) throw conversationNotFound();
  if (tree && ctx.files) await ctx.files.deleteFiles(fileIdsIn(tree), userId);
  return noContent();
}

/** `PUT …/conversations/{id}/branch` `{ messageId }`: answers the conversation's page on the new branch. */
export async function switchBranchRoute(url: URL, id: string, messageId: string, ctx: ConversationRouteContext): Promise<Response> {
  // The page's query first: a bad `limit` or `before` is a 400 before the switch is written.
  const page = await pageQuery(url, id, ctx);
  // No look-up first: the switch itself says when the conversation is missing (one round trip less).
  missing(await ctx.store.switchBranch(ctx.userId, id, messageId, new Date()));
  return json(await loadConversation(page, id, ctx));
}

/** `PUT …/conversations/{id}/queue` `{ messages }`: replaces the queued messages. */
export async function replaceQueueRoute(id: string, messages: MessageInput[], ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  if (!(await store.getConversation(userId, id))) throw conversationNotFound();
  if (!(await store.saveQueue(userId, id, messages))) throw conversationNotFound();
  return noContent();
}

/** `DELETE …/conversations/{id}/messages/{messageId}`: the message, its subtree and the files only they referenced. */
export async function deleteMessageRoute(id: string, messageId: string, ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  const tree = ctx.files ? await store.loadTree(userId, id) : null;
  missing(await store.deleteMessage(userId, id, messageId));
  if (tree && ctx.files) await ctx.files.deleteFiles(filesOnlyIn(tree, messageId), userId);
  return noContent();
}

/** `PUT …/conversations/{id}/messages/{messageId}/feedback` `{ value, comment? }`. */
export async function feedbackRoute(id: string, messageId: string, body: FeedbackBody, ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  if (!(await store.getConversation(userId, id))) throw conversationNotFound();
  const { value, comment } = body;
  const feedback = value === null ? null : { value, ...(comment !== undefined ? { comment } : {}), at: new Date().toISOString() };
  missing(await store.updateMessageMetadata(userId, id, messageId, { feedback }));
  return noContent();
}

function missing(state: 'ok' | 'conversation' | 'message'): void {
  if (state === 'conversation') throw conversationNotFound();
  if (state === 'message') throw messageNotFound();
}

async function listConversations(url: URL, agentId: string | undefined, ctx: ConversationRouteContext): Promise<ConversationPage> {
  const limit = readLimit(url, 30, 100);
  const q = url.searchParams.get('q')?.trim() || undefined;
  if ((q?.length ?? 0) > MAX_QUERY) {
    throw new HttpError('invalid_body', 'The search is too long.', [{ path: 'query.q', message: `must be at most ${MAX_QUERY} characters` }]);
  }
  const cursor = url.searchParams.get('cursor');
  let after: { updatedAt: string; id: string } | undefined;
  if (cursor) {
    const position = await ctx.cursors.decode('list', cursor);
    if (typeof position.u !== 'string' || typeof position.i !== 'string' || position.q !== (q ?? null) || position.a !== (agentId ?? null)) {
      throw new HttpError('invalid_cursor', 'The cursor belongs to another search.');
    }
    after = { updatedAt: position.u, id: position.i };
  }
  const rows = await ctx.store.listConversations(ctx.userId, { limit: limit + 1, after, q, agentId });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? await ctx.cursors.encode('list', { u: last.updatedAt, i: last.id, q: q ?? null, a: agentId ?? null }) : null;
  return { items: items.map(toSummary), nextCursor };
}

/** Which page of the active path a request asks for (`?limit&before`): 400 for a bad limit or cursor. */
async function pageQuery(url: URL, id: string, ctx: ConversationRouteContext): Promise<{ limit: number; beforeSeq: number | undefined }> {
  const limit = readLimit(url, 50, 200);
  const before = url.searchParams.get('before');
  if (!before) return { limit, beforeSeq: undefined };
  const position = await ctx.cursors.decode('messages', before);
  if (position.c !== id || typeof position.s !== 'number') throw new HttpError('invalid_cursor', 'The cursor belongs to another conversation.');
  return { limit, beforeSeq: position.s };
}

/** A page of the active path; `withQueue`: the first page of a load also answers the queued messages. */
async function loadConversation(
  { limit, beforeSeq }: { limit: number; beforeSeq: number | undefined },
  id: string,
  ctx: ConversationRouteContext,
  withQueue = false,
): Promise<ConversationHistory> {
  // The three reads at once (reads only; a pool runs them on separate connections): one wait for
  // the database instead of three in a row — on a busy machine each is a wait for a core.
  const [conversation, rows, queue] = await Promise.all([
    ctx.store.getConversation(ctx.userId, id),
    ctx.store.listMessages(ctx.userId, id, { limit: limit + 1, beforeSeq }),
    withQueue && beforeSeq === undefined ? ctx.store.loadQueue(ctx.userId, id) : null,
  ]);
  if (!conversation || !rows) throw conversationNotFound();
  const messages = rows.length > limit ? rows.slice(rows.length - limit) : rows;
  const prevCursor = rows.length > limit && messages[0] ? await ctx.cursors.encode('messages', { c: id, s: messages[0].seq }) : null;
  const branches = branchesOf(messages);
  const files = ctx.files;
  const ui = messages.map(toUIMessage);
  // Stored `x-blob:` references go out as fresh signed URLs of the user's files.
  const signed = files ? await mapFileRefs(ui, (fileId) => files.signedUrl(conversation.agentId, fileId, ctx.userId)) : ui;
  return {
    conversation: toSummary(conversation),
    messages: signed,
    prevCursor,
    ...(branches ? { branches } : {}),
    ...(queue && queue.length > 0 ? { queue: queue.map((m) => ({ id: m.id, role: m.role, parts: m.parts, ...(m.metadata ? { metadata: m.metadata } : {}) })) } : {}),
  };
}

/** The versions of the messages that have siblings, by id (undefined when none has). */
function branchesOf(messages: PathMessageRecord[]): Record<string, MessageBranch> | undefined {
  const branched = messages.filter((m) => m.siblingIds.length > 1);
  if (branched.length === 0) return undefined;
  return Object.fromEntries(branched.map((m) => [m.id, { index: m.siblingIds.indexOf(m.id), count: m.siblingIds.length, siblingIds: m.siblingIds }]));
}

/** The files only the subtree of `messageId` references (a sibling's copy of a part keeps its file). */
function filesOnlyIn(tree: MessageRecord[], messageId: string): string[] {
  const doomed = new Set([messageId]);
  // Parents come before their children in a tree load; loop until no more are added, whatever the order.
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of tree) {
      if (!doomed.has(m.id) && m.parentId && doomed.has(m.parentId)) {
        doomed.add(m.id);
        grew = true;
      }
    }
  }
  const kept = new Set(fileIdsIn(tree.filter((m) => !doomed.has(m.id))));
  return fileIdsIn(tree.filter((m) => doomed.has(m.id))).filter((fileId) => !kept.has(fileId));
}
