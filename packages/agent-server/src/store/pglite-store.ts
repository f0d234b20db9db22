import { assertInstalled, importOptional, type OptionalPackage } from '../config/optional-package.js';
import { markDbSystem } from '../tracing/db-spans.js';
import type { PGlite } from '@electric-sql/pglite';
import type { SqlClient, SqlSession } from './sql-client.js';
import { sqlStore, type SqlStoreOptions } from './sql-store.js';
import type { ConversationStore } from './types.js';

/** Options of `pgliteStore` (`@x/agent-server/pglite`): the data folder, and the SQL stores' deadline. */
export interface PgliteStoreOptions extends SqlStoreOptions {
  /**
   * Data folder of the embedded database (created on first open, about 4 s; reopened in well under
   * one). Default `./.agent-store` in the working directory; `memory://` keeps it in memory.
   * Open one folder from one process only.
   */
  dataDir?: string;
}

const PGLITE: OptionalPackage = { pkg: '@electric-sql/pglite', path: 'store', feature: 'pgliteStore' };

/**
 * The embedded default store: PostgreSQL in WASM (`@electric-sql/pglite`) in a data folder — no
 * database to run (an optional peer: `npm install @electric-sql/pglite`; import from
 * `@x/agent-server/pglite`; a missing package is a `ConfigError` where the store is created). Same SQL
 * and migrations as `postgresStore`. PGlite has one connection, so the
 * store runs one query (or transaction) at a time.
 */
export function pgliteStore(options: PgliteStoreOptions = {}): ConversationStore {
  assertInstalled(PGLITE);
  const dataDir = options.dataDir ?? './.agent-store';
  let opened: Promise<PGlite> | undefined;
  const open = () =>
    (opened ??= importOptional(PGLITE, () => import('@electric-sql/pglite')).then(({ PGlite }) => PGlite.create(dataDir)).catch((error: unknown) => {
      opened = undefined;
      throw error;
    }));
  // One query or transaction at a time: a promise chain.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => {});
    return next;
  };
  const raw: SqlSession = {
    async query<ROW>(sql: string, params: unknown[] = []) {
      const db = await open();
      const result = await db.query<ROW>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await (await open()).exec(sql);
    },
  };
  const client: SqlClient = {
    query: (sql, params) => serial(() => raw.query(sql, params)), // `prepare` does not apply in process
    exec: (sql) => serial(() => raw.exec(sql)),
    session: (fn) => serial(() => fn(raw)),
    async close() {
      const db = opened ? await opened.catch(() => undefined) : undefined;
      opened = undefined;
      await db?.close();
    },
  };
  return markDbSystem(sqlStore(client, options), 'postgresql');
}
