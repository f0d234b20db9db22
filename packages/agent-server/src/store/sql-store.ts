// Over 300 lines on purpose: every statement of the SQL store in one file, so PGlite and PostgreSQL
// run exactly the same SQL and a reviewer sees the whole schema usage at once.
import { migrate } from './migrations.js';
import { transaction, type SqlClient, type SqlSession } from './sql-client.js';
import { decodeJson, decodeText, encodeJson, encodeText } from './sql-text.js';
import {
  STALE_RUN_MS,
  StoreConflictError,
  StoreUnavailableError,
  type ConversationRecord,
  type ConversationStore,
  type MessageInput,
  type MessageRecord,
  type PathMessageRecord,
  type RunRecord,
} from './types.js';

/** Options both SQL stores (`pgliteStore`, `postgresStore`) take. */
export interface SqlStoreOptions {
  /** Longest a store call may take before it fails as unavailable (default 10,000 ms). */
  timeoutMs?: number;
}

type Row = Record<string, unknown>;

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
/** A jsonb parameter: NUL escaped reversibly (`sql-text.ts`), read back with `decodeJson`. */
const json = (value: unknown): string => encodeJson(value ?? {});
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? decodeText(value) : null);

function toConversation(row: Row): ConversationRecord {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    agentId: row.agent_id as string,
    title: textOrNull(row.title),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
    activeRunId: (row.active_run_id as string | null) ?? null,
    awaitingApproval: row.awaiting_approval === true,
    metadata: decodeJson((row.metadata as Record<string, unknown>) ?? {}),
  };
}

function toMessage(row: Row): MessageRecord {
  return {
    conversationId: row.conversation_id as string,
    id: row.id as string,
    parentId: (row.parent_id as string | null) ?? null,
    seq: Number(row.seq),
    role: row.role as MessageRecord['role'],
    parts: decodeJson(row.parts as MessageRecord['parts']),
    metadata: decodeJson((row.metadata as Record<string, unknown>) ?? {}),
    createdAt: iso(row.created_at),
  };
}

function toRun(row: Row): RunRecord {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    messageId: (row.message_id as string | null) ?? null,
    status: row.status as RunRecord['status'],
    stopReason: (row.stop_reason as string | null) ?? null,
    steps: Number(row.steps),
    usage: decodeJson((row.usage as Record<string, unknown> | null) ?? null),
    startedAt: iso(row.started_at),
    heartbeatAt: isoOrNull(row.heartbeat_at),
    finishedAt: isoOrNull(row.finished_at),
    initiatorRunId: (row.initiator_run_id as string | null) ?? null,
    agentId: (row.agent_id as string | null) ?? null,
    initiatorToolCallId: (row.initiator_tool_call_id as string | null) ?? null,
    timeline: decodeJson((row.timeline as RunRecord['timeline']) ?? null),
    checkpoint: decodeJson((row.checkpoint as RunRecord['checkpoint']) ?? null),
  };
}

const MESSAGE_COLUMNS = 'conversation_id, id, parent_id, seq, role, parts, metadata, created_at';
const columnsOf = (alias: string) =>
  MESSAGE_COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
const JOINED_MESSAGE_COLUMNS = columnsOf('m');

/** Above every seq (an integer column): the bound of a page with no cursor. */
const MAX_SEQ = 2_147_483_647;

/** The active leaf of `c`: its column, else (rows written by other means) its newest message. */
const ACTIVE_LEAF = 'coalesce(c.active_leaf_id, (select x.id from agent_messages x where x.conversation_id = c.id order by x.seq desc limit 1))';

/**
 * Whether `c` waits for an approval: no turn runs (an answer is not being worked on) and its active
 * leaf is an assistant message with a tool part in state `approval-requested` (`awaitsApproval` in message-tree.ts is the same test in memory). One primary-key
 * lookup and a jsonb containment test per row: cheap for a page of the list.
 */
