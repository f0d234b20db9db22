import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../packages/agent-server/src/test-utils/postgres-server.ts';
import { freePort } from '../packages/agent-server/src/test-utils/scratch-server.ts';

/**
 * The unit project's global setup, all of it started in the background while the first files import
 * (a run of other files does not wait for it) and removed when the run ends:
 * - ONE throwaway PostgreSQL cluster for the whole run, instead of one per test file. Each file asks
 *   it for its own database (`postgresDatabase()`, packages/agent-server/src/test-utils/shared-postgres.ts).
 *   Durability is off (fsync, synchronous commit, full-page writes): nothing survives it anyway.
 * - The data folder of an empty PGlite, dumped once, that in-memory PGlites start from
 *   (packages/agent-server/src/test-utils/pglite-snapshot.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const started = startPostgres({
    port,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
  });
  // Tests that ask for a database wait for the cluster (postgresDatabase()); why it did not start is said here.
  started.catch((error: unknown) => console.error('test/global-setup.ts: the shared PostgreSQL did not start:', error));
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-'));
  const snapshot = join(dir, 'empty.tar');
  const dumping = promisify(execFile)(process.execPath, [join(import.meta.dirname, '../packages/agent-server/src/test-utils/pglite-dump.ts'), snapshot]).catch(
    (error: unknown) => console.error('test/global-setup.ts: no PGlite snapshot (in-memory PGlites run initdb):', error),
  );
  project.provide('pgliteSnapshot', snapshot);

  return async () => {
    (await started.catch(() => undefined))?.destroy();
    await dumping;
    rmSync(dir, { recursive: true, force: true });
  };
}
