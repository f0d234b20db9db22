/** One connection's worth of SQL: parameterized queries and multi-statement scripts. */
export interface SqlSession {
  /**
   * `prepare`: a name for a hot statement of fixed text whose result columns never change (no `*`):
   * `pg` prepares it once per connection and the server plans it once, not on every call (planning a
   * recursive CTE costs more than running it). PGlite ignores it.
   */
  query<ROW = Record<string, unknown>>(sql: string, params?: unknown[], prepare?: string): Promise<{ rows: ROW[]; rowCount: number }>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** What the SQL store needs of a database: PGlite or a `pg` pool (see `pglite-store` / `postgres-store`). */
export interface SqlClient extends SqlSession {
  /** Runs `fn` on one connection held for its duration (advisory locks, transactions). */
  session<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs `fn` in a transaction on one connection: commit when it resolves, rollback when it throws. */
export async function transaction<T>(client: SqlClient, fn: (tx: SqlSession) => Promise<T>): Promise<T> {
  return client.session(async (session) => {
    await session.query('begin');
    try {
      const result = await fn(session);
      await session.query('commit');
      return result;
    } catch (error) {
      await session.query('rollback').catch(() => {});
      throw error;
    }
  });
}