const AWAITING_APPROVAL = `(c.active_run_id is null and exists (select 1 from agent_messages w where w.conversation_id = c.id and w.id = ${ACTIVE_LEAF}
  and w.role = 'assistant' and w.parts @> '[{"state":"approval-requested"}]'::jsonb)) as awaiting_approval`;

/**
 * `c` (the user's conversation: `$1` id, `$2` user) and `path`: the messages root → `leaf` (an SQL
 * expression over `c`), a line at a time (migration 5): `lines` walks from the leaf's line to its
 * head's parent's line and so on (one primary-key lookup per line, not per message), and `path`
 * reads each line's part (`line_id`, `seq` ≤ the seq where the path leaves it: along a line, as
 * along any path, seq grows with depth) with one range scan of the (conversation, line, seq) index
 * (migration 7). `page` (a page of the newest first: `before` an SQL expression, the seq the page
 * ends before or null, `limit` an SQL expression) stops the walk once the lines found hold `limit`
 * messages (only without `before`: a cursor could leave fewer) and reads at most `limit` messages a
 * line, starting at `before`: a page far back reads its page, not every message newer than it.
 */
const pathFrom = (leaf: string, page?: { before: string; limit: string }) => `with recursive
  c as (select id, active_leaf_id from agent_conversations where id = $1 and user_id = $2),
  lines as (
    select m.line_id, m.depth as upto, m.seq as upto_seq, 0 as found from agent_messages m join c on m.conversation_id = c.id and m.id = ${leaf}
    union all
    select p.line_id, p.depth, p.seq, lines.found + lines.upto - h.depth + 1 from lines
    join lateral (select x.parent_id, x.depth from agent_messages x where x.conversation_id = $1 and x.id = lines.line_id limit 1) h on true
    join lateral (select x.line_id, x.depth, x.seq from agent_messages x where x.conversation_id = $1 and x.id = h.parent_id limit 1) p on true
    ${page ? `where ${page.before} is not null or lines.found + lines.upto - h.depth + 1 < ${page.limit}` : ''}
  ),
  path as (
    select m.* from lines join lateral (
      select ${columnsOf('x')}, x.depth from agent_messages x where x.conversation_id = $1 and x.line_id = lines.line_id and x.seq <= lines.upto_seq
      ${page ? `and x.seq < coalesce(${page.before}, ${MAX_SEQ}) order by x.seq desc limit ${page.limit}` : ''}
    ) m on true
  )`;

/**
 * `listMessages`: a page of the active path, newest first, each message with its siblings' ids
 * (`$1` conversation, `$2` user, `$3` the seq the page ends before or null, `$4` the page size).
 * Exported for the test that reads its plan (sql-store-plan.test.ts), not from the package.
 */
export const LIST_MESSAGES_SQL = `${pathFrom(ACTIVE_LEAF, { before: '$3::integer', limit: '$4::integer' })}
  select ${columnsOf('page')}, case when page.parent_id is null
    then array(select s.id from agent_messages s where s.conversation_id = page.conversation_id and s.parent_id is null order by s.seq)
    else array(select s.id from agent_messages s where s.conversation_id = page.conversation_id and s.parent_id = page.parent_id order by s.seq)
  end as sibling_ids
  from c left join (select * from path where $3::integer is null or seq < $3 order by seq desc limit $4::integer) page on true
  order by page.seq desc`;

/** Writes a message: replaced in place when its id exists, else added under `parentId`. */
async function writeMessage(tx: SqlSession, conversationId: string, message: MessageInput, parentId: string | null, now: Date): Promise<void> {
  await tx.query(
    `insert into agent_messages (${MESSAGE_COLUMNS})
     select $1, $2, $7::text, coalesce((select max(seq) from agent_messages where conversation_id = $1), 0) + 1, $3, $4::jsonb, $5::jsonb, $6
     on conflict (conversation_id, id) do update set role = excluded.role, parts = excluded.parts, metadata = excluded.metadata`,
    [conversationId, message.id, message.role, json(message.parts ?? []), json(message.metadata), now, parentId],
  );
}

