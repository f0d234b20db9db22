// Run by test/global-setup.ts with Node (`node pglite-dump.ts <file>`), in its own process so the
// WASM initdb does not hold up Vitest's main process.
import { renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/** Writes the data folder of a new, empty in-memory PGlite (a tar, `dumpDataDir`) to `file`, atomically. */
async function dumpEmptyPglite(file: string): Promise<void> {
  const db = await PGlite.create('memory://');
  try {
    const dump = await db.dumpDataDir('none');
    writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.part`, file);
  } finally {
    await db.close();
  }
}

const file = process.argv[2];
if (!file) throw new Error('usage: node pglite-dump.ts <file>');
await dumpEmptyPglite(file);
