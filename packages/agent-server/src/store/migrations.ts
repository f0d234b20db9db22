import type { SqlClient } from './sql-client.js';

/**
 * The schema, as versioned migrations shared by PGlite and PostgreSQL. Append new versions; never
 * edit an applied one. Applied at start under an advisory lock (several instances may start at once).
 */
export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
create table agent_conversations (
  id text primary key,
  user_id text not null,
  agent_id text not null,
  title text,
  created_at timestamptz(3) not null,
  updated_at timestamptz(3) not null,
  version integer not null default 0,
  active_run_id text,
  metadata jsonb not null default '{}'::jsonb
);
create index agent_conversations_user_updated on agent_conversations (user_id, updated_at desc, id desc);
create table agent_messages (
  conversation_id text not null references agent_conversations (id) on delete cascade,
  id text not null,
  parent_id text,
  seq integer not null,
  role text not null,
  parts jsonb not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  primary key (conversation_id, id)
);
create unique index agent_messages_seq on agent_messages (conversation_id, seq);
create table agent_runs (
  id text primary key,
  conversation_id text not null references agent_conversations (id) on delete cascade,
  message_id text,
  status text not null,
  stop_reason text,
  steps integer not null default 0,
  usage jsonb,
  started_at timestamptz not null,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  initiator_run_id text
);
create index agent_runs_conversation on agent_runs (conversation_id, started_at);
`,
  },
  {
    // Run records: who ran, the tool call that started a sub-agent run, and what the run did.
    version: 2,
    sql: `
alter table agent_runs add column agent_id text;
alter table agent_runs add column initiator_tool_call_id text;
alter table agent_runs add column timeline jsonb;
`,
  },
  {
    // Branches: the conversation's active leaf, and the children of a message found by index. Rows
    // written before it form one line; a message whose parent was deleted (a single-message delete of
    // that time) is re-linked to the message before it, so its path still reaches the root.
    version: 3,
    sql: `
alter table agent_conversations add column active_leaf_id text;
create index agent_messages_parent on agent_messages (conversation_id, parent_id, seq);
update agent_messages m set parent_id = (
  select p.id from agent_messages p where p.conversation_id = m.conversation_id and p.seq < m.seq order by p.seq desc limit 1
) where m.parent_id is not null
  and not exists (select 1 from agent_messages p where p.conversation_id = m.conversation_id and p.id = m.parent_id);
update agent_conversations c set active_leaf_id = (
  select m.id from agent_messages m where m.conversation_id = c.id order by m.seq desc limit 1
);
`,
  },
  {
    // The messages a user queued while a reply streamed (sent one by one when it ends), kept with the
    // conversation so a reload shows them.
    version: 4,
    sql: `
alter table agent_conversations add column queue jsonb not null default '[]'::jsonb;
`,
  },
];

/** Any 64-bit number shared by every instance of the kit: the advisory lock of the migrations. */
const MIGRATION_LOCK = 7_317_442_019;

/** Applies the missing migrations, each in its own transaction, holding the advisory lock. Idempotent. */
export async function migrate(client: SqlClient): Promise<void> {
  await client.session(async (session) => {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await session.query(
        'create table if not exists agent_store_migrations (version integer primary key, applied_at timestamptz not null default now())',
      );
      const { rows } = await session.query<{ version: number }>('select version from agent_store_migrations');
      const applied = new Set(rows.map((r) => Number(r.version)));
      for (const migration of MIGRATIONS) {
        if (applied.has(migration.version)) continue;
        await session.query('begin');
        try {
          await session.exec(migration.sql);
          await session.query('insert into agent_store_migrations (version) values ($1)', [migration.version]);
          await session.query('commit');
        } catch (error) {
          await session.query('rollback').catch(() => {});
          throw error;
        }
      }
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  });
}