/**
 * `sublines` (`line_id`, `depth`; conversation `$1`): the lines of the subtree of the CTE `target`
 * (`line_id`, `depth`): its own line from its depth on, and every line forking from one of them
 * (the partial `fork_line_id` index; `offset 0` keeps each step a nested loop).
 */
const SUBTREE_LINES = `sublines as (
  select line_id, depth from target
  union all
  select f.line_id, f.depth from sublines
  join lateral (select x.line_id, x.depth from agent_messages x where x.conversation_id = $1 and x.fork_line_id = sublines.line_id and x.depth > sublines.depth offset 0) f on true
)`;
/** The newest message of `sublines`: the newest of their tails (each line's deepest message), as a scalar subquery. */
const NEWEST_OF_LINES = `select t.id from sublines join lateral (
    select x.id, x.seq from agent_messages x where x.conversation_id = $1 and x.line_id = sublines.line_id order by x.depth desc limit 1
  ) t on true order by t.seq desc limit 1`;

/** The newest message under `rootId` (it included; null: in the whole conversation), or null. */
async function newestUnder(tx: SqlSession, conversationId: string, rootId: string | null): Promise<string | null> {
  const { rows } =
    rootId === null
      ? await tx.query<{ id: string }>('select id from agent_messages where conversation_id = $1 order by seq desc limit 1', [conversationId])
      : await tx.query<{ id: string }>(
          `with recursive target as (select line_id, depth from agent_messages where conversation_id = $1 and id = $2), ${SUBTREE_LINES} ${NEWEST_OF_LINES}`,
          [conversationId, rootId],
        );
  return rows[0]?.id ?? null;
}

/** Deletes `messageId` and every message under it. */
async function deleteSubtree(tx: SqlSession, conversationId: string, messageId: string): Promise<void> {
  await tx.query(
    `with recursive sub as (
       select id from agent_messages where conversation_id = $1 and id = $2
       union all
       select m.id from sub join lateral (select id from agent_messages x where x.conversation_id = $1 and x.parent_id = sub.id offset 0) m on true
     ) delete from agent_messages where conversation_id = $1 and id in (select id from sub)`,
    [conversationId, messageId],
  );
}

/** Whether a Postgres error is a unique violation (an id or a seq taken by a racing write). */
const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/**
 * The `ConversationStore` on SQL, shared by `pgliteStore` and `postgresStore` (same statements, same
 * migrations). Concurrency: a turn locks its conversation row (`for update`) and checks `version`
 * and the active run, so of two racing turns one wins and the other gets `StoreConflictError`.
 * Every call has a deadline; a database that fails or is too slow gives `StoreUnavailableError`.
 */
