import { type AgentRequestBody } from '@x/agent-protocol';
import { isJsonContentType } from './content-type.js';
import { HttpError } from './error-response.js';
import { fileUrlIssues } from './file-parts.js';
import type { FileService } from '../files/file-service.js';
import { exceedsJsonDepth, MAX_JSON_DEPTH, parseJsonRejectingProto } from './json-guard.js';
import { readBodyText } from './read-body.js';

/**
 * The check of a chat (or generate) body's file parts once its schema passed: with a blob store a
 * part carrying the signed URL its upload answered becomes the stored reference `x-blob:{id}`; then
 * every file part needs a usable url and media type (400 `invalid_messages`).
 */
export function chatFileCheck(options: { allowRemoteFileUrls: boolean; files: FileService | undefined }): (body: Pick<AgentRequestBody, 'messages'>) => void {
  return (body) => {
    if (options.files) normalizeFileUrls(body.messages, options.files);
    const fileIssues = fileUrlIssues(body.messages, { allowRemote: options.allowRemoteFileUrls, allowRefs: options.files !== undefined });
    if (fileIssues.length > 0) {
      throw new HttpError('invalid_messages', 'A file part of the messages has an unusable url or media type.', fileIssues.slice(0, 20));
    }
  };
}

/**
 * The JSON body of a request: content type (415), size limit (413), UTF-8 / JSON / nesting /
 * `__proto__` checks (400) — each bad input gets its own JSON error. `optional`: an empty body is
 * `undefined`, whatever its content type.
 */
export async function readJsonBody(request: Request, maxBodyBytes: number, options: { optional?: boolean } = {}): Promise<unknown> {
  const jsonType = isJsonContentType(request.headers.get('content-type'));
  if (!jsonType && !options.optional) throw notJson();
  const text = await readBodyText(request, maxBodyBytes);
  if (text.trim() === '') {
    if (options.optional) return undefined;
    throw new HttpError('bad_json', 'The request body is empty; send a JSON object.');
  }
  if (!jsonType) throw notJson();
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

function notJson(): HttpError {
  return new HttpError('unsupported_media_type', 'Send the request body as application/json (UTF-8).');
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
