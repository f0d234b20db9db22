import { migrate } from './migrations.js';
import { transaction, type SqlClient, type SqlSession } from './sql-client.js';
import {
  STALE_RUN_MS,
  StoreConflictError,
  StoreUnavailableError,
  type ConversationRecord,
  type ConversationStore,
  type MessageInput,
  type MessageRecord,
  type RunRecord,
} from './types.js';

export interface SqlStoreOptions {
  /** Longest a store call may take before it fails as unavailable (default 10,000 ms). */
  timeoutMs?: number;
}

type Row = Record<string, unknown>;

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
const json = (value: unknown): string => JSON.stringify(value ?? {});

function toConversation(row: Row): ConversationRecord {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    agentId: row.agent_id as string,
    title: (row.title as string | null) ?? null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: Number(row.version),
    activeRunId: (row.active_run_id as string | null) ?? null,
    metadata: (row.metadata as Record<string, unknown>) ?? {},
  };
}

function toMessage(row: Row): MessageRecord {
  return {
    conversationId: row.conversation_id as string,
    id: row.id as string,
    parentId: (row.parent_id as string | null) ?? null,
    seq: Number(row.seq),
    role: row.role as MessageRecord['role'],
    parts: row.parts as MessageRecord['parts'],
    metadata: (row.metadata as Record<string, unknown>) ?? {},
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
    usage: (row.usage as Record<string, unknown> | null) ?? null,
    startedAt: iso(row.started_at),
    finishedAt: isoOrNull(row.finished_at),
    initiatorRunId: (row.initiator_run_id as string | null) ?? null,
  };
}

const MESSAGE_COLUMNS = 'conversation_id, id, parent_id, seq, role, parts, metadata, created_at';

/** Writes a message: replaced in place when its id exists, else appended after the last one. */
async function writeMessage(tx: SqlSession, conversationId: string, message: MessageInput, now: Date): Promise<void> {
  await tx.query(
    `insert into agent_messages (${MESSAGE_COLUMNS})
     select $1, $2, (select id from agent_messages where conversation_id = $1 and id <> $2 order by seq desc limit 1),
            coalesce((select max(seq) from agent_messages where conversation_id = $1), 0) + 1, $3, $4::jsonb, $5::jsonb, $6
     on conflict (conversation_id, id) do update set role = excluded.role, parts = excluded.parts, metadata = excluded.metadata`,
    [conversationId, message.id, message.role, json(message.parts ?? []), json(message.metadata), now],
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
    const { rows } = await tx.query(`select * from agent_conversations where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
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
        const q = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        const { rows } = await client.query(
          `select * from agent_conversations
           where user_id = $1 and ($2::text is null or agent_id = $2) and ($3::text is null or title ilike $3)
             and ($4::timestamptz is null or (updated_at, id) < ($4::timestamptz, $5::text))
           order by updated_at desc, id desc limit $6`,
          [userId, query.agentId ?? null, q, query.after?.updatedAt ?? null, query.after?.id ?? null, query.limit],
        );
        return rows.map(toConversation);
      }),

    getConversation: (userId, id) => guard('get conversation', () => owned(client, userId, id)),

    listMessages: (userId, id, query) =>
      guard('list messages', async () => {
        if (!(await owned(client, userId, id))) return null;
        const { rows } = await client.query(
          `select ${MESSAGE_COLUMNS} from agent_messages where conversation_id = $1 and ($2::integer is null or seq < $2)
           order by seq desc limit $3`,
          [id, query.beforeSeq ?? null, query.limit],
        );
        return rows.map(toMessage).reverse();
      }),

    loadThread: (userId, id) =>
      guard('load thread', async () => {
        if (!(await owned(client, userId, id))) return null;
        const { rows } = await client.query(`select ${MESSAGE_COLUMNS} from agent_messages where conversation_id = $1 order by seq`, [id]);
        return rows.map(toMessage);
      }),

    renameConversation: (userId, id, title) =>
      guard('rename conversation', async () => {
        const { rows } = await client.query(
          'update agent_conversations set title = $3, version = version + 1 where id = $1 and user_id = $2 returning *',
          [id, userId, title],
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
          await tx.query('delete from agent_messages where conversation_id = $1 and id = $2', [id, messageId]);
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
              const { rows } = await tx.query<{ started_at: unknown }>('select started_at from agent_runs where id = $1', [current.activeRunId]);
              const startedAt = rows[0] ? Date.parse(iso(rows[0].started_at)) : 0;
              if (startedAt > input.now.getTime() - STALE_RUN_MS) throw new StoreConflictError('Another turn is running on this conversation.');
              await tx.query(`update agent_runs set status = 'failed', stop_reason = 'interrupted', finished_at = $2 where id = $1 and status = 'running'`, [
                current.activeRunId,
                input.now,
              ]);
            }
          }
          if (input.truncateFromId !== undefined) {
            await tx.query(
              'delete from agent_messages where conversation_id = $1 and seq >= (select seq from agent_messages where conversation_id = $1 and id = $2)',
              [id, input.truncateFromId],
            );
          }
          for (const message of input.messages) await writeMessage(tx, id, message, input.now);
          await tx.query(
            `insert into agent_runs (id, conversation_id, status, started_at, initiator_run_id) values ($1, $2, 'running', $3, $4)`,
            [input.run.id, id, input.now, input.run.initiatorRunId ?? null],
          );
          const { rows } = await tx.query(
            'update agent_conversations set version = version + 1, updated_at = $2, active_run_id = $3 where id = $1 returning *',
            [id, input.now, input.run.id],
          );
          return toConversation(rows[0]!);
        }),
      ),

    finishTurn: (input) =>
      guard('finish turn', () =>
        transaction(client, async (tx) => {
          const id = input.conversationId;
          if (!(await owned(tx, input.userId, id, true))) return;
          if (input.reply) await writeMessage(tx, id, input.reply, input.now);
          await tx.query(
            `update agent_runs set message_id = $2, status = $3, stop_reason = $4, steps = $5, usage = $6::jsonb, finished_at = $7 where id = $1`,
            [input.runId, input.reply?.id ?? null, input.status, input.stopReason ?? null, input.steps, input.usage ? json(input.usage) : null, input.now],
          );
          await tx.query(
            `update agent_conversations set title = coalesce(title, $3), version = version + 1, updated_at = $4,
               active_run_id = case when active_run_id = $2 then null else active_run_id end
             where id = $1`,
            [id, input.runId, input.title ?? null, input.now],
          );
        }),
      ),

    listRuns: (userId, id) =>
      guard('list runs', async () => {
        if (!(await owned(client, userId, id))) return null;
        const { rows } = await client.query('select * from agent_runs where conversation_id = $1 order by started_at, id', [id]);
        return rows.map(toRun);
      }),
  };
}
