import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

const tables = `select count(*)::int as n from information_schema.tables where table_schema = 'public'`;
const snapshotOf = () => (PGlite as unknown as Record<symbol, { snapshot?: Blob } | undefined>)[Symbol.for('xkit.test.pglite-snapshot')]?.snapshot;

describe('in-memory PGlite in the unit tests (pglite-snapshot.ts)', () => {
  it('starts from the worker’s copy of an empty database: empty, and not shared between instances', async () => {
    const first = await PGlite.create('memory://');
    await first.exec('create table used_after_the_copy (id int)');
    // The first one of the worker (or an earlier one) left its empty copy.
    expect(snapshotOf()?.size).toBeGreaterThan(1_000_000);
    const a = await PGlite.create('memory://');
    const b = await PGlite.create('memory://');
    try {
      expect((await a.query(tables)).rows).toEqual([{ n: 0 }]);
      await a.exec('create table only_in_a (id int); insert into only_in_a values (1)');
      expect((await a.query(tables)).rows).toEqual([{ n: 1 }]);
      expect((await b.query(tables)).rows).toEqual([{ n: 0 }]);
      expect((await b.query<{ v: string }>('select version() as v')).rows[0]!.v).toMatch(/^PostgreSQL/);
    } finally {
      await Promise.all([first.close(), a.close(), b.close()]);
    }
  }, 90_000);
});
