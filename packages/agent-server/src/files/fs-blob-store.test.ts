import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBlobStore } from '../testing/blob-store-suite.js';
import { fileSystemBlobStore } from './fs-blob-store.js';

const dir = mkdtempSync(join(tmpdir(), 'xkit-blobs-'));
describeBlobStore('fileSystemBlobStore', () => fileSystemBlobStore({ dir }), { close: () => rmSync(dir, { recursive: true, force: true }) });

describe('fileSystemBlobStore: its root is the whole of it', () => {
  // A parent holding a secret beside the store's root: nothing may reach it through the store.
  const parent = mkdtempSync(join(tmpdir(), 'xkit-blob-parent-'));
  const root = join(parent, 'root');
  mkdirSync(root);
  writeFileSync(join(parent, 'secret.txt'), 'not the store’s');
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  async function listed(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const item of fileSystemBlobStore({ dir: root }).list(prefix)) keys.push(item.key);
    return keys;
  }

  it('refuses list prefixes that would walk outside its root, and lists nothing there', async () => {
    const hostile = ['../', '..', '../secret', 'a/../../', '/', '/etc/', `${parent}/`, '..\\', 'a\\..\\..\\', '..%2F', 'a\u0000/', 'data/../../', './', 'a//'];
    for (const prefix of hostile) {
      let keys: string[] = [];
      let refused: unknown;
      try {
        keys = await listed(prefix);
      } catch (error) {
        refused = error;
      }
      expect(keys.filter((key) => key.includes('secret')), prefix).toEqual([]);
      // `..` alone is a name filter at the root (a key may start with `..x`); every other is refused.
      if (prefix !== '..') expect(refused, prefix).toBeInstanceOf(TypeError);
    }
  });
});
