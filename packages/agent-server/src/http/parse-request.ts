import type { z } from 'zod';
import { type AgentRequestBody } from '@x/agent-protocol';
import { agentRequestBodySchema, formatIssues } from '@x/agent-protocol/validation';
import { isJsonContentType } from './content-type.js';
import { HttpError } from './error-response.js';
import { fileUrlIssues } from './file-parts.js';
import type { FileService } from '../files/file-service.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH, parseJsonRejectingProto } from './json-guard.js';
import { readBodyText } from './read-body.js';
import { queryId } from './request-ids.js';

export interface ParsedRequest<B extends AgentRequestBody = AgentRequestBody> {
  body: B;
  /** Body `conversationId`, else `?conversationId=`. */
  conversationId: string | undefined;
}

/**
 * Content type (415), size limit (413), UTF-8 / JSON / nesting / `__proto__` checks (400) and the
 * protocol schema (400 with issues) of a chat request — each bad input gets its own JSON error,
 * never a 500.
 */
export async function parseChatRequest<B extends AgentRequestBody = AgentRequestBody>(
  request: Request,
  url: URL,
  maxBodyBytes: number,
  options: { allowRemoteFileUrls?: boolean; schema?: z.ZodType<B>; files?: FileService | undefined } = {},
): Promise<ParsedRequest<B>> {
  // `as unknown as`: without a schema `B` is its default, the agent request body this schema parses.
  const schema = options.schema ?? (agentRequestBodySchema as unknown as z.ZodType<B>);
  const result = schema.safeParse(await readJsonBody(request, maxBodyBytes));
  if (!result.success) {
    throw new HttpError('invalid_body', 'The request body does not match the agent request schema.', formatIssues(result.error).slice(0, 20));
  }
  if (options.files) normalizeFileUrls(result.data.messages, options.files);
  const fileIssues = fileUrlIssues(result.data.messages, { allowRemote: options.allowRemoteFileUrls === true, allowRefs: options.files !== undefined });
  if (fileIssues.length > 0) {
    throw new HttpError('invalid_messages', 'A file part of the messages has an unusable url or media type.', fileIssues.slice(0, 20));
  }
  const queryConversationId = queryId(url, 'conversationId');
  return { body: result.data, conversationId: result.data.conversationId ?? queryConversationId };
}

/**
 * The JSON body of a request: content type (415), size limit (413), UTF-8 / JSON / nesting /
 * `__proto__` checks (400) — each bad input gets its own JSON error.
 */
export async function readJsonBody(request: Request, maxBodyBytes: number): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) {
    throw new HttpError('unsupported_media_type', 'Send the request body as application/json (UTF-8).');
  }
  const text = await readBodyText(request, maxBodyBytes);
  if (text.trim() === '') throw new HttpError('bad_json', 'The request body is empty; send a JSON object.');
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new HttpError('invalid_body', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let parsed: { value: unknown; protoPath?: string };
  try {
    parsed = parseJsonRejectingProto(text);
  } catch {
    throw new HttpError('bad_json', 'The request body is not valid JSON.');
  }
  if (parsed.protoPath !== undefined) {
    throw new HttpError('invalid_body', 'The request body must not contain the key "__proto__".', [
      { path: parsed.protoPath, message: 'reserved key "__proto__"' },
    ]);
  }
  return parsed.value;
}

/**
 * With a blob store, a `file` part may carry the signed URL its upload answered: it becomes the
 * stored reference `x-blob:{id}` (ownership is checked when the turn resolves it).
 */
function normalizeFileUrls(messages: readonly { parts?: readonly unknown[] | undefined }[], files: FileService): void {
  for (const message of messages) {
    for (const part of message.parts ?? []) {
      if (typeof part !== 'object' || part === null || (part as { type?: unknown }).type !== 'file') continue;
      const file = part as { url?: unknown };
      const ref = typeof file.url === 'string' ? files.normalize(file.url) : undefined;
      if (ref !== undefined) file.url = ref;
    }
  }
}
