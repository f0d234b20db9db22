import type { UIMessage } from 'ai';
import { RUN_STOP_SEGMENT, RUN_STREAM_SEGMENT, type ConversationHistory, type ConversationPage, type ConversationSummary, type MessageBranch } from '@x/agent-protocol/routes';
import type { ConversationRecord, ConversationStore, MessageRecord, PathMessageRecord } from '../store/types.js';
import { readFeedbackBody, readLimit, readQueueBody, readRenameBody, readSwitchBranchBody } from './conversation-bodies.js';
import type { CursorCodec } from './conversation-cursor.js';
import type { RunLog } from '../runs/run-log.js';
import { HttpError } from './error-response.js';
import { pathId, queryId } from './request-ids.js';
import { handleRunRoute } from './run-stream-routes.js';
import { fileIdsIn, mapFileRefs, type FileService } from '../files/file-service.js';

const MAX_QUERY = 200;

export interface ConversationRouteContext {
  store: ConversationStore;
  cursors: CursorCodec;
  /** The run log behind the resume and stop routes. */
  runLog: RunLog | undefined;
  /** An SSE comment after this much silence on a resumed stream (0: none). */
  keepAliveMs: number;
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

const BRANCH_SEGMENT = 'branch';
const QUEUE_SEGMENT = 'queue';

const conversationNotFound = () => new HttpError('conversation_not_found', 'There is no such conversation.');
const messageNotFound = () => new HttpError('message_not_found', 'There is no such message in this conversation.');
const notAllowed = (allow: string) => new HttpError('method_not_allowed', `Use ${allow} on this route.`, undefined, { allow });

/**
 * The conversation routes under `{basePath}/conversations` (`segments` are the path parts after
 * `conversations`), the resume and stop routes of a conversation's run among them
 * (`run-stream-routes.ts`). Every lookup is scoped to the user: another user's conversation is a 404
 * `conversation_not_found` on every route. Path ids are checked against the protocol's `ID_PATTERN`
 * (400 `invalid_id` naming `path.conversationId` / `path.messageId`).
 */
export async function handleConversationRoute(request: Request, url: URL, segments: string[], ctx: ConversationRouteContext): Promise<Response> {
  const { store, userId } = ctx;
  const method = request.method;
  if (segments.length === 0) {
    if (method !== 'GET') throw notAllowed('GET');
    return json(await listConversations(url, ctx));
  }
  const id = pathId(segments[0], 'path.conversationId');
  if (segments.length === 1) {
    if (method === 'GET') return json(await loadConversation(url, id, ctx, true));
    if (method === 'PATCH') {
      if (!(await store.getConversation(userId, id))) throw conversationNotFound();
      const { title } = await readRenameBody(request);
      const renamed = await store.renameConversation(userId, id, title);
      if (!renamed) throw conversationNotFound();
      return json({ conversation: toSummary(renamed) });
    }
    if (method === 'DELETE') {
      const tree = ctx.files ? await store.loadTree(userId, id) : null;
      if (!(await store.deleteConversation(userId, id))) throw conversationNotFound();
      if (tree && ctx.files) await ctx.files.deleteFiles(fileIdsIn(tree), userId);
      return noContent();
    }
    throw notAllowed('GET, PATCH, DELETE');
  }
  if (segments.length === 2 && (segments[1] === RUN_STREAM_SEGMENT || segments[1] === RUN_STOP_SEGMENT)) {
    return handleRunRoute(request, url, id, segments[1], { store, runLog: ctx.runLog, keepAliveMs: ctx.keepAliveMs, userId });
  }
  if (segments.length === 2 && segments[1] === BRANCH_SEGMENT) {
    if (method !== 'PUT') throw notAllowed('PUT');
    // No look-up first: the switch itself says when the conversation is missing (one round trip less).
    const { messageId } = await readSwitchBranchBody(request);
    missing(await store.switchBranch(userId, id, messageId, new Date()));
    return json(await loadConversation(url, id, ctx));
  }
  if (segments.length === 2 && segments[1] === QUEUE_SEGMENT) {
    if (method !== 'PUT') throw notAllowed('PUT');
    if (!(await store.getConversation(userId, id))) throw conversationNotFound();
    if (!(await store.saveQueue(userId, id, await readQueueBody(request)))) throw conversationNotFound();
    return noContent();
  }
  if (segments[1] !== 'messages' || segments.length > 4 || (segments.length === 4 && segments[3] !== 'feedback')) {
    throw new HttpError('not_found', `No route at ${url.pathname.slice(0, 200)}.`);
  }
  const messageId = pathId(segments[2], 'path.messageId');
  if (segments.length === 3) {
    if (method !== 'DELETE') throw notAllowed('DELETE');
    const tree = ctx.files ? await store.loadTree(userId, id) : null;
    missing(await store.deleteMessage(userId, id, messageId));
    if (tree && ctx.files) await ctx.files.deleteFiles(filesOnlyIn(tree, messageId), userId);
    return noContent();
  }
  if (method !== 'PUT') throw notAllowed('PUT');
  if (!(await store.getConversation(userId, id))) throw conversationNotFound();
  const { value, comment } = await readFeedbackBody(request);
  const feedback = value === null ? null : { value, ...(comment !== undefined ? { comment } : {}), at: new Date().toISOString() };
  missing(await store.updateMessageMetadata(userId, id, messageId, { feedback }));
  return noContent();
}

function missing(state: 'ok' | 'conversation' | 'message'): void {
  if (state === 'conversation') throw conversationNotFound();
  if (state === 'message') throw messageNotFound();
}

async function listConversations(url: URL, ctx: ConversationRouteContext): Promise<ConversationPage> {
  const limit = readLimit(url, 30, 100);
  const q = url.searchParams.get('q')?.trim() || undefined;
  const agentId = queryId(url, 'agentId');
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

/** A page of the active path; `withQueue`: the first page of a load also answers the queued messages. */
async function loadConversation(url: URL, id: string, ctx: ConversationRouteContext, withQueue = false): Promise<ConversationHistory> {
  const limit = readLimit(url, 50, 200);
  const before = url.searchParams.get('before');
  let beforeSeq: number | undefined;
  if (before) {
    const position = await ctx.cursors.decode('messages', before);
    if (position.c !== id || typeof position.s !== 'number') throw new HttpError('invalid_cursor', 'The cursor belongs to another conversation.');
    beforeSeq = position.s;
  }
  const conversation = await ctx.store.getConversation(ctx.userId, id);
  if (!conversation) throw conversationNotFound();
  const rows = await ctx.store.listMessages(ctx.userId, id, { limit: limit + 1, beforeSeq });
  if (!rows) throw conversationNotFound();
  const messages = rows.length > limit ? rows.slice(rows.length - limit) : rows;
  const prevCursor = rows.length > limit && messages[0] ? await ctx.cursors.encode('messages', { c: id, s: messages[0].seq }) : null;
  const branches = branchesOf(messages);
  const files = ctx.files;
  const ui = messages.map(toUIMessage);
  // Stored `x-blob:` references go out as fresh signed URLs of the user's files.
  const signed = files ? await mapFileRefs(ui, (fileId) => files.signedUrl(conversation.agentId, fileId, ctx.userId)) : ui;
  const queue = withQueue && beforeSeq === undefined ? await ctx.store.loadQueue(ctx.userId, id) : null;
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
