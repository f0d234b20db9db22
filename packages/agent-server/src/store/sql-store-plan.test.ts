import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { postgresDatabase } from '../test-utils/shared-postgres.js';
import { postgresStore } from './postgres-store.js';
import { LIST_MESSAGES_SQL } from './sql-store.js';

let admin: pg.Client;
const store = { current: undefined as ReturnType<typeof postgresStore> | undefined };

/**
 * A long branched conversation `c` of user `u`: a line m1 … m3000, and a branch b1 … b500 under
 * m2000 (an edit of m2001), active. The path is m1 … m2000, b1 … b500; m2001 … m3000 are off it
 * but older than every b (their seq is lower).
 */
const SEED = `
insert into agent_conversations (id, user_id, agent_id, title, created_at, updated_at, version, metadata, active_leaf_id)
  values ('c', 'u', 'assistant', 'Long', now(), now(), 1, '{}'::jsonb, 'b500');
insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
  select 'c', 'm' || g, case when g > 1 then 'm' || (g - 1) end, g, case when g % 2 = 1 then 'user' else 'assistant' end,
         jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Message ' || g)), '{}'::jsonb, now()
  from generate_series(1, 3000) g;
insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
  select 'c', 'b' || g, case when g > 1 then 'b' || (g - 1) else 'm2000' end, 3000 + g, case when g % 2 = 1 then 'user' else 'assistant' end,
         jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Branch ' || g)), '{}'::jsonb, now()
  from generate_series(1, 500) g;
analyze agent_messages;`;

const PATH = [...Array.from({ length: 2000 }, (_, i) => `m${i + 1}`), ...Array.from({ length: 500 }, (_, i) => `b${i + 1}`)];

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Rows of `agent_messages` the plan read: returned by its scans plus read and filtered out. */
function messageRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'agent_messages' ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + messageRowsRead(child), 0);
}

beforeAll(async () => {
  const { connectionString } = await postgresDatabase();
  store.current = postgresStore({ connectionString });
  await store.current.listConversations('u', { limit: 1 }); // migrations
  admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(SEED);
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await store.current?.close?.();
});

describe('SQL store: pages of a long branched path (PostgreSQL)', () => {
  it('pages back through the whole active path, every message once, in order, crossing the branch', async () => {
    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const rows = (await store.current!.listMessages('u', 'c', { limit: 51, ...(before === undefined ? {} : { beforeSeq: before }) }))!;
      const page = rows.length > 50 ? rows.slice(1) : rows;
      seen.unshift(...page.map((m) => m.id));
      if (rows.length <= 50) break;
      before = page[0]!.seq;
    }
    expect(seen).toEqual(PATH);
  }, 60_000);

  it('a page far back reads about its page, not every message newer than it', async () => {
    // The page before m1001 (seq 1001): m951 … m1000 and the row that tells there is more.
    const params = ['c', 'u', 1001, 51];
    const { rows } = await admin.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${LIST_MESSAGES_SQL}`, params);
    const read = messageRowsRead(rows[0]!['QUERY PLAN'][0].Plan);
    const page = (await admin.query<{ id: string }>(LIST_MESSAGES_SQL, params)).rows.map((r) => r.id);
    expect(page).toEqual(PATH.slice(949, 1000).reverse());
    // 51 rows of the page, their 51 sibling lookups, a few per line walked; scanning down from the
    // newest message of the line (the old plan) read the 1,999 messages newer than the page first.
    expect(read).toBeLessThan(400);
  });
});
