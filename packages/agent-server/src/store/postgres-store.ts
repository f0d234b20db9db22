import { assertInstalled, importOptional, type OptionalPackage } from '../config/optional-package.js';
import { markDbSystem } from '../tracing/db-spans.js';
import type { Pool, PoolConfig } from 'pg';
import type { SqlClient, SqlSession } from './sql-client.js';
import { sqlStore, type SqlStoreOptions } from './sql-store.js';
import type { ConversationStore } from './types.js';

/** Options of `postgresStore` (`@x/agent-server/postgres`): a connection string (the store opens its own `pg` pool) or your pool. */
export type PostgresStoreOptions = SqlStoreOptions &
  (
    | {
        /** `postgres://user:pass@host:5432/db`. The store opens its own pool (10 connections, 5 s connect timeout). */
        connectionString: string;
        /** More `pg` pool settings for the store's own pool. */
        poolConfig?: Omit<PoolConfig, 'connectionString'>;
      }
    | {
        /** Your `pg` pool; the store does not close it. */
        pool: Pool;
      }
  );

const PG: OptionalPackage = { pkg: 'pg', path: 'store', feature: 'postgresStore' };

/**
 * The production store: PostgreSQL through `pg` 8 (an optional peer: `npm install pg`; import from
 * `@x/agent-server/postgres`). A missing `pg` is a `ConfigError` where the store is created. Runs the versioned migrations at start under an
 * advisory lock (several instances can start at once). A database that is down answers 503
 * `store_unavailable` within the store's deadline, never a hang.
 */
export function postgresStore(options: PostgresStoreOptions): ConversationStore {
  let poolPromise: Promise<Pool> | undefined;
  const ownPool = 'connectionString' in options;
  // `pg` is an optional peer: with a connection string the store opens its own pool, so it must be installed.
  if (ownPool) assertInstalled(PG);
  const getPool = () =>
    (poolPromise ??= (async () => {
      if (!ownPool) return options.pool;
      const pg = await importOptional(PG, () => import('pg'));
      const pool = new pg.default.Pool({
        max: 10,
        connectionTimeoutMillis: 5_000,
        query_timeout: options.timeoutMs ?? 10_000,
        ...options.poolConfig,
        connectionString: options.connectionString,
      });
      // An idle connection that dies (the server restarts) must not crash the process.
      pool.on('error', () => {});
      return pool;
    })());
  const client: SqlClient = {
    async query<ROW>(sql: string, params: unknown[] = [], prepare?: string) {
      const result = await (await getPool()).query(prepare ? { name: prepare, text: sql, values: params } : { text: sql, values: params });
      return { rows: result.rows as ROW[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await (await getPool()).query(sql);
    },
    async session(fn) {
      const connection = await (await getPool()).connect();
      let broken = false;
      const session: SqlSession = {
        async query<ROW>(sql: string, params: unknown[] = [], prepare?: string) {
          try {
            const result = await connection.query(prepare ? { name: prepare, text: sql, values: params } : { text: sql, values: params });
            return { rows: result.rows as ROW[], rowCount: result.rowCount ?? 0 };
          } catch (error) {
            if ((error as { code?: string }).code === undefined) broken = true;
            throw error;
          }
        },
        async exec(sql: string) {
          await connection.query(sql);
        },
      };
      try {
        return await fn(session);
      } finally {
        // A connection that failed below SQL (reset, timeout) is dropped, not reused.
        connection.release(broken);
      }
    },
    async close() {
      if (ownPool && poolPromise) await (await poolPromise).end();
      poolPromise = undefined;
    },
  };
  return markDbSystem(sqlStore(client, options), 'postgresql');
}
