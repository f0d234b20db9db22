import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * Unit project setup: an in-memory PGlite opened with no options (`PGlite.create('memory://')`, what
 * `pgliteStore({ dataDir: 'memory://' })` does) starts from a copy of a freshly created, empty
 * database (PGlite's own `dumpDataDir` / `loadDataDir`) instead of running `initdb` in WASM again:
 * about 1.5–2.5 s of CPU each → 0.25 s, and the unit tests open dozens. The copy is taken once per
 * worker, of a database nothing ran in, so each store still starts empty and runs its own
 * migrations. Data folders on disk and PGlite given options are opened as they are.
 */
interface Patched {
  create: (dataDir?: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;
  snapshot?: Promise<Blob | undefined>;
}

const KEY = Symbol.for('xkit.test.pglite-snapshot');
const holder = PGlite as unknown as Record<symbol, Patched | undefined> & { create: Patched['create'] };

// Workers run many files (isolate: false) and this file before each: patch once per worker.
if (!holder[KEY]) {
  const original = PGlite.create.bind(PGlite) as Patched['create'];
  const patched: Patched = { create: original };
  holder[KEY] = patched;
  /** The empty database, dumped once; undefined (open as usual) if that failed. */
  const snapshot = () =>
    (patched.snapshot ??= (async () => {
      const fresh = await original('memory://');
      try {
        return await fresh.dumpDataDir('none');
      } finally {
        await fresh.close();
      }
    })().catch(() => undefined));
  holder.create = async (dataDir?: string | PGliteOptions, options?: PGliteOptions) => {
    if (dataDir !== 'memory://' || options !== undefined) return original(dataDir, options);
    const loadDataDir = await snapshot();
    return loadDataDir ? original('memory://', { loadDataDir }) : original('memory://');
  };
}
