import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeConversationStore } from '../testing/conversation-store-suite.js';
import { MIGRATIONS } from './migrations.js';
import { pgliteStore } from './pglite-store.js';

describeConversationStore('pgliteStore (in memory)', () => pgliteStore({ dataDir: 'memory://' }), { close: (store) => store.close?.() });

describe('pgliteStore in a data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps conversations across a reopen, and migrating again is a no-op', async () => {
    const first = pgliteStore({ dataDir: dir });
    const now = new Date();
    await first.beginTurn({ userId: 'u', conversationId: 'c1', agentId: 'a', expectedVersion: null, messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], run: { id: 'r1' }, now });
    await first.close?.();
    const second = pgliteStore({ dataDir: dir });
    expect((await second.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['m1']);
    expect(await second.getConversation('u', 'c1')).toMatchObject({ agentId: 'a', activeRunId: 'r1' });
    await second.close?.();
  }, 60_000);
});

describe('pgliteStore on a database of an earlier version', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-v1-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies only the new migrations; runs written before run records read without them', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const old = await PGlite.create(dir);
    await old.exec(MIGRATIONS[0]!.sql);
    await old.exec('create table agent_store_migrations (version integer primary key, applied_at timestamptz not null default now())');
    await old.query('insert into agent_store_migrations (version) values (1)');
    await old.query(`insert into agent_conversations (id, user_id, agent_id, created_at, updated_at) values ('c1', 'u', 'a', now(), now())`);
    await old.query(`insert into agent_runs (id, conversation_id, status, steps, started_at, finished_at) values ('r-old', 'c1', 'completed', 2, now(), now())`);
    await old.close();

    const store = pgliteStore({ dataDir: dir });
    expect(await store.getRun('u', 'r-old')).toMatchObject({ id: 'r-old', status: 'completed', steps: 2, agentId: null, initiatorToolCallId: null, timeline: null });
    const conversation = (await store.getConversation('u', 'c1'))!;
    await store.beginTurn({ userId: 'u', conversationId: 'c1', agentId: 'a', expectedVersion: conversation.version, messages: [], run: { id: 'r-new' }, now: new Date() });
    await store.finishTurn({ userId: 'u', conversationId: 'c1', runId: 'r-new', status: 'completed', steps: 0, timeline: { steps: [], toolCalls: [] }, now: new Date() });
    expect(await store.getRun('u', 'r-new')).toMatchObject({ agentId: 'a', timeline: { steps: [], toolCalls: [] } });
    await store.close?.();
  }, 60_000);
});

/**
 * A PGlite database in `dir` as an older version wrote it: migrations up to `version`, one
 * conversation (`conversationSql`) and its user messages as (id, parent id, seq) rows.
 */
async function writeOldDatabase(dir: string, version: number, conversationSql: string, rows: readonly (readonly [string, string | null, number])[]) {
  const { PGlite } = await import('@electric-sql/pglite');
  const old = await PGlite.create(dir);
  const migrations = MIGRATIONS.filter((m) => m.version <= version);
  for (const migration of migrations) await old.exec(migration.sql);
  await old.exec('create table agent_store_migrations (version integer primary key, applied_at timestamptz not null default now())');
  await old.query(`insert into agent_store_migrations (version) values ${migrations.map((m) => `(${m.version})`).join(', ')}`);
  await old.query(conversationSql);
  for (const [id, parent, seq] of rows) {
    await old.query(
      `insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, created_at) values ('c1', $1, $2, $3, 'user', '[]'::jsonb, now())`,
      [id, parent, seq],
    );
  }
  await old.close();
}

describe('pgliteStore on a database from before branches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-v2-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a thread written as one line as the active path, re-linking past a message deleted back then', async () => {
    // m3 was deleted by the single-message delete of that time: m4 still names it as its parent.
    await writeOldDatabase(dir, 2, `insert into agent_conversations (id, user_id, agent_id, created_at, updated_at) values ('c1', 'u', 'a', now(), now())`, [
      ['m1', null, 1],
      ['m2', 'm1', 2],
      ['m4', 'm3', 4],
      ['m5', 'm4', 5],
    ]);

    const store = pgliteStore({ dataDir: dir });
    expect((await store.loadThread('u', 'c1'))!.map((m) => [m.id, m.parentId])).toEqual([
      ['m1', null],
      ['m2', 'm1'],
      ['m4', 'm2'],
      ['m5', 'm4'],
    ]);
    expect((await store.listMessages('u', 'c1', { limit: 2 }))!.map((m) => m.id)).toEqual(['m4', 'm5']);
    await store.close?.();
  }, 60_000);
});

describe('pgliteStore on a database from before lines (migration 5)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xkit-pglite-v4-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cuts a tree written before into lines: paths, versions, switches and new turns read as before', async () => {
    // u1 → a1 → u2 → a2, then u2 edited (u2b → a2b) and a1 regenerated (a1b): three lines.
    await writeOldDatabase(
      dir,
      4,
      `insert into agent_conversations (id, user_id, agent_id, created_at, updated_at, version, active_leaf_id) values ('c1', 'u', 'a', now(), now(), 7, 'a2b')`,
      [['u1', null, 1], ['a1', 'u1', 2], ['u2', 'a1', 3], ['a2', 'u2', 4], ['u2b', 'a1', 5], ['a2b', 'u2b', 6], ['a1b', 'u1', 7]],
    );

    const store = pgliteStore({ dataDir: dir });
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect((await store.listMessages('u', 'c1', { limit: 10 }))!.map((m) => [m.id, m.siblingIds])).toEqual([
      ['u1', ['u1']],
      ['a1', ['a1', 'a1b']],
      ['u2b', ['u2', 'u2b']],
      ['a2b', ['a2b']],
    ]);
    expect(await store.switchBranch('u', 'c1', 'u2', new Date())).toBe('ok');
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(await store.switchBranch('u', 'c1', 'u1', new Date())).toBe('ok');
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1', 'a1b']);
    expect(await store.switchBranch('u', 'c1', 'a1', new Date())).toBe('ok');
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    const { version } = (await store.getConversation('u', 'c1'))!;
    await store.beginTurn({ userId: 'u', conversationId: 'c1', agentId: 'a', expectedVersion: version, parentId: 'u2', messages: [{ id: 'u3', role: 'user', parts: [] }], run: { id: 'r1' }, now: new Date() });
    expect((await store.loadThread('u', 'c1'))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'u3']);
    expect((await store.listMessages('u', 'c1', { limit: 10 }))!.map((m) => m.siblingIds)).toEqual([['u1'], ['a1', 'a1b'], ['u2', 'u2b'], ['a2', 'u3']]);
    await store.close?.();
  }, 60_000);
});
