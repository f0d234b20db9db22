/** SQL that fills a migrated store quickly (generate_series), the same on PGlite and PostgreSQL. */

const TEXT = 'lorem ipsum dolor sit amet '.repeat(8);
/** The parts of line message `g`: one text part (~220 chars). */
const TEXT_PARTS = `jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Message ' || g || ': ${TEXT}'))`;

/**
 * The parts of line message `g` in a realistic mix: user messages one text part; assistant
 * messages a step and a text part of a few sentences, every third one first calling a tool (a
 * `tool-search` part with its input and a ~600-byte output), as a reply of an agent looks.
 */
export const MIXED_PARTS = `case when g % 2 = 1
  then jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Question ' || g || ': ${TEXT.slice(0, 80)}'))
  when g % 6 = 0 then jsonb_build_array(
    jsonb_build_object('type', 'step-start'),
    jsonb_build_object('type', 'tool-search', 'toolCallId', 'call-' || g, 'state', 'output-available',
      'input', jsonb_build_object('query', 'plan item ' || g),
      'output', jsonb_build_object('results', jsonb_build_array(
        jsonb_build_object('title', 'Result one', 'snippet', '${TEXT.slice(0, 180)}'),
        jsonb_build_object('title', 'Result two', 'snippet', '${TEXT.slice(0, 180)}'),
        jsonb_build_object('title', 'Result three', 'snippet', '${TEXT.slice(0, 180)}')))),
    jsonb_build_object('type', 'step-start'),
    jsonb_build_object('type', 'text', 'text', 'Answer ' || g || ': ${TEXT}${TEXT}', 'state', 'done'))
  else jsonb_build_array(jsonb_build_object('type', 'step-start'),
    jsonb_build_object('type', 'text', 'text', 'Answer ' || g || ': ${TEXT}${TEXT}', 'state', 'done')) end`;

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
 * regenerate at that point). The active leaf is the line's end. `parts`: the SQL of line message
 * `g`'s parts (default: one text part; `MIXED_PARTS` for a realistic mix).
 */
export function treeSql(id: string, userId: string, count: number, branches: number, parts = TEXT_PARTS): string {
  const line = count - branches;
  const every = Math.floor(line / branches);
  return `insert into agent_conversations (id, user_id, agent_id, title, created_at, updated_at, version, metadata, active_leaf_id)
      values ('${id}', '${userId}', 'assistant', 'A tree', now(), now(), 1, '{}'::jsonb, '${id}-m${line}');
    insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
    select '${id}', '${id}-m' || g, case when g > 1 then '${id}-m' || (g - 1) end, g,
           case when g % 2 = 1 then 'user' else 'assistant' end,
           ${parts}, '{}'::jsonb, now()
    from generate_series(1, ${line}) g;
    insert into agent_messages (conversation_id, id, parent_id, seq, role, parts, metadata, created_at)
    select '${id}', '${id}-b' || k, '${id}-m' || (k * ${every} - 1), ${line} + k,
           case when (k * ${every}) % 2 = 1 then 'user' else 'assistant' end,
           jsonb_build_array(jsonb_build_object('type', 'text', 'text', 'Branch ' || k || ': ${TEXT}')), '{}'::jsonb, now()
    from generate_series(1, ${branches}) k;`;
}
