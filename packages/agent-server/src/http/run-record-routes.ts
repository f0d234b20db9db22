import type { AgentRunRecord, RunRecordList } from '@x/agent-protocol/routes';
import type { LiveRuns } from '../runtime/live-runs.js';
import { isTurnRun, recordFromRows } from '../runtime/stored-run-records.js';
import type { ConversationStore } from '../store/types.js';
import { HttpError } from './error-response.js';

export interface RunRecordRouteContext {
  /** Without a store only the runs this instance is running can be read. */
  store: ConversationStore | undefined;
  runs: LiveRuns;
  userId: string;
}

const json = (value: unknown): Response =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
const runNotFound = () => new HttpError('run_not_found', 'There is no such run.');

/*
 * `GET {basePath}/runs/{runId}` and `GET {basePath}/runs?conversationId=` (their rows in
 * `pipeline/route-table.ts`; the ids are checked there). A run this instance is running answers from
 * memory (live); any other from the store. Scoped to the user: another user's run is a 404 like a
 * missing one.
 */

/** `GET {basePath}/runs/{runId}`: the run's record. */
export async function runRecordRoute(runId: string, ctx: RunRecordRouteContext): Promise<Response> {
  const record = await readRun(runId, ctx);
  if (!record) throw runNotFound();
  return json(record);
}

/** `GET {basePath}/runs?conversationId=`: the conversation's run records, newest first. */
export async function runRecordListRoute(conversationId: string | undefined, ctx: RunRecordRouteContext): Promise<Response> {
  return json(await listRuns(conversationId, ctx));
}

async function readRun(runId: string, { store, runs, userId }: RunRecordRouteContext): Promise<AgentRunRecord | null> {
  const live = runs.get(runId);
  if (live && live.meta.userId === userId) return live.snapshot();
  if (!store) return null;
  const row = await store.getRun(userId, runId);
  if (!row) return null;
  const rows = (await store.listRuns(userId, row.conversationId)) ?? [];
  return recordFromRows(row, rows);
}

async function listRuns(conversationId: string | undefined, { store, runs, userId }: RunRecordRouteContext): Promise<RunRecordList> {
  if (!conversationId) throw new HttpError('invalid_body', 'Name the conversation: ?conversationId=.');
  if (!store) throw new HttpError('not_found', 'This server keeps no run records past their run (it has no store).');
  const rows = await store.listRuns(userId, conversationId);
  if (!rows) throw new HttpError('conversation_not_found', 'There is no such conversation.');
  const records = rows.filter(isTurnRun).map((row) => {
    // A run still streaming on this instance is read live (its row has no steps yet).
    const live = row.status === 'running' ? runs.get(row.id) : undefined;
    return live && live.meta.userId === userId ? live.snapshot() : recordFromRows(row, rows);
  });
  return { runs: records.reverse() };
}
