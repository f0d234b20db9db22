// Imported by tests only; sibling imports name the .ts file like the other servers here.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { destroyOnExit } from './scratch-server.ts';

/** A throwaway S3-compatible server (`s3rver`) in its own process on a loopback port, with one bucket. */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** A client for it (path style, s3rver's only credentials, checksums only when required). */
  client: S3Client;
  /** Stops the process and removes its folder. Safe to call twice. */
  destroy(): void;
}

/**
 * Starts `s3rver` in a child Node process (port 0: the OS picks a free one, which the child
 * reports), creates `bucket`, and gives a client set up as s3rver needs (stack-facts §12.1).
 */
export async function startS3rver(bucket = 'test-files'): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-s3rver-'));
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('s3rver')).href;
  const script = `
    const { default: S3rver } = await import(${JSON.stringify(entry)});
    const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(dir)} });
    const { port } = await server.run();
    process.stdout.write(JSON.stringify({ port }) + '\\n');
    process.stdin.on('end', () => server.close().then(() => process.exit(0)));
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const destroy = destroyOnExit(dir, () => {
    client.destroy();
    child.kill('SIGKILL');
  });
  return { endpoint, bucket, client, destroy };
}
