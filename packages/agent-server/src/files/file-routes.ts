import { mediaTypeMatches, type FileReference } from '@x/agent-protocol/routes';
import { HttpError } from '../http/error-response.js';
import { BlobTooLargeError } from './blob-store.js';
import { dataKey, fileNotFound, type FileMeta, type FileService } from './file-service.js';

const MEDIA_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
const INLINE_TYPES = /^image\/(png|jpeg|gif|webp|avif)$/;

function tooLarge(maxBytes: number): HttpError {
  return new HttpError('payload_too_large', `The file is larger than ${maxBytes} bytes.`);
}

/**
 * `POST {basePath}/{agentId}/files?filename=…` after method, the cross-site check, `authenticate`,
 * agent and `access` passed (the body is the file's bytes, streamed): 501 without a blob store → 415 for a media type outside `files.mediaTypes` → 400 for a bad
 * filename → 413 from `content-length` before anything is stored, or as soon as the stream passes
 * the limit (the store keeps nothing) → 400 when empty → 201 {@link FileReference}.
 */
export async function handleUpload(request: Request, url: URL, files: FileService | undefined, agentId: string, ownerId: string): Promise<Response> {
  if (!files) throw new HttpError('store_required', 'This server keeps no files (config.files); send files inline as data: URLs.');
  const { settings, store } = files;
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!MEDIA_TYPE.test(mediaType) || !mediaTypeMatches(mediaType, settings.mediaTypes)) {
    throw new HttpError('unsupported_media_type', `Files of type "${mediaType.slice(0, 100) || '(none)'}" are not accepted; accepted: ${settings.mediaTypes.join(', ')}.`);
  }
  const filename = (url.searchParams.get('filename') ?? 'file').trim();
  // eslint-disable-next-line no-control-regex -- control characters are what the check refuses
  if (filename.length === 0 || filename.length > 255 || /[\u0000-\u001f\u007f/\\]/.test(filename)) {
    throw new HttpError('invalid_body', 'The filename is not usable.', [{ path: 'query.filename', message: 'must be 1 to 255 characters without slashes or control characters' }]);
  }
  const declared = Number(request.headers.get('content-length') ?? undefined);
  if (Number.isFinite(declared) && declared > settings.maxFileBytes) throw tooLarge(settings.maxFileBytes);
  if (declared === 0 || !request.body) throw new HttpError('invalid_body', 'The file is empty.');
  const id = files.newId();
  let size: number;
  try {
    ({ size } = await store.put(dataKey(id), request.body, { maxBytes: settings.maxFileBytes, contentType: mediaType }));
  } catch (error) {
    await store.delete(dataKey(id)).catch(() => {});
    if (error instanceof BlobTooLargeError) throw tooLarge(settings.maxFileBytes);
    if (request.signal.aborted) throw new HttpError('bad_json', 'The upload did not arrive completely.');
    throw error;
  }
  if (size === 0) {
    await store.delete(dataKey(id));
    throw new HttpError('invalid_body', 'The file is empty.');
  }
  const meta: FileMeta = { id, ownerId, agentId, mediaType, filename, size, createdAt: new Date().toISOString(), claimed: false, conversationId: null };
  try {
    await files.writeMeta(meta);
  } catch (error) {
    await store.delete(dataKey(id)).catch(() => {});
    throw error;
  }
  const reference: FileReference = { id, url: await files.signedUrl(agentId, id, ownerId), mediaType, size, filename };
  return new Response(JSON.stringify(reference), {
    status: 201,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * `GET {basePath}/{agentId}/files/{fileId}?exp=…&sig=…`: the file's bytes when the signature (over
 * the id, the file's owner and the expiry) holds and has not expired; anything else is 404
 * `file_not_found`. Served with `nosniff`, a sandboxing CSP, and as an attachment unless a raster image.
 * The pipeline decoded `id` and checked it with the id rule.
 */
export async function handleDownload(url: URL, files: FileService | undefined, id: string): Promise<Response> {
  if (!files) throw fileNotFound();
  const exp = Number(url.searchParams.get('exp'));
  const sig = url.searchParams.get('sig') ?? '';
  if (!files.isId(id) || !Number.isSafeInteger(exp) || exp * 1000 < Date.now() || sig.length === 0 || sig.length > 100) throw fileNotFound();
  const meta = await files.readMeta(id);
  if (!meta || !(await files.signer.verify(id, meta.ownerId, exp, sig))) throw fileNotFound();
  const found = await files.store.get(dataKey(id));
  if (!found) throw fileNotFound();
  const inline = INLINE_TYPES.test(meta.mediaType);
  const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
  return new Response(found.body, {
    status: 200,
    headers: {
      'content-type': meta.mediaType,
      'content-length': String(found.size),
      'cache-control': `private, max-age=${maxAge}`,
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(meta.filename)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}
