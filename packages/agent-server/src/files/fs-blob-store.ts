import { checkBlobKey, checkBlobPrefix, limitStream, type BlobObject, type BlobStore } from './blob-store.js';

const TMP = '.tmp';

/** The Node modules this store uses, loaded on first use (the core also runs outside Node). */
async function loadNode() {
  const [fs, promises, path, stream] = await Promise.all([import('node:fs'), import('node:fs/promises'), import('node:path'), import('node:stream')]);
  return { fs, promises, path, stream };
}
type NodeModules = Awaited<ReturnType<typeof loadNode>>;

/**
 * A {@link BlobStore} in a directory (the embedded default): one file per key under `dir`. Writes go
 * to `dir/.tmp` first and are renamed into place when complete, so a failed or refused upload
 * leaves nothing under its key. Node only (its modules load on first use).
 */
export function fileSystemBlobStore(options: { dir: string }): BlobStore {
  const root = options.dir;
  let loaded: Promise<NodeModules> | undefined;
  const node = () => (loaded ??= loadNode());
  const pathOf = async (key: string) => {
    checkBlobKey(key);
    return (await node()).path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body, putOptions = {}) {
      const target = await pathOf(key);
      const { promises, path, stream } = await node();
      const temp = path.join(root, TMP, crypto.randomUUID());
      await promises.mkdir(path.dirname(temp), { recursive: true });
      // The temp file exists before a byte is streamed, and is removed only once its stream has
      // closed: a write stream that opened its file after a refusal had removed it (the stream opens
      // asynchronously) would leave an empty temp file behind.
      const sink = (await promises.open(temp, 'wx')).createWriteStream();
      const closed = new Promise<void>((resolve) => sink.once('close', () => resolve()));
      let size = 0;
      try {
        const limited = limitStream(body, putOptions.maxBytes, (n) => (size = n));
        await limited.pipeTo(stream.Writable.toWeb(sink) as WritableStream<Uint8Array>);
        await closed;
        await promises.mkdir(path.dirname(target), { recursive: true });
        await promises.rename(temp, target);
        return { size };
      } catch (error) {
        sink.destroy();
        await closed;
        await promises.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = await pathOf(key);
      const { fs, promises, stream } = await node();
      let size: number;
      try {
        const info = await promises.stat(file);
        if (!info.isFile()) return undefined;
        size = info.size;
      } catch {
        return undefined;
      }
      const body = stream.Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
      return { body, size };
    },
    async delete(key) {
      const file = await pathOf(key);
      await (await node()).promises.rm(file, { force: true });
    },
    async *list(prefix) {
      checkBlobPrefix(prefix);
      const modules = await node();
      // Walk from the deepest directory the prefix names (the rest filters by name).
      const slash = prefix.lastIndexOf('/');
      const start = slash === -1 ? root : modules.path.join(root, ...prefix.slice(0, slash).split('/'));
      yield* walk(modules, root, start, prefix);
    },
  };
}

async function* walk(modules: NodeModules, root: string, dir: string, prefix: string): AsyncGenerator<BlobObject> {
  const { promises, path } = modules;
  let entries;
  try {
    entries = await promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    if (key === TMP || key.startsWith(`${TMP}/`)) continue;
    if (entry.isDirectory()) {
      if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(modules, root, full, prefix);
    } else if (entry.isFile() && key.startsWith(prefix)) {
      try {
        const info = await promises.stat(full);
        yield { key, size: info.size, lastModified: info.mtime };
      } catch {
        // deleted meanwhile
      }
    }
  }
}
