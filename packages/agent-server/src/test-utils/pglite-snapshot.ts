import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Unit project setup: an in-memory PGlite opened with no options (`PGlite.create('memory://')`, what
 * `pgliteStore({ dataDir: 'memory://' })` does) starts from a copy of a new, empty database
 * (PGlite's own `dumpDataDir` / `loadDataDir`: about 1.5–2.5 s of CPU → 0.25 s, and the unit tests
 * open dozens) instead of running `initdb` in WASM again. The copy is the first such database a
 * worker opens, dumped (~0.2 s) before anyone used it; a worker that opens none pays nothing. Each
 * store still starts empty and runs its own migrations. Data folders on disk and PGlite given
 * options open as they are.
 */
interface Patched {
  snapshot?: Blob;
}

type Create = (dataDir?: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;
const KEY = Symbol.for('xkit.test.pglite-snapshot');
const holder = PGlite as unknown as Record<symbol, Patched | undefined> & { create: Create };

// Workers run many files (isolate: false) and this file before each: patch once per worker.
if (!holder[KEY]) {
  const original = PGlite.create.bind(PGlite) as Create;
  const patched: Patched = {};
  holder[KEY] = patched;
  holder.create = async (dataDir?: string | PGliteOptions, options?: PGliteOptions) => {
    if (dataDir !== 'memory://' || options !== undefined) return original(dataDir, options);
    if (patched.snapshot) return original('memory://', { loadDataDir: patched.snapshot });
    const db = await original('memory://');
    // Still empty: keep a copy for the next ones (none if the dump fails: they run initdb as before).
    patched.snapshot ??= await db.dumpDataDir('none').catch(() => undefined);
    return db;
  };
}
