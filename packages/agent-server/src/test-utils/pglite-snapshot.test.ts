import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';

const tables = `select count(*)::int as n from information_schema.tables where table_schema = 'public'`;

describe('in-memory PGlite in the unit tests (pglite-snapshot.ts)', () => {
  it('starts from the run’s copy of an empty database once it is there: empty, and not shared between instances', async () => {
    const file = inject('pgliteSnapshot');
    expect(file).toBeTruthy();
    // The global setup dumps it in the background; wait here (outside any store deadline) until it is there.
    await expect.poll(() => existsSync(file!), { timeout: 60_000, interval: 100 }).toBe(true);
    const a = await PGlite.create('memory://');
    const b = await PGlite.create('memory://');
    try {
      expect((await a.query(tables)).rows).toEqual([{ n: 0 }]);
      await a.exec('create table only_in_a (id int); insert into only_in_a values (1)');
      expect((await a.query(tables)).rows).toEqual([{ n: 1 }]);
      expect((await b.query(tables)).rows).toEqual([{ n: 0 }]);
      expect((await b.query<{ v: string }>('select version() as v')).rows[0]!.v).toMatch(/^PostgreSQL/);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Both opened from the copy: the patched create kept it.
    expect((PGlite as unknown as Record<symbol, { snapshot?: Blob }>)[Symbol.for('xkit.test.pglite-snapshot')]?.snapshot?.size).toBeGreaterThan(1_000_000);
  }, 90_000);
});
