/**
 * `@x/agent-server/files`: where uploaded files are kept — the `BlobStore` contract (for an app's own
 * storage), the folder store `fileSystemBlobStore`, `BlobTooLargeError`, and the media types a
 * `files` config allows by default. S3 and compatible stores: `@x/agent-server/s3`.
 */
export { BlobTooLargeError, type BlobContent, type BlobObject, type BlobPutOptions, type BlobStore } from './files/blob-store.js';
export { fileSystemBlobStore } from './files/fs-blob-store.js';
export { DEFAULT_FILE_MEDIA_TYPES } from './files/files-config.js';
