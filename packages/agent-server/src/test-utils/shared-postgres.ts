import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The unit project's one PostgreSQL cluster (`test/global-setup.ts`), as the `postgres` user on
     * its `postgres` database. It may still be starting: `postgresDatabase()` waits for it.
     */
    postgresUrl?: string;
  }
}

/** Errors of a cluster that is not up yet: nothing listens, or it is still starting up (57P03). */
const starting = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P03';
};

/**
 * A new, empty database (from `template1`) on the test run's one PostgreSQL cluster, for one test
 * file or one backend of it: files share the server, not their tables. Starting a cluster per file
 * (`initdb` + `pg_ctl start`: seconds of CPU each) was most of the PostgreSQL tests' time. The
 * database lives until the run ends (the cluster is removed then). Tests that stop and start the
 * server to see an outage start their own with `startPostgres()`.
 */
export async function postgresDatabase(): Promise<{ connectionString: string }> {
  const server = inject('postgresUrl');
  if (!server) throw new Error('No shared PostgreSQL here: postgresDatabase() is for the unit project (test/global-setup.ts).');
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const admin = new pg.Client({ connectionString: server });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
      break;
    } catch (error) {
      if (!starting(error) || Date.now() > deadline) throw new Error(`The run's PostgreSQL (${server}) did not take a new database`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await admin.end().catch(() => {});
    }
  }
  return { connectionString: server.replace(/\/postgres$/, `/${name}`) };
}