export function sqlStore(client: SqlClient, options: SqlStoreOptions = {}): ConversationStore & { ready(): Promise<void> } {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let ready: Promise<void> | undefined;
  const init = () => {
    ready ??= migrate(client).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  async function guard<T>(op: string, fn: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError(`The conversation store did not answer within ${timeoutMs} ms (${op}).`)), timeoutMs);
    });
    try {
      return await Promise.race([init().then(fn), deadline]);
    } catch (error) {
      if (error instanceof StoreConflictError || error instanceof StoreUnavailableError) throw error;
      if (isUniqueViolation(error)) throw new StoreConflictError();
      throw new StoreUnavailableError(`The conversation store failed (${op}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function owned(tx: SqlSession, userId: string, id: string, lock = false): Promise<ConversationRecord | null> {
    const { rows } = await tx.query(
      `select c.*, ${AWAITING_APPROVAL} from agent_conversations c where id = $1 and user_id = $2${lock ? ' for update of c' : ''}`,
      [id, userId],
    );
    return rows[0] ? toConversation(rows[0]) : null;
  }

  /** Which of conversation / message is missing, or 'ok'. */
  async function messageState(tx: SqlSession, userId: string, id: string, messageId: string): Promise<'ok' | 'conversation' | 'message'> {
    const conversation = await owned(tx, userId, id, true);
    if (!conversation) return 'conversation';
    const { rows } = await tx.query('select 1 from agent_messages where conversation_id = $1 and id = $2', [id, messageId]);
    return rows.length > 0 ? 'ok' : 'message';
  }

  const bump = (tx: SqlSession, id: string, now?: Date) =>
    now
      ? tx.query('update agent_conversations set version = version + 1, updated_at = $2 where id = $1', [id, now])
      : tx.query('update agent_conversations set version = version + 1 where id = $1', [id]);

  return {
    ready: () => guard('migrate', async () => {}),
    close: () => client.close(),

    listConversations: (userId, query) =>
      guard('list conversations', async () => {
        const q = query.q ? `%${encodeText(query.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        const { rows } = await client.query(
          `select c.*, ${AWAITING_APPROVAL} from agent_conversations c
           where user_id = $1 and ($2::text is null or agent_id = $2) and ($3::text is null or title ilike $3)
             and ($4::timestamptz is null or (updated_at, id) < ($4::timestamptz, $5::text))
           order by updated_at desc, id desc limit $6`,
          [userId, query.agentId ?? null, q, query.after?.updatedAt ?? null, query.after?.id ?? null, query.limit],
        );
        return rows.map(toConversation);
      }),

    getConversation: (userId, id) => guard('get conversation', () => owned(client, userId, id)),

    // One round trip each: the conversation (scoped to the user) left-joined to its path — no row
    // means no such conversation, one row of nulls an empty path.
    listMessages: (userId, id, query) =>
      guard('list messages', async () => {
        const { rows } = await client.query(
          LIST_MESSAGES_SQL,
          [id, userId, query.beforeSeq ?? null, query.limit],
          'xkit_list_messages',
        );
        if (rows.length === 0) return null;
        return rows
          .filter((r) => r.id !== null)
          .map((r): PathMessageRecord => ({ ...toMessage(r), siblingIds: r.sibling_ids as string[] }))
          .reverse();
      }),

    loadThread: (userId, id, leafId) =>
      guard('load thread', async () => {
        const { rows } = await client.query(
          `${pathFrom(`coalesce($3::text, ${ACTIVE_LEAF})`)}
           select ${columnsOf('path')} from c left join path on true order by path.seq`,
          [id, userId, leafId ?? null],
          'xkit_load_thread',
        );
        return rows.length === 0 ? null : rows.filter((r) => r.id !== null).map(toMessage);
      }),

    loadTree: (userId, id) =>
      guard('load tree', async () => {
        const { rows } = await client.query(
          `select ${JOINED_MESSAGE_COLUMNS} from agent_conversations c left join agent_messages m on m.conversation_id = c.id
           where c.id = $1 and c.user_id = $2 order by m.seq`,
          [id, userId],
        );
        return rows.length === 0 ? null : rows.filter((r) => r.id !== null).map(toMessage);
      }),

    // One statement (atomic on its own, one round trip: a loaded machine makes every round trip
    // wait for a core): lock the user's conversation, find the message, check for a running turn,
    // walk the lines of the message's subtree to its newest message and make it the active leaf.
    // The commit does not wait for the WAL flush (`synchronous_commit` off for this transaction
    // only): a switch is where the user looks, not data — after a database crash in the next few
    // hundred ms it could come back on the previous branch; no message is at stake, and the commit is
    // still atomic and at once visible to every other reader. Waiting for the disk was most of a
    // switch on a busy machine.
    switchBranch: (userId, id, messageId, now) =>
      guard('switch branch', async () => {
        const { rows } = await client.query<{ found: boolean; target: boolean; busy: boolean }>(
          `with recursive c as (select id, active_run_id from agent_conversations where id = $1 and user_id = $2 for update),
           target as (select m.id, m.line_id, m.depth from agent_messages m join c on m.conversation_id = c.id where m.id = $3),
           busy as (
             select 1 from c join agent_runs r on r.id = c.active_run_id
             where r.status = 'running' and coalesce(r.heartbeat_at, r.started_at) > $4
           ),
           ${SUBTREE_LINES},
           switched as (
             update agent_conversations set active_leaf_id = (${NEWEST_OF_LINES}), version = version + 1
             where id in (select id from c) and exists (select 1 from target) and not exists (select 1 from busy)
           )
           select exists (select 1 from c) as found, exists (select 1 from target) as target, exists (select 1 from busy) as busy,
             set_config('synchronous_commit', 'off', true) as no_flush_wait`,
          [id, userId, messageId, new Date(now.getTime() - STALE_RUN_MS)],
          'xkit_switch_branch',
        );
        const state = rows[0];
        if (!state?.found) return 'conversation';
        if (!state.target) return 'message';
        if (state.busy) throw new StoreConflictError('A turn is running on this conversation.');
        return 'ok';
      }),

    loadQueue: (userId, id) =>
      guard('load queue', async () => {
        const { rows } = await client.query('select queue from agent_conversations where id = $1 and user_id = $2', [id, userId]);
        return rows[0] ? decodeJson(rows[0].queue as MessageInput[]) : null;
      }),

    saveQueue: (userId, id, messages) =>
      guard('save queue', async () => {
        const { rowCount } = await client.query('update agent_conversations set queue = $3::jsonb where id = $1 and user_id = $2', [
          id,
          userId,
          encodeJson(messages.map((m) => ({ id: m.id, role: m.role, parts: m.parts, ...(m.metadata ? { metadata: m.metadata } : {}) }))),
        ]);
        return rowCount > 0;
      }),

    renameConversation: (userId, id, title) =>
      guard('rename conversation', async () => {
        const { rows } = await client.query(
          `update agent_conversations c set title = $3, version = version + 1 where id = $1 and user_id = $2 returning c.*, ${AWAITING_APPROVAL}`,
          [id, userId, encodeText(title)],
        );
        return rows[0] ? toConversation(rows[0]) : null;
      }),

    deleteConversation: (userId, id) =>
      guard('delete conversation', async () => {
        const { rowCount } = await client.query('delete from agent_conversations where id = $1 and user_id = $2', [id, userId]);
        return rowCount > 0;
      }),

    deleteMessage: (userId, id, messageId) =>
      guard('delete message', () =>
        transaction(client, async (tx) => {
          const state = await messageState(tx, userId, id, messageId);
          if (state !== 'ok') return state;
          const { rows } = await tx.query<{ parent_id: string | null }>('select parent_id from agent_messages where conversation_id = $1 and id = $2', [
            id,
            messageId,
          ]);
          await deleteSubtree(tx, id, messageId);
          // The active leaf was in the subtree: the newest message left under the parent takes over.
          const { rows: leaf } = await tx.query(
            `select 1 from agent_conversations c where c.id = $1
             and (c.active_leaf_id is null or not exists (select 1 from agent_messages m where m.conversation_id = $1 and m.id = c.active_leaf_id))`,
            [id],
          );
          if (leaf.length > 0) {
            await tx.query('update agent_conversations set active_leaf_id = $2 where id = $1', [id, await newestUnder(tx, id, rows[0]?.parent_id ?? null)]);
          }
          await bump(tx, id);
          return 'ok';
        }),
      ),

    updateMessageMetadata: (userId, id, messageId, patch) =>
      guard('update message', () =>
        transaction(client, async (tx) => {
          const state = await messageState(tx, userId, id, messageId);
          if (state !== 'ok') return state;
          const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null));
          const removed = Object.keys(patch).filter((k) => patch[k] === null);
          const minus = removed.map((_, i) => ` - $${i + 4}::text`).join('');
          await tx.query(`update agent_messages set metadata = (metadata || $3::jsonb)${minus} where conversation_id = $1 and id = $2`, [
            id,
            messageId,
            json(set),
            ...removed,
          ]);
          await bump(tx, id);
          return 'ok';
        }),
      ),

    beginTurn: (input) =>
      guard('begin turn', () =>
        transaction(client, async (tx) => {
          const id = input.conversationId;
          let parentId = input.parentId ?? null;
          if (input.expectedVersion === null) {
            const { rows } = await tx.query(
              `insert into agent_conversations (id, user_id, agent_id, created_at, updated_at) values ($1, $2, $3, $4, $4)
               on conflict (id) do nothing returning id`,
              [id, input.userId, input.agentId, input.now],
            );
            if (rows.length === 0) throw new StoreConflictError('The conversation exists already.');
          } else {
            const current = await owned(tx, input.userId, id, true);
            if (!current) throw new StoreConflictError('The conversation is gone.');
            if (current.version !== input.expectedVersion) throw new StoreConflictError();
            if (current.activeRunId !== null) {
              const { rows } = await tx.query<{ seen: unknown }>('select coalesce(heartbeat_at, started_at) as seen from agent_runs where id = $1', [
                current.activeRunId,
              ]);
              const seen = rows[0] ? Date.parse(iso(rows[0].seen)) : 0;
              if (seen > input.now.getTime() - STALE_RUN_MS) throw new StoreConflictError('Another turn is running on this conversation.');
              await tx.query(`update agent_runs set status = 'failed', stop_reason = 'interrupted', finished_at = $2 where id = $1 and status = 'running'`, [
                current.activeRunId,
                input.now,
              ]);
            }
            if (input.parentId === undefined) {
              const { rows } = await tx.query<{ active_leaf_id: string | null }>(`select ${ACTIVE_LEAF} as active_leaf_id from agent_conversations c where c.id = $1`, [id]);
              parentId = rows[0]?.active_leaf_id ?? null;
            }
          }
          if (parentId !== null) {
            const { rows } = await tx.query('select 1 from agent_messages where conversation_id = $1 and id = $2', [id, parentId]);
            if (rows.length === 0) throw new StoreConflictError('The message to continue from is gone.');
          }
          for (const message of input.messages) {
            await writeMessage(tx, id, message, parentId, input.now);
            parentId = message.id;
          }
          await tx.query(
            `insert into agent_runs (id, conversation_id, status, started_at, initiator_run_id, agent_id) values ($1, $2, 'running', $3, $4, $5)`,
            [input.run.id, id, input.now, input.run.initiatorRunId ?? null, input.agentId],
          );
          const { rows } = await tx.query(
            'update agent_conversations set version = version + 1, updated_at = $2, active_run_id = $3, active_leaf_id = $4 where id = $1 returning *',
            [id, input.now, input.run.id, parentId],
          );
          return toConversation(rows[0]!);
        }),
      ),

    // One statement (atomic on its own, one round trip): lock the user's conversation, write the
    // reply, end the run, release the conversation.
    finishTurn: (input) =>
      guard('finish turn', async () => {
        const reply = input.reply;
        await client.query(
          `with c as (select id from agent_conversations where id = $1 and user_id = $2 for update),
           msg as (
             insert into agent_messages (${MESSAGE_COLUMNS})
             select $1, $3::text, case when $17::boolean then $16::text else (select ${ACTIVE_LEAF} from agent_conversations c where c.id = $1) end,
                    coalesce((select max(seq) from agent_messages where conversation_id = $1), 0) + 1, $4, $5::jsonb, $6::jsonb, $12
             from c where $3::text is not null
             on conflict (conversation_id, id) do update set role = excluded.role, parts = excluded.parts, metadata = excluded.metadata
           ),
           run as (
             update agent_runs set message_id = $3::text, status = $7, stop_reason = $8, steps = $9, usage = $10::jsonb, finished_at = $12,
               timeline = coalesce($14::jsonb, timeline), checkpoint = null
             where id = $11 and exists (select 1 from c)
           ),
           subs as (
             insert into agent_runs (id, conversation_id, agent_id, status, stop_reason, steps, usage, started_at, finished_at,
                                     initiator_run_id, initiator_tool_call_id, timeline)
             select s.id, $1, s.agent_id, s.status, s.stop_reason, s.steps, s.usage, s.started_at, s.finished_at,
                    s.initiator_run_id, s.initiator_tool_call_id, s.timeline
             from jsonb_to_recordset($15::jsonb) as s(id text, agent_id text, status text, stop_reason text, steps integer, usage jsonb,
                  started_at timestamptz, finished_at timestamptz, initiator_run_id text, initiator_tool_call_id text, timeline jsonb)
             where exists (select 1 from c)
             on conflict (id) do nothing
           )
           update agent_conversations set title = coalesce(title, $13), version = version + 1, updated_at = $12,
             active_leaf_id = coalesce($3::text, active_leaf_id),
             active_run_id = case when active_run_id = $11 then null else active_run_id end
           where id in (select id from c)`,
          [
            input.conversationId,
            input.userId,
            reply?.id ?? null,
            reply?.role ?? 'assistant',
            json(reply?.parts ?? []),
            json(reply?.metadata),
            input.status,
            input.stopReason ?? null,
            input.steps,
            input.usage ? json(input.usage) : null,
            input.runId,
            input.now,
            input.title === undefined ? null : encodeText(input.title),
            input.timeline ? json(input.timeline) : null,
            encodeJson(
              (input.subRuns ?? []).map((sub) => ({
                id: sub.id,
                agent_id: sub.agentId,
                status: sub.status,
                stop_reason: sub.stopReason,
                steps: sub.steps,
                usage: sub.usage,
                started_at: sub.startedAt,
                finished_at: sub.finishedAt,
                initiator_run_id: sub.initiatorRunId,
                initiator_tool_call_id: sub.initiatorToolCallId,
                timeline: sub.timeline,
              })),
            ),
            input.parentId ?? null,
            input.parentId !== undefined,
          ],
        );
      }),

    // One statement: the run's checkpoint while it is running (a late one never touches a run that
    // ended), and the title when the conversation has none. No message, no version bump.
    checkpointRun: (input) =>
      guard('checkpoint run', async () => {
        await client.query(
          `with c as (select id from agent_conversations where id = $1 and user_id = $2),
           run as (
             update agent_runs set checkpoint = $4::jsonb where id = $3 and conversation_id = $1 and status = 'running' and exists (select 1 from c)
             returning id
           )
           update agent_conversations set title = coalesce(title, $5) where id in (select id from c) and $5::text is not null and exists (select 1 from run)`,
          [input.conversationId, input.userId, input.runId, json(input.checkpoint), input.title === undefined ? null : encodeText(input.title)],
        );
      }),

    touchRun: (userId, id, runId, now) =>
      guard('touch run', async () => {
        await client.query(
          `update agent_runs r set heartbeat_at = $4 from agent_conversations c
           where r.id = $3 and r.conversation_id = $1 and r.status = 'running' and c.id = $1 and c.user_id = $2`,
          [id, userId, runId, now],
        );
      }),

    listRuns: (userId, id) =>
      guard('list runs', async () => {
        if (!(await owned(client, userId, id))) return null;
        const { rows } = await client.query('select * from agent_runs where conversation_id = $1 order by started_at, id', [id]);
        return rows.map(toRun);
      }),

    getRun: (userId, runId) =>
      guard('get run', async () => {
        const { rows } = await client.query(
          'select r.* from agent_runs r join agent_conversations c on c.id = r.conversation_id where r.id = $1 and c.user_id = $2',
          [runId, userId],
        );
        return rows[0] ? toRun(rows[0]) : null;
      }),
  };
}
