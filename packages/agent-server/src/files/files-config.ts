import type { BlobStore } from './blob-store.js';

/**
 * Attachments in a blob store (README "Files"): `POST {basePath}/{agentId}/files` streams uploads
 * into `store`, messages keep `x-blob:{id}` references, downloads go through short-lived signed URLs.
 */
export interface FilesConfig {
  /** Where the bytes live: `fileSystemBlobStore({ dir })`, `await s3BlobStore({ client, bucket })` or your own. */
  store: BlobStore;
  /** Largest upload in bytes (default 20 MiB, `DEFAULT_MAX_FILE_BYTES`): 413 before anything is stored. */
  maxFileBytes?: number;
  /** Media types uploads may have, wildcards allowed (default {@link DEFAULT_FILE_MEDIA_TYPES}); others are 415. */
  mediaTypes?: string[];
  /** How long a signed download URL works, in seconds (default 900). */
  urlTtlSeconds?: number;
  /** An upload no sent message referenced is deleted after this long, in ms (default 24 h). */
  orphanTtlMs?: number;
  /** How often the server looks for such uploads, in ms (default: the smaller of `orphanTtlMs` and 10 minutes). */
  sweepIntervalMs?: number;
}

/** The media types uploads may have by default: images, PDF and plain text formats. */
export const DEFAULT_FILE_MEDIA_TYPES: readonly string[] = ['image/*', 'application/pdf', 'text/plain', 'text/markdown', 'text/csv', 'application/json'];

export const FILE_DEFAULTS = {
  urlTtlSeconds: 900,
  orphanTtlMs: 24 * 60 * 60 * 1000,
  maxSweepIntervalMs: 10 * 60 * 1000,
} as const;
