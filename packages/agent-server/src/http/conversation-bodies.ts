import { MAX_TITLE_LENGTH, type FeedbackBody, type RenameConversationBody, type SwitchBranchBody } from '@x/agent-protocol/routes';
import { formatIssues, replaceQueueBodySchema, switchBranchBodySchema } from '@x/agent-protocol/validation';
import type { MessageInput } from '../store/types.js';
import { isJsonContentType } from './content-type.js';
import { HttpError } from './error-response.js';
import { parseJsonRejectingProto } from './json-guard.js';
import { readBodyText } from './read-body.js';

/** Largest body of a rename or feedback request. */
const MAX_SMALL_BODY = 16 * 1024;
const MAX_COMMENT = 2_000;
/** Largest body of a queue write (queued messages may hold long pasted text). */
const MAX_QUEUE_BODY = 1024 * 1024;

async function readSmallJson(request: Request, maxBytes = MAX_SMALL_BODY): Promise<Record<string, unknown>> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpError('unsupported_media_type', 'Send the request body as application/json (UTF-8).');
  }
  const text = await readBodyText(request, maxBytes);
  let parsed: { value: unknown; protoPath?: string };
  try {
    parsed = parseJsonRejectingProto(text);
  } catch {
    throw new HttpError('bad_json', 'The request body is not valid JSON.');
  }
  const value = parsed.value;
  if (parsed.protoPath !== undefined || typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError('invalid_body', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** `PATCH …/conversations/{id}`: `{ title }`, 1–MAX_TITLE_LENGTH characters once trimmed (400 `invalid_title`). */
export async function readRenameBody(request: Request): Promise<RenameConversationBody> {
  const body = await readSmallJson(request);
  const title = typeof body.title === 'string' ? body.title.trim() : undefined;
  if (title === undefined || title.length === 0 || title.length > MAX_TITLE_LENGTH) {
    throw new HttpError('invalid_title', `The title must be a string of 1 to ${MAX_TITLE_LENGTH} characters.`, [
      { path: 'title', message: `must be a string of 1 to ${MAX_TITLE_LENGTH} characters` },
    ]);
  }
  return { title };
}

/** `PUT …/feedback`: `{ value: 'like' | 'dislike' | null, comment? }`. */
export async function readFeedbackBody(request: Request): Promise<FeedbackBody> {
  const body = await readSmallJson(request);
  const issues: { path: string; message: string }[] = [];
  if (body.value !== null && body.value !== 'like' && body.value !== 'dislike') issues.push({ path: 'value', message: 'must be "like", "dislike" or null' });
  if (body.comment !== undefined && !(typeof body.comment === 'string' && body.comment.length <= MAX_COMMENT)) {
    issues.push({ path: 'comment', message: `must be a string of at most ${MAX_COMMENT} characters` });
  }
  if (issues.length > 0) throw new HttpError('invalid_body', 'The feedback body is invalid.', issues);
  return { value: body.value as FeedbackBody['value'], ...(typeof body.comment === 'string' ? { comment: body.comment } : {}) };
}

/** `PUT …/branch`: `{ messageId }` (400 `invalid_body` with the issues). */
export async function readSwitchBranchBody(request: Request): Promise<SwitchBranchBody> {
  const parsed = switchBranchBodySchema.safeParse(await readSmallJson(request));
  if (!parsed.success) throw new HttpError('invalid_body', 'The branch body is invalid: send { messageId }.', formatIssues(parsed.error));
  return parsed.data;
}

/** `PUT …/queue`: `{ messages }`, user messages with unique ids (400 `invalid_body` with the issues). */
export async function readQueueBody(request: Request): Promise<MessageInput[]> {
  const parsed = replaceQueueBodySchema.safeParse(await readSmallJson(request, MAX_QUEUE_BODY));
  if (!parsed.success) throw new HttpError('invalid_body', 'The queue body is invalid: send { messages } (user messages).', formatIssues(parsed.error));
  return parsed.data.messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: (m.parts ?? []) as MessageInput['parts'],
    ...(m.metadata !== null && typeof m.metadata === 'object' && !Array.isArray(m.metadata) ? { metadata: m.metadata as Record<string, unknown> } : {}),
  }));
}

/** `?limit=`: an integer in 1–max, else 400; `fallback` when absent. */
export function readLimit(url: URL, fallback: number, max: number): number {
  const raw = url.searchParams.get('limit');
  if (raw === null || raw === '') return fallback;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new HttpError('invalid_body', `limit must be an integer from 1 to ${max}.`, [{ path: 'query.limit', message: `must be 1–${max}` }]);
  }
  return limit;
}
