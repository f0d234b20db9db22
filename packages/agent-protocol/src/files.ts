/**
 * File uploads (attachments kept in the server's blob store, `config.files`):
 *
 * - `POST {basePath}/{agentId}/files?filename=…` with the file as the raw request body and its
 *   `content-type` → 201 {@link FileReference}. Same `authenticate` (401), agent (404) and `access`
 *   (403) as the chat route. No blob store → 501 `store_required`; a media type the server does not
 *   take → 415 `unsupported_media_type`; over the size limit → 413 `payload_too_large` (refused from
 *   `content-length` before anything is stored, or as soon as the stream passes the limit, leaving
 *   nothing behind); an empty body or a bad filename → 400 `invalid_body`.
 * - `GET {basePath}/{agentId}/files/{fileId}?exp=…&sig=…` → the bytes. The URL is signed by the server
 *   (HMAC over the file, its owner and the expiry) and short-lived; a bad, expired or foreign
 *   signature, or a file that is gone, is 404 `file_not_found`.
 *
 * A message keeps the reference, never the bytes: a `file` part whose `url` is `x-blob:{fileId}`
 * ({@link fileRefUrl}). Clients may send either that or the signed URL the upload answered; the server
 * stores `x-blob:{fileId}`, gives the model the file's bytes at call time, and answers loaded history
 * with fresh signed URLs. A reference to a file that is not the user's (or is unknown) is 404
 * `file_not_found`, before anything is saved.
 */
export const FILES_SEGMENT = 'files';

/** The URL scheme of a stored file reference in a message's `file` part. */
export const FILE_REF_SCHEME = 'x-blob:';

/** Largest upload by default, in bytes (20 MiB; `config.files.maxFileBytes`). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Largest file the composer sends inline (as a base64 `data:` URL inside the message) when the
 * server has no blob store: 512 KiB, so a message with it fits the chat route's default 1 MiB body.
 */
export const DEFAULT_INLINE_FILE_BYTES = 512 * 1024;

/** Paths of the file routes, relative to `basePath` (no trailing slash). */
export const filePaths = {
  upload: (basePath: string, agentId: string) => `${basePath}/${encodeURIComponent(agentId)}/${FILES_SEGMENT}`,
  download: (basePath: string, agentId: string, fileId: string) =>
    `${basePath}/${encodeURIComponent(agentId)}/${FILES_SEGMENT}/${encodeURIComponent(fileId)}`,
} as const;

/** The answer of an upload: what a message's `file` part carries. */
export interface FileReference {
  /** The file's id (`x-blob:{id}` in stored messages). */
  id: string;
  /** A short-lived signed download URL (path-absolute, under `basePath`). */
  url?: string;
  mediaType: string;
  /** Size in bytes. */
  size: number;
  filename: string;
}

/** `x-blob:{fileId}`: the `url` of a stored file part. */
export function fileRefUrl(fileId: string): string {
  return `${FILE_REF_SCHEME}${fileId}`;
}

/** The file id of an `x-blob:` URL, or undefined for any other URL. */
export function parseFileRef(url: string): string | undefined {
  if (!url.startsWith(FILE_REF_SCHEME)) return undefined;
  const id = url.slice(FILE_REF_SCHEME.length);
  return /^[\w-]{1,128}$/.test(id) ? id : undefined;
}

/** Whether a media type matches one of `patterns` (`image/png`, `image/*`, `*\/*`). */
export function mediaTypeMatches(mediaType: string, patterns: readonly string[]): boolean {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  return patterns.some((raw) => {
    const pattern = raw.trim().toLowerCase();
    if (pattern === '*/*') return true;
    if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
    return type === pattern;
  });
}
