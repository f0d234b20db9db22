import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { checkBlobKey, limitStream, type BlobObject, type BlobStore } from './blob-store.js';

const TMP = '.tmp';

/**
 * A {@link BlobStore} in a directory (the embedded default): one file per key under `dir`. Writes go
 * to `dir/.tmp` first and are renamed into place when complete, so a failed or refused upload
 * leaves nothing under its key.
 */
export function fileSystemBlobStore(options: { dir: string }): BlobStore {
  const root = options.dir;
  const pathOf = (key: string) => {
    checkBlobKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    async put(key, body, putOptions = {}) {
      const target = pathOf(key);
      const temp = join(root, TMP, `${crypto.randomUUID()}`);
      await mkdir(dirname(temp), { recursive: true });
      let size = 0;
      try {
        const limited = limitStream(body, putOptions.maxBytes, (n) => (size = n));
        await limited.pipeTo(Writable.toWeb(createWriteStream(temp)) as WritableStream<Uint8Array>);
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
        return { size };
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const path = pathOf(key);
      let size: number;
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        size = info.size;
      } catch {
        return undefined;
      }
      const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
      return { body, size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      // Walk from the deepest directory the prefix names (the rest filters by name).
      const slash = prefix.lastIndexOf('/');
      const start = slash === -1 ? root : join(root, ...prefix.slice(0, slash).split('/'));
      yield* walk(root, start, prefix);
    },
  };
}

async function* walk(root: string, dir: string, prefix: string): AsyncGenerator<BlobObject> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    const key = relative(root, path).split(sep).join('/');
    if (key === TMP || key.startsWith(`${TMP}/`)) continue;
    if (entry.isDirectory()) {
      if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(root, path, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      try {
        const info = await stat(path);
        yield { key, size: info.size, lastModified: info.mtime };
      } catch {
        // deleted meanwhile
      }
    }
  }
}
