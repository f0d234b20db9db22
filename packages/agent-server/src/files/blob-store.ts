/** One stored object of a {@link BlobStore}, as `list` gives it. */
export interface BlobObject {
  key: string;
  /** Size in bytes. */
  size: number;
  lastModified: Date;
}

/** What `get` answers for a stored object: its bytes as a stream (read or cancel it). */
export interface BlobContent {
  body: ReadableStream<Uint8Array>;
  size: number;
}

/** Options of {@link BlobStore.put}. */
export interface BlobPutOptions {
  /** Refuse (with {@link BlobTooLargeError}) as soon as the stream passes this many bytes. */
  maxBytes?: number;
  /** Stored with the object where the backend keeps one (S3). */
  contentType?: string;
}

/**
 * Where file bytes live (attachments; README "Files"). Keys are `/`-separated paths of
 * `[A-Za-z0-9._-]` segments (no `.`/`..` segments). Implementations: `fileSystemBlobStore({ dir })`
 * and `s3BlobStore({ client, bucket })`; `describeBlobStore` in `@x/agent-server/testing` is the
 * conformance suite every implementation passes.
 */
export interface BlobStore {
  /**
   * Streams `body` into `key` (replacing what was there), never buffering it whole. Past `maxBytes`
   * it rejects with {@link BlobTooLargeError}; a put that fails leaves `key` as it was (nothing, for
   * a new key).
   */
  put(key: string, body: ReadableStream<Uint8Array>, options?: BlobPutOptions): Promise<{ size: number }>;
  /** The object's bytes, or undefined when there is none. */
  get(key: string): Promise<BlobContent | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (cleanup; order unspecified). A prefix no key could
   * start with a valid key's way (`../`, an absolute path, a backslash…) is refused with a `TypeError`.
   */
  list(prefix: string): AsyncIterable<BlobObject>;
}

/** `put` went past its `maxBytes` (nothing was kept). */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes.`);
    this.name = 'BlobTooLargeError';
  }
}

const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Throws unless `key` is a usable blob key (see {@link BlobStore}). */
export function checkBlobKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new TypeError(`Not a valid blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

const PREFIX_TAIL = /^[A-Za-z0-9._-]*$/;

/**
 * Throws unless `prefix` is a usable `list` prefix: empty, or a key's beginning — its directory part
 * (up to the last `/`) a valid blob key, the rest key characters only. So `../`, `/abs`, `a/../`,
 * backslashes, NUL or `%2F` never name a place outside the store.
 */
export function checkBlobPrefix(prefix: string): void {
  if (prefix === '') return;
  const slash = prefix.lastIndexOf('/');
  const tail = prefix.slice(slash + 1);
  if (prefix.length > 512 || !PREFIX_TAIL.test(tail)) throw new TypeError(`Not a valid blob prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
  if (slash !== -1) {
    try {
      checkBlobKey(prefix.slice(0, slash));
    } catch {
      throw new TypeError(`Not a valid blob prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
    }
  }
}

/** `body` counted: errors with {@link BlobTooLargeError} once more than `maxBytes` went through. */
export function limitStream(body: ReadableStream<Uint8Array>, maxBytes: number | undefined, counted: (size: number) => void): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (maxBytes !== undefined && size > maxBytes) {
          controller.error(new BlobTooLargeError(maxBytes));
          return;
        }
        counted(size);
        controller.enqueue(chunk);
      },
    }),
  );
}
