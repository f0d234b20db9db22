import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { describeConversationStore } from '../testing/conversation-store-suite.js';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { MIGRATIONS } from './migrations.js';
import { postgresStore } from './postgres-store.js';
import { StoreUnavailableError } from './types.js';

// This file's database; the migration case below takes another, empty one.
const database = postgresDatabase();

describeConversationStore('postgresStore (a real PostgreSQL server)', async () => postgresStore({ connectionString: (await database).connectionString }), {
  close: (store) => store.close?.(),
});

describe('postgresStore migrations', () => {
  it('lets several instances start at once on an empty database; migrating again is a no-op', async () => {
    const url = (await postgresDatabase()).connectionString;
    const stores = Array.from({ length: 4 }, () => postgresStore({ connectionString: url }));
    const lists = await Promise.all(stores.map((store) => store.listConversations('u', { limit: 1 })));
    expect(lists).toEqual([[], [], [], []]);
    const again = postgresStore({ connectionString: url });
    expect(await again.listConversations('u', { limit: 1 })).toEqual([]);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query('select version from agent_store_migrations order by version');
    await check.end();
    expect(rows).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    await Promise.all([...stores, again].map((store) => store.close?.()));
  }, 60_000);

  it('accepts a pool of yours and leaves it open', async () => {
    const pool = new pg.Pool({ connectionString: (await database).connectionString });
    const store = postgresStore({ pool });
    expect(await store.getConversation('nobody', 'nothing')).toBeNull();
    await store.close?.();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it('fails fast with StoreUnavailableError when nothing listens', async () => {
    const store = postgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres', timeoutMs: 3_000 });
    await expect(store.listConversations('u', { limit: 1 })).rejects.toBeInstanceOf(StoreUnavailableError);
    await store.close?.();
  });
});
