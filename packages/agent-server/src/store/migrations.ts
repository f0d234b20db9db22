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
  {
    // Lines: the tree cut into chains so a path and a subtree are walked a chain at a time, not a
    // message at a time. A message continues its parent's line (same `line_id`, `depth` + 1) when the
    // parent has no child in that line yet; else (an edit, a regenerate, a root) it starts its own
    // line (`line_id` = its id) and names the line it forks from (`fork_line_id`). The path to a
    // leaf is its line up to it, then its line head's parent's line, and so on; a subtree's newest
    // message is the newest of the tails of its lines (a leaf ends a line). A trigger fills the three
    // columns on every insert, so every writer (the store, a seed) keeps them right; the unique
    // (line, depth) index makes two racing children of one parent a conflict, like `seq`.
    version: 5,
    sql: `
alter table agent_messages add column line_id text;
alter table agent_messages add column depth integer;
alter table agent_messages add column fork_line_id text;
with recursive t as (
  select conversation_id, id, id as line_id, 0 as depth, null::text as fork_line_id from agent_messages where parent_id is null
  union all
  select m.conversation_id, m.id,
         case when m.seq = f.first_seq then t.line_id else m.id end, t.depth + 1,
         case when m.seq = f.first_seq then null else t.line_id end
  from t join agent_messages m on m.conversation_id = t.conversation_id and m.parent_id = t.id
  join lateral (select min(s.seq) as first_seq from agent_messages s where s.conversation_id = m.conversation_id and s.parent_id = m.parent_id) f on true
)
update agent_messages a set line_id = t.line_id, depth = t.depth, fork_line_id = t.fork_line_id
from t where a.conversation_id = t.conversation_id and a.id = t.id;
update agent_messages set line_id = id, depth = 0 where line_id is null;
alter table agent_messages alter column line_id set not null;
alter table agent_messages alter column depth set not null;
create unique index agent_messages_line on agent_messages (conversation_id, line_id, depth);
create index agent_messages_fork on agent_messages (conversation_id, fork_line_id, depth) where fork_line_id is not null;
create function agent_messages_line() returns trigger language plpgsql as $fn$
declare
  parent record;
begin
  new.fork_line_id := null;
  select line_id, depth into parent from agent_messages where conversation_id = new.conversation_id and id = new.parent_id;
  if new.parent_id is null or not found then
    new.line_id := new.id;
    new.depth := 0;
    return new;
  end if;
  new.depth := parent.depth + 1;
  if exists (select 1 from agent_messages where conversation_id = new.conversation_id and line_id = parent.line_id and depth = parent.depth + 1) then
    new.line_id := new.id;
    new.fork_line_id := parent.line_id;
  else
    new.line_id := parent.line_id;
  end if;
  return new;
end
$fn$;
create trigger agent_messages_line before insert on agent_messages for each row execute function agent_messages_line();
`,
  },
  {
    // Checkpoints: the reply of a running run as it stood at its last checkpoint (cleared when the
    // run ends), so a server that dies mid-reply leaves what it had streamed.
    version: 6,
    sql: `
alter table agent_runs add column checkpoint jsonb;
`,
  },
  {
    // Pages far back: a line's messages by seq, so the page before a cursor is one range scan of
    // its lines (seq grows with depth along a line) instead of a scan from the line's newest message
    // down to the cursor — paging back through 10,000 messages read every newer message per page.
    version: 7,
    sql: `
create index agent_messages_line_seq on agent_messages (conversation_id, line_id, seq);
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
