/** SQL that fills a migrated store quickly (generate_series), the same on PGlite and PostgreSQL. */

const TEXT = 'lorem ipsum dolor sit amet '.repeat(8);

/** `count` conversations of `userId`, one second apart, titled "Conversation N". */
export function conversationsSql(userId: string, count: number): string {
  return `insert into agent_conversations (id, user_id, agent_id, title, created_at, updated_at, version, metadata)
    select '${userId}-c' || g, '${userId}', 'assistant', 'Conversation ' || g,
           now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, 1, '{}'::jsonb
    from generate_series(1, ${count}) g;`;
}

/** One conversation `id` of `userId` with `count` alternating user/assistant text messages (~220 chars each). */
export function threadSql(id: string, userId: string, count: number): string {
  return `insert into agent_conversations (id, user_id, agent_id, title, created_at, updated_at, version, metadata)
      values ('${id}', '${userId}', 'assistant', 'Long one', now(), now(), 1, '{}'::jsonb);
    insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
    select '${id}', '${id}-m' || g, case when g > 1 then '${id}-m' || (g - 1) end, g,
           case when g % 2 = 1 then 'user' else 'assistant' end,
           jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Message ' || g || ': ${TEXT}')), '{}'::jsonb, now()
    from generate_series(1, ${count}) g;`;
}

/**
 * A conversation tree `id` of `userId` with `count` messages: a line of `count - branches` messages
 * and `branches` one-message branches, the k-th a sibling of line message 19·k (an edit or a
 * regenerate at that point). The active leaf is the line's end.
 */
export function treeSql(id: string, userId: string, count: number, branches: number): string {
  const line = count - branches;
  const every = Math.floor(line / branches);
  return `insert into agent_conversations (id, user_id, agent_id, title, created_at, updated_at, version, metadata, active_leaf_id)
      values ('${id}', '${userId}', 'assistant', 'A tree', now(), now(), 1, '{}'::jsonb, '${id}-m${line}');
    insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
    select '${id}', '${id}-m' || g, case when g > 1 then '${id}-m' || (g - 1) end, g,
           case when g % 2 = 1 then 'user' else 'assistant' end,
           jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Message ' || g || ': ${TEXT}')), '{}'::jsonb, now()
    from generate_series(1, ${line}) g;
    insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
    select '${id}', '${id}-b' || k, '${id}-m' || (k * ${every} - 1), ${line} + k,
           case when (k * ${every}) % 2 = 1 then 'user' else 'assistant' end,
           jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Branch ' || k || ': ${TEXT}')), '{}'::jsonb, now()
    from generate_series(1, ${branches}) k;`;
}
