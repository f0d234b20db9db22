import { afterEach, describe, expect, it, vi } from 'vitest';
import { startS3rver, type S3Server } from '../test-utils/s3rver-server.js';
import { describeBlobStore } from '../testing/blob-store-suite.js';
import { s3BlobStore } from './s3-blob-store.js';

let server: S3Server | undefined;
describeBlobStore(
  's3BlobStore on s3rver',
  async () => {
    server = await startS3rver();
    return s3BlobStore({ client: server.client, bucket: server.bucket, prefix: 'kit/' });
  },
  { close: () => server?.destroy() },
);

describe('s3BlobStore without its packages', () => {
  afterEach(() => {
    vi.doUnmock('@aws-sdk/lib-storage');
    vi.resetModules();
  });

  it('rejects with a ConfigError naming the missing package', async () => {
    vi.resetModules();
    vi.doMock('@aws-sdk/lib-storage', () => {
      throw new Error("Cannot find package '@aws-sdk/lib-storage'");
    });
    const { s3BlobStore: fresh } = await import('./s3-blob-store.js');
    const { ConfigError: FreshConfigError } = await import('../config/config-error.js');
    const attempt = fresh({ client: {} as never, bucket: 'b' }); // the client is never used: loading fails first
    await expect(attempt).rejects.toBeInstanceOf(FreshConfigError);
    await expect(attempt).rejects.toThrow('@aws-sdk/lib-storage');
  });
});
