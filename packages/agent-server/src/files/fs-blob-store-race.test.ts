import { mkdtempSync, readdirSync, rmSync, type PathLike } from 'node:fs';
import type * as Fs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { BlobTooLargeError } from './blob-store.js';
import { fileSystemBlobStore } from './fs-blob-store.js';

/** How long every file open takes here: a disk under load, where a refusal can come before the open. */
const OPEN_MS = 30;

// Every way of opening a file for writing is slow (the callback API a write stream opens with, and
// the promise API): the refusal of a too-large body then always comes before the open completes.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof Fs>();
  const slowOpen = (...args: Parameters<typeof fs.open>) => void setTimeout(() => (fs.open as (...a: unknown[]) => void)(...args), OPEN_MS);
  const createWriteStream = (path: PathLike, options?: Record<string, unknown>) =>
    fs.createWriteStream(path, { ...options, fs: { open: slowOpen, write: fs.write, writev: fs.writev, close: fs.close } } as never);
  return { ...fs, default: { ...fs, createWriteStream }, createWriteStream };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const promises = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof promises.open>) => {
    await new Promise((resolve) => setTimeout(resolve, OPEN_MS));
    return promises.open(...args);
  };
  return { ...promises, default: { ...promises, open }, open };
});

const root = mkdtempSync(join(tmpdir(), 'xkit-blob-race-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('leaves no temp file behind when uploads are refused before their file is open (many at once)', async () => {
  const store = fileSystemBlobStore({ dir: root });
  const tooBig = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(64));
        controller.close();
      },
    });
  const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store.put(`race/${i}`, tooBig(), { maxBytes: 1 })));
  expect(results.every((r) => r.status === 'rejected' && r.reason instanceof BlobTooLargeError)).toBe(true);
  // Any open still pending would complete within this.
  await new Promise((resolve) => setTimeout(resolve, OPEN_MS * 4));
  expect(readdirSync(join(root, '.tmp'))).toEqual([]);
  // And an upload that fits is still stored (the slow open only delays it).
  const ok = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array([1, 2, 3]));
      controller.close();
    },
  });
  expect(await store.put('race/ok', ok, { maxBytes: 10 })).toEqual({ size: 3 });
  expect((await store.get('race/ok'))?.size).toBe(3);
});
