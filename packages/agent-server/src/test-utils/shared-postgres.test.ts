import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './shared-postgres.js';

async function query<ROW>(connectionString: string, sql: string): Promise<ROW[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(sql)).rows as ROW[];
  } finally {
    await client.end();
  }
}

describe('postgresDatabase (the run’s one PostgreSQL cluster)', () => {
  it('gives each caller a new, empty database of its own on the same server', async () => {
    const [a, b] = await Promise.all([postgresDatabase(), postgresDatabase()]);
    expect(a.connectionString).not.toBe(b.connectionString);
    expect(new URL(a.connectionString).port).toBe(new URL(b.connectionString).port);
    const tables = `select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
    expect(await query(a.connectionString, tables)).toEqual([{ n: 0 }]);
    await query(a.connectionString, 'create table only_in_a (id int)');
    expect(await query(a.connectionString, tables)).toEqual([{ n: 1 }]);
    expect(await query(b.connectionString, tables)).toEqual([{ n: 0 }]);
  }, 60_000);

  it('is a throwaway server: durability is off', async () => {
    const { connectionString } = await postgresDatabase();
    expect(await query(connectionString, `select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync`)).toEqual([{ fsync: 'off', sync: 'off' }]);
  }, 60_000);
});
