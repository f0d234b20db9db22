import { startPostgres } from '../packages/agent-server/src/test-utils/postgres-server.ts';
import { freePort } from '../packages/agent-server/src/test-utils/scratch-server.ts';

/**
 * The unit project's global setup: ONE throwaway PostgreSQL cluster for the whole run, instead of
 * one per test file. Each file asks it for its own database (`postgresDatabase()`,
 * packages/agent-server/src/test-utils/shared-postgres.ts). The cluster starts in the background
 * while the first files import (a run of other files does not wait for it) and is removed when the
 * run ends. Durability is off (fsync, synchronous commit, full-page writes): nothing survives it anyway.
 */
/**
 * What this setup uses of Vitest's `TestProject` (typed here: importing `vitest/node`'s types would
 * bring @vitest/browser's own matcher types into the typecheck, which override jest-dom's
 * `toHaveTextContent(RegExp)` in every jsdom test).
 */
interface SetupProject {
  provide(key: 'postgresUrl', value: string): void;
}

export default async function setup(project: SetupProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const started = startPostgres({
    port,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
  });
  // Tests that ask for a database wait for the cluster (postgresDatabase()); why it did not start is said here.
  started.catch((error: unknown) => console.error('test/global-setup.ts: the shared PostgreSQL did not start:', error));
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    (await started.catch(() => undefined))?.destroy();
  };
}
