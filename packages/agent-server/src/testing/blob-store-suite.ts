import { describe, expect, it } from 'vitest';
import { BlobTooLargeError, type BlobStore } from '../files/blob-store.js';
import { setUpOnce, uniqueIds } from './suite-setup.js';

/** A stream of `chunks` (each a fresh copy), as a request body arrives. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk) controller.enqueue(chunk.slice());
      else controller.close();
    },
  });
}

async function bytesOf(store: BlobStore, key: string): Promise<Uint8Array | undefined> {
  const found = await store.get(key);
  if (!found) return undefined;
  return new Uint8Array(await new Response(found.body).arrayBuffer());
}

async function keysOf(store: BlobStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const item of store.list(prefix)) keys.push(item.key);
  return keys.sort();
}

/**
 * The conformance suite of `BlobStore` (ours run it against `fileSystemBlobStore` and
 * `s3BlobStore` on a real S3-compatible server). Call it at the top level of a vitest file:
 *
 * ```ts
 * describeBlobStore('my store', async () => myBlobStore());
 * ```
 *
 * `makeStore` runs once; every case uses its own key prefix, so a shared bucket is fine.
 */
export function describeBlobStore(
  name: string,
  makeStore: () => BlobStore | Promise<BlobStore>,
  options: { close?: (store: BlobStore) => unknown } = {},
): void {
  describe(`BlobStore conformance: ${name}`, () => {
    let store: BlobStore;
    setUpOnce(makeStore, (made) => (store = made), { close: options.close });
    const ids = uniqueIds();
    const unique = () => ids('case');

    it('streams a body of many chunks in and out unchanged, with its size', async () => {
      const prefix = unique();
      const chunks = Array.from({ length: 20 }, (_, i) => new Uint8Array(1000).fill(i));
      const { size } = await store.put(`${prefix}/a.bin`, streamOf(chunks), { contentType: 'image/png' });
      expect(size).toBe(20_000);
      const found = await store.get(`${prefix}/a.bin`);
      expect(found?.size).toBe(20_000);
      const bytes = new Uint8Array(await new Response(found!.body).arrayBuffer());
      expect(bytes.length).toBe(20_000);
      expect(bytes[0]).toBe(0);
      expect(bytes[19_999]).toBe(19);
    });

    it('keeps a body larger than one multipart part (6 MiB) byte for byte', async () => {
      const key = `${unique()}/big.bin`;
      const part = new Uint8Array(1024 * 1024);
      const chunks = Array.from({ length: 6 }, (_, i) => part.map((_, j) => (i * 7 + j) % 251));
      await store.put(key, streamOf(chunks), { maxBytes: 7 * 1024 * 1024 });
      const bytes = await bytesOf(store, key);
      expect(bytes?.length).toBe(6 * 1024 * 1024);
      expect(bytes![5 * 1024 * 1024 + 3]).toBe((5 * 7 + 3) % 251);
    }, 30_000);

    it('refuses a body past maxBytes with BlobTooLargeError and keeps nothing', async () => {
      const prefix = unique();
      const chunks = Array.from({ length: 10 }, () => new Uint8Array(1000).fill(1));
      await expect(store.put(`${prefix}/big.bin`, streamOf(chunks), { maxBytes: 4_500 })).rejects.toBeInstanceOf(BlobTooLargeError);
      expect(await store.get(`${prefix}/big.bin`)).toBeUndefined();
      expect(await keysOf(store, `${prefix}/`)).toEqual([]);
    });

    it('accepts a body of exactly maxBytes', async () => {
      const key = `${unique()}/exact.bin`;
      await store.put(key, streamOf([new Uint8Array(3000), new Uint8Array(1000)]), { maxBytes: 4000 });
      expect((await bytesOf(store, key))?.length).toBe(4000);
    });

    it('keeps nothing when the body stream fails midway', async () => {
      const key = `${unique()}/broken.bin`;
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 2) controller.enqueue(new Uint8Array(1000));
          else controller.error(new Error('client went away'));
        },
      });
      await expect(store.put(key, body)).rejects.toThrow();
      expect(await store.get(key)).toBeUndefined();
    });

    it('answers undefined for a missing key and deletes idempotently', async () => {
      const key = `${unique()}/gone.bin`;
      expect(await store.get(key)).toBeUndefined();
      await store.delete(key);
      await store.put(key, streamOf([new Uint8Array([1, 2, 3])]));
      await store.delete(key);
      await store.delete(key);
      expect(await store.get(key)).toBeUndefined();
    });

    it('replaces an object put again under the same key', async () => {
      const key = `${unique()}/twice.txt`;
      await store.put(key, streamOf([new TextEncoder().encode('first version')]));
      await store.put(key, streamOf([new TextEncoder().encode('second')]));
      expect(new TextDecoder().decode(await bytesOf(store, key))).toBe('second');
    });

    it('lists by prefix with sizes and modification times, and not beyond it', async () => {
      const prefix = unique();
      const before = Date.now() - 60_000;
      await store.put(`${prefix}/data/one`, streamOf([new Uint8Array(5)]));
      await store.put(`${prefix}/data/two`, streamOf([new Uint8Array(7)]));
      await store.put(`${prefix}/meta/one.json`, streamOf([new Uint8Array(2)]));
      await store.put(`${prefix}-other/data/one`, streamOf([new Uint8Array(1)]));
      const items: { key: string; size: number; lastModified: Date }[] = [];
      for await (const item of store.list(`${prefix}/data/`)) items.push(item);
      items.sort((a, b) => a.key.localeCompare(b.key));
      expect(items.map((i) => [i.key, i.size])).toEqual([
        [`${prefix}/data/one`, 5],
        [`${prefix}/data/two`, 7],
      ]);
      for (const item of items) expect(item.lastModified.getTime()).toBeGreaterThan(before);
      expect(await keysOf(store, `${prefix}/`)).toEqual([`${prefix}/data/one`, `${prefix}/data/two`, `${prefix}/meta/one.json`]);
    });

    it('refuses keys that could leave its space', async () => {
      for (const key of ['../x', 'a/../../x', '/abs', 'a//b', 'a b', '']) {
        await expect(store.put(key, streamOf([new Uint8Array(1)]))).rejects.toThrow();
      }
    });

    it('refuses list prefixes that could leave its space', async () => {
      for (const prefix of ['../', 'a/../../', '/abs/', 'a\\b/', 'a\u0000/', '..%2F../']) {
        await expect(keysOf(store, prefix), prefix).rejects.toBeInstanceOf(TypeError);
      }
    });
  });
}
