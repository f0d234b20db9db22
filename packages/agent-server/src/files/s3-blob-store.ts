import type { S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ConfigError } from '../config/config-error.js';
import { checkBlobKey, checkBlobPrefix, limitStream, type BlobObject, type BlobStore } from './blob-store.js';

/** Options of {@link s3BlobStore}. */
export interface S3BlobStoreOptions {
  /**
   * Your `S3Client` (any S3-compatible service). Set `requestChecksumCalculation: 'WHEN_REQUIRED'`
   * for services that do not understand the SDK's default aws-chunked uploads (MinIO, s3rver…).
   */
  client: S3Client;
  bucket: string;
  /** Prepended to every key (e.g. `"agent-files/"`). */
  prefix?: string;
  /** Size of the parts of a multipart upload (default and minimum 5 MiB): at most this much is held in memory. */
  partSize?: number;
}

const PART = 5 * 1024 * 1024;

async function load<T>(name: string, importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch {
    throw new ConfigError([{ path: 'files.store', message: `s3BlobStore needs the package "${name}": pnpm add ${name}` }]);
  }
}

/**
 * A {@link BlobStore} in an S3 bucket through `@aws-sdk/client-s3` and `@aws-sdk/lib-storage`
 * (optional peer dependencies of this package, loaded here: a missing one rejects with a
 * `ConfigError` naming it). Puts stream as a multipart upload (one part in memory at a time) and
 * abort it — leaving no object — past `maxBytes`.
 */
export async function s3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const s3 = await load('@aws-sdk/client-s3', () => import('@aws-sdk/client-s3'));
  const { Upload } = await load('@aws-sdk/lib-storage', () => import('@aws-sdk/lib-storage'));
  const { client, bucket } = options;
  const base = options.prefix ?? '';
  const keyOf = (key: string) => {
    checkBlobKey(key);
    return `${base}${key}`;
  };
  return {
    async put(key, body, putOptions = {}) {
      let size = 0;
      const limited = limitStream(body, putOptions.maxBytes, (n) => (size = n));
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: keyOf(key),
          // The DOM and Node typings of the same global ReadableStream differ.
          Body: Readable.fromWeb(limited as NodeReadableStream<Uint8Array>),
          ...(putOptions.contentType ? { ContentType: putOptions.contentType } : {}),
        },
        partSize: Math.max(PART, options.partSize ?? PART),
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },
    async get(key) {
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!answer.Body) return undefined;
        return { body: answer.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: unknown }).name === 'NotFound') return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async *list(prefix): AsyncGenerator<BlobObject> {
      checkBlobPrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: `${base}${prefix}`, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key === undefined) continue;
          yield { key: item.Key.slice(base.length), size: item.Size ?? 0, lastModified: item.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
