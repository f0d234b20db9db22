import { existsSync, readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where `test/global-setup.ts` writes the data folder of an empty PGlite (a tar), once it is made. */
    pgliteSnapshot?: string;
  }
}

/**
 * Unit project setup: an in-memory PGlite opened with no options (`PGlite.create('memory://')`, what
 * `pgliteStore({ dataDir: 'memory://' })` does) starts from a copy of a new, empty database
 * (PGlite's own `dumpDataDir` / `loadDataDir`: about 1.5–2.5 s of CPU → 0.25 s, and the unit tests
 * open dozens) instead of running `initdb` in WASM again. The copy is made once per run, in its own
 * process, by `test/global-setup.ts` (`pglite-dump.ts`); until it is there, PGlite opens as usual
 * (never a wait inside a test's deadline). Each store still starts empty and runs its own migrations.
 * Data folders on disk and PGlite given options open as they are.
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
  const file = inject('pgliteSnapshot');
  /** The empty database once its file is there; undefined before (or without a global setup). */
  const snapshot = () => (patched.snapshot ??= file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined);
  holder.create = async (dataDir?: string | PGliteOptions, options?: PGliteOptions) => {
    const loadDataDir = dataDir === 'memory://' && options === undefined ? snapshot() : undefined;
    return loadDataDir ? original('memory://', { loadDataDir }) : original(dataDir, options);
  };
}
