/**
 * `pnpm bench:store [--turns=300] [--reads=200] [--only=pglite|postgres] [--case=branches]`
 *
 * The conversation store on PGlite (a data folder) and on a real PostgreSQL started here (temp
 * cluster on a loopback port, default settings, fsync on):
 * - append a turn: the store work of one turn as the server does it (load conversation + thread,
 *   begin = user message + run, finish = reply + run end), on 30 conversations growing to ~20
 *   messages; and the same turn end to end through `createAgentServer` with an instant mock model;
 * - list: `GET /conversations` first page (30) of a user with 10,000 conversations;
 * - load: `GET /conversations/{id}` newest page (50) of a 5,000-message conversation;
 * - request body bytes per turn at thread length 10 vs 1,000, server-owned history vs the AI SDK
 *   default (the whole thread every turn);
 * - branches: `PUT /conversations/{id}/branch` (switch, then the newest page of the new path) in a
 *   1,000-message tree with 50 branches. `--case=branches` runs only this lane;
 * - long (`--case=long`, only this lane, results in store-long.*): a 10,000-message conversation
 *   (user/assistant alternating, every third reply with a tool call, 20 branches) opened with its
 *   newest page: `GET /conversations/{id}` through the HTTP route, and the store's page read alone
 *   (`listMessages`) and the conversation read (`getConversation`) to split the cost; then the
 *   whole path paged back with `before` cursors (every message once, in order: checked).
 * Writes store.json and store.md to bench/results. Prints numbers; gates nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createAgentServer } from '@x/agent-server';
import { type ConversationStore } from '@x/agent-server/store';
import { pgliteStore } from '@x/agent-server/pglite';
import { postgresStore } from '@x/agent-server/postgres';
import { startPostgres } from '../../packages/agent-server/src/test-utils/postgres-server.ts';
import { fmt, percentile } from '../render/stats.ts';
// The page query itself, from the build (not a public export): its plan's execution time.
import { LIST_MESSAGES_SQL } from '../../packages/agent-server/dist/store/sql-store.js';
import { conversationsSql, MIXED_PARTS, threadSql, treeSql } from './seed.ts';

const argv = process.argv.slice(2);
const option = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const turns = Number(option('turns') ?? 300);
const reads = Number(option('reads') ?? 200);
const only = option('only');
const onlyCase = option('case');
// A single lane writes its own results file: the full run's stays as it was.
const outName = onlyCase ? `store-${onlyCase}` : 'store';
const here = path.dirname(new URL(import.meta.url).pathname);
const outDir = path.resolve(here, '..', 'results');
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } };
const model = new MockLanguageModelV4({
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'A short answer of a few words.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ],
      initialDelayInMs: null,
      chunkDelayInMs: null,
    }),
  }),
});

const stats = (ms: number[]) => ({ n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms) });
const userMessage = (id: string, text: string) => ({ id, role: 'user' as const, parts: [{ type: 'text' as const, text }] });

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Switch branch + load the new path's newest page, alternating between the 50 branches and the line. */
async function measureBranches(name: string, server: ReturnType<typeof createAgentServer>, seed: (sql: string) => Promise<void>) {
  await seed(treeSql('tree', 'bench-tree', 1_000, 50));
  const switchMs: number[] = [];
  for (let k = 0; k < reads + 10; k++) {
    const target = k % 2 === 0 ? `tree-b${(k / 2) % 50 + 1}` : 'tree-m1';
    const ms = await time(async () => {
      const response = await server.fetch(
        new Request('http://localhost/api/agent/conversations/tree/branch', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-user': 'bench-tree' },
          body: JSON.stringify({ messageId: target }),
        }),
      );
      const history = (await response.json()) as { messages: { id: string }[] };
      if (response.status !== 200 || history.messages.length === 0) throw new Error(`branch switch answered ${response.status}`);
      if (k % 2 === 0 && history.messages.at(-1)!.id !== target) throw new Error('the path does not end at the branch');
    });
    if (k >= 10) switchMs.push(ms);
  }
  log(`${name}: switch branch + load p50 ${fmt(percentile(switchMs, 50))} ms, p99 ${fmt(percentile(switchMs, 99))} ms`);
  return stats(switchMs);
}

/** Messages of the long lane's conversation, and its branches (one-message siblings along the line). */
const LONG_COUNT = 10_000;
const LONG_BRANCHES = 20;

/**
 * Open a 10,000-message conversation with its newest page (HTTP route, then the store calls alone),
 * interleaved per round so drift hits all three alike; then page the whole active path back.
 */
async function measureLong(
  name: string,
  server: ReturnType<typeof createAgentServer>,
  store: ConversationStore,
  seed: (sql: string) => Promise<void>,
  explain?: (sql: string, params: unknown[]) => Promise<number>,
) {
  log(`${name}: seeding a ${LONG_COUNT.toLocaleString('en')}-message conversation with ${LONG_BRANCHES} branches`);
  await seed(treeSql('long10k', 'bench-long', LONG_COUNT, LONG_BRANCHES, MIXED_PARTS));
  const lineLength = LONG_COUNT - LONG_BRANCHES;
  const routeMs: number[] = [];
  const listMs: number[] = [];
  const getMs: number[] = [];
  let pageBytes = 0;
  let routeCpuUs = 0;
  for (let k = 0; k < reads + 20; k++) {
    const cpu = process.cpuUsage();
    const route = await time(async () => {
      const response = await server.fetch(request('/api/agent/conversations/long10k', 'bench-long'));
      const body = await response.text();
      pageBytes = Buffer.byteLength(body);
      const history = JSON.parse(body) as { messages: { id: string }[]; prevCursor: string | null };
      if (response.status !== 200 || history.messages.length !== 50 || history.messages.at(-1)!.id !== `long10k-m${lineLength}` || !history.prevCursor) {
        throw new Error(`the newest page is wrong (${response.status})`);
      }
    });
    if (k >= 20) {
      const used = process.cpuUsage(cpu);
      routeCpuUs += used.user + used.system;
    }
    const list = await time(async () => {
      const rows = await store.listMessages('bench-long', 'long10k', { limit: 51 });
      if (rows?.length !== 51) throw new Error('the store page is not 51 long');
    });
    const get = await time(() => store.getConversation('bench-long', 'long10k'));
    if (k >= 20) {
      routeMs.push(route);
      listMs.push(list);
      getMs.push(get);
    }
  }
  log(`${name}: open 10k p99: route ${fmt(percentile(routeMs, 99))} ms, listMessages ${fmt(percentile(listMs, 99))} ms, getConversation ${fmt(percentile(getMs, 99))} ms`);
  // What the database itself spends on the page query (its plan's execution time: no wait for a
  // connection or for the client), newest page and a page 9,000 messages back.
  const executionMs = async (before: number | null) => {
    const ms: number[] = [];
    for (let k = 0; k < 60; k++) {
      const plan = await explain?.(LIST_MESSAGES_SQL, ['long10k', 'bench-long', before, 51]);
      if (plan !== undefined && k >= 10) ms.push(plan);
    }
    return ms.length ? stats(ms) : undefined;
  };
  const dbNewest = await executionMs(null);
  const dbFarBack = await executionMs(1_000);

  // The whole path, newest page first, each older page through its `before` cursor.
  const olderMs: number[] = [];
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/agent/conversations/long10k${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`;
    let history: { messages: { id: string }[]; prevCursor: string | null } | undefined;
    const ms = await time(async () => {
      const response = await server.fetch(request(url, 'bench-long'));
      if (response.status !== 200) throw new Error(`an older page answered ${response.status}`);
      history = (await response.json()) as typeof history;
    });
    if (cursor) olderMs.push(ms);
    seen.unshift(...history!.messages.map((m) => m.id));
    cursor = history!.prevCursor;
  } while (cursor);
  const expected = Array.from({ length: lineLength }, (_, i) => `long10k-m${i + 1}`);
  if (seen.join() !== expected.join()) throw new Error(`paging back did not give the path once in order (${seen.length} messages)`);
  log(`${name}: paged back ${olderMs.length} older pages, p99 ${fmt(percentile(olderMs, 99))} ms`);
  return {
    route: stats(routeMs),
    routeCpuMs: routeCpuUs / 1000 / routeMs.length,
    listMessages: stats(listMs),
    getConversation: stats(getMs),
    olderPage: stats(olderMs),
    dbNewest,
    dbFarBack,
    pageBytes,
    pathLength: seen.length,
  };
}

type Stats = ReturnType<typeof stats>;
interface StoreResults {
  appendTurnStore: Stats;
  fullTurnServer: Stats;
  listFirstPage: Stats;
  loadNewestPage: Stats;
  bytes: Record<string, { serverOwned: number; wholeThread: number }>;
  switchBranch: Stats;
  long?: Awaited<ReturnType<typeof measureLong>>;
}

async function measure(name: string, store: ConversationStore, seed: (sql: string) => Promise<void>, explain?: (sql: string, params: unknown[]) => Promise<number>) {
  const server = createAgentServer({
    agents: { assistant: { model } },
    authenticate: (request) => ({ id: request.headers.get('x-user') ?? 'anon' }),
    logger: { warn: () => {}, error: (m, meta) => console.error(m, meta) },
    store,
  });
  await store.listConversations('warm', { limit: 1 }); // migrations
  if (onlyCase === 'branches') return { switchBranch: await measureBranches(name, server, seed) } as Partial<StoreResults>;
  if (onlyCase === 'long') return { long: await measureLong(name, server, store, seed, explain) } as Partial<StoreResults>;
  log(`${name}: seeding 10,000 conversations and a 5,000-message thread`);
  await seed(conversationsSql('bench-list', 10_000));
  await seed(threadSql('long', 'bench-load', 5_000));
  await seed(threadSql('len10', 'bench-bytes', 10));
  await seed(threadSql('len1000', 'bench-bytes', 1_000));

  // Append a turn: the store calls of one turn, as the server makes them.
  const appendMs: number[] = [];
  const conversations = Array.from({ length: 30 }, (_, i) => `turn-${i}`);
  for (let k = 0; k < turns + 30; k++) {
    const id = conversations[k % conversations.length]!;
    const ms = await time(async () => {
      const conversation = await store.getConversation('bench-turn', id);
      if (conversation) await store.loadThread('bench-turn', id);
      const runId = `run-${k}`;
      await store.beginTurn({
        userId: 'bench-turn',
        conversationId: id,
        agentId: 'assistant',
        expectedVersion: conversation ? conversation.version : null,
        messages: [{ ...userMessage(`u-${k}`, `Question ${k}: what about the plan for next week?`), metadata: { createdAt: Date.now() } }],
        run: { id: runId },
        now: new Date(),
      });
      await store.finishTurn({
        userId: 'bench-turn',
        conversationId: id,
        runId,
        reply: { id: `a-${k}`, role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'A short answer of a few words.', state: 'done' }], metadata: { finishReason: 'stop' } },
        status: 'completed',
        stopReason: 'stop',
        steps: 1,
        usage: { inputTokens: 10, outputTokens: 5 },
        now: new Date(),
      });
    });
    if (k >= 30) appendMs.push(ms); // the first round creates the conversations (warm-up)
  }
  log(`${name}: append a turn (store) p50 ${fmt(percentile(appendMs, 50))} ms, p99 ${fmt(percentile(appendMs, 99))} ms`);

  // The same turn end to end through createAgentServer (mock model answers at once).
  const fullMs: number[] = [];
  for (let k = 0; k < Math.min(turns, 200) + 10; k++) {
    const id = conversations[k % conversations.length]!;
    const ms = await time(async () => {
      const response = await server.fetch(request('/api/agent/assistant', 'bench-turn', { conversationId: id, messages: [userMessage(`f-${k}`, 'And then?')] }));
      if (response.status !== 200) throw new Error(`turn answered ${response.status}: ${await response.text()}`);
      await response.text();
    });
    if (k >= 10) fullMs.push(ms);
  }
  log(`${name}: full turn through the server p50 ${fmt(percentile(fullMs, 50))} ms, p99 ${fmt(percentile(fullMs, 99))} ms`);

  const listMs: number[] = [];
  const loadMs: number[] = [];
  for (let k = 0; k < reads + 10; k++) {
    const list = await time(async () => {
      const response = await server.fetch(request('/api/agent/conversations', 'bench-list'));
      const page = (await response.json()) as { items: unknown[] };
      if (page.items.length !== 30) throw new Error('list page is not 30 long');
    });
    const load = await time(async () => {
      const response = await server.fetch(request('/api/agent/conversations/long', 'bench-load'));
      const history = (await response.json()) as { messages: unknown[] };
      if (history.messages.length !== 50) throw new Error('history page is not 50 long');
    });
    if (k >= 10) {
      listMs.push(list);
      loadMs.push(load);
    }
  }
  log(`${name}: list p99 ${fmt(percentile(listMs, 99))} ms, load p99 ${fmt(percentile(loadMs, 99))} ms`);

  // Request bytes per turn: what the client sends at thread length 10 vs 1,000.
  const bytes: Record<string, { serverOwned: number; wholeThread: number }> = {};
  for (const id of ['len10', 'len1000']) {
    const thread = (await store.loadThread('bench-bytes', id))!.map((m) => ({ id: m.id, role: m.role, parts: m.parts, metadata: m.metadata }));
    const next = userMessage(`${id}-next`, 'One more question about the plan, please.');
    const serverOwned = JSON.stringify({ id, conversationId: id, messages: [next], trigger: 'submit-message' });
    const wholeThread = JSON.stringify({ id, messages: [...thread, next], trigger: 'submit-message' });
    const response = await server.fetch(request('/api/agent/assistant', 'bench-bytes', JSON.parse(serverOwned) as Record<string, unknown>));
    if (response.status !== 200) throw new Error(`bytes turn answered ${response.status}`);
    await response.text();
    bytes[id] = { serverOwned: Buffer.byteLength(serverOwned), wholeThread: Buffer.byteLength(wholeThread) };
  }
  const switchBranch = await measureBranches(name, server, seed);
  const all: StoreResults = { appendTurnStore: stats(appendMs), fullTurnServer: stats(fullMs), listFirstPage: stats(listMs), loadNewestPage: stats(loadMs), bytes, switchBranch };
  return all as Partial<StoreResults>;
}

function request(url: string, user: string, body?: Record<string, unknown>): Request {
  return new Request(`http://localhost${url}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', 'x-user': user },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};

if (only !== 'postgres') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xkit-bench-pglite-'));
  try {
    const first = pgliteStore({ dataDir: dir });
    await first.listConversations('warm', { limit: 1 });
    await first.close?.();
    // Seeding goes through its own PGlite on the folder, then the store reopens it.
    const pending: string[] = [];
    const store = pgliteStore({ dataDir: dir });
    results.pglite = await measure('PGlite', store, async (sql) => {
      pending.push(sql);
      await store.close?.();
      const db = await PGlite.create(dir);
      await db.exec(sql);
      await db.close();
    });
    await store.close?.();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (only !== 'pglite') {
  const server = await startPostgres();
  try {
    const store = postgresStore({ connectionString: server.connectionString });
    const admin = new pg.Client({ connectionString: server.connectionString });
    await admin.connect();
    results.postgres = await measure(
      'PostgreSQL',
      store,
      async (sql) => void (await admin.query(sql)),
      async (sql, params) => {
        const { rows } = await admin.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`explain (analyze, format json) ${sql}`, params);
        return rows[0]!['QUERY PLAN'][0]['Execution Time'];
      },
    );
    await admin.end();
    await store.close?.();
  } finally {
    server.destroy();
  }
}

const cpus = os.cpus();
const meta = { date: new Date().toISOString(), node: process.version, cpus: `${cpus.length} × ${cpus[0]?.model ?? '?'}`, loadavg: os.loadavg().map((l) => l.toFixed(2)), turns, reads };
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${outName}.json`), `${JSON.stringify({ meta, results }, null, 2)}\n`);

const cell = (value: { p50: number; p99: number } | undefined) => (value ? `${fmt(value.p50)} / ${fmt(value.p99)}` : '—');
// A lane no backend ran (`--case`) is left out.
const row = (label: string, pick: (r: Awaited<ReturnType<typeof measure>>) => { p50: number; p99: number } | undefined, target: string) =>
  Object.values(results).some((r) => pick(r) !== undefined) ? [`| ${label} | ${Object.values(results).map((r) => cell(pick(r))).join(' | ')} | ${target} |`] : [];
const backends = Object.keys(results);
const lines = [
  '# Store benchmark (`pnpm bench:store`)',
  '',
  `${meta.date}, Node ${meta.node}, ${meta.cpus}, load average ${meta.loadavg.join(' / ')} at the end. ${turns} turns, ${reads} reads per lane.`,
  'PostgreSQL: a temp cluster started by the bench (Debian PostgreSQL, default settings, fsync on); PGlite: a temp data folder.',
  ...(Number(meta.loadavg[0]) > cpus.length
    ? ['', `**Noisy run:** the load average (${meta.loadavg[0]}) was above the ${cpus.length} cores (other jobs shared the machine), so p99 mostly measures waiting for a core; p50 is the better guide. Re-run on a quiet machine before comparing with the targets.`]
    : []),
  '',
  `| ms, p50 / p99 | ${backends.join(' | ')} | target |`,
  `|---|${backends.map(() => '---|').join('')}---|`,
  ...row('append a turn (store: load + begin + finish)', (r) => r.appendTurnStore, 'p99 ≤ 15 on PostgreSQL'),
  ...row('full turn through createAgentServer (instant mock model)', (r) => r.fullTurnServer, '—'),
  ...row('list: first page of 10,000 conversations', (r) => r.listFirstPage, 'p99 ≤ 20'),
  ...row('load: newest page of a 5,000-message conversation', (r) => r.loadNewestPage, 'p99 ≤ 20'),
  ...row('switch branch + load its path (1,000-message tree, 50 branches)', (r) => r.switchBranch, 'p99 ≤ 20 on PostgreSQL'),
  ...row('open a 10,000-message conversation: `GET /conversations/{id}` (newest 50, HTTP route)', (r) => r.long?.route, 'p99 ≤ 20 on PostgreSQL'),
  ...row('— of which the store\'s page read (`listMessages`, 51 rows)', (r) => r.long?.listMessages, '—'),
  ...row('— of which the conversation read (`getConversation`)', (r) => r.long?.getConversation, '—'),
  ...row('page back through the whole path (`?before=`, every older page once)', (r) => r.long?.olderPage, '—'),
  ...row('in the database: the page query\'s execution time, newest page', (r) => r.long?.dbNewest, '—'),
  ...row('in the database: the page query\'s execution time, 9,000 messages back', (r) => r.long?.dbFarBack, '—'),
  '',
  '| request body bytes per turn | thread of 10 | thread of 1,000 | ratio |',
  '|---|---|---|---|',
];
const anyBytes = Object.values(results)[0]?.bytes;
if (onlyCase) lines.splice(lines.indexOf('| request body bytes per turn | thread of 10 | thread of 1,000 | ratio |') - 1);
if (anyBytes) {
  const s10 = anyBytes.len10!.serverOwned;
  const s1000 = anyBytes.len1000!.serverOwned;
  const w10 = anyBytes.len10!.wholeThread;
  const w1000 = anyBytes.len1000!.wholeThread;
  lines.push(`| server-owned history (with a store) | ${s10} | ${s1000} | ${(s1000 / s10).toFixed(3)}× (target ≤ 1.1×) |`);
  lines.push(`| whole thread (AI SDK default, no store) | ${w10} | ${w1000} | ${(w1000 / w10).toFixed(1)}× |`);
}
const long = Object.values(results).find((r) => r.long)?.long;
if (long) {
  lines.push(
    `The long conversation: ${LONG_COUNT.toLocaleString('en')} messages, ${LONG_BRANCHES} of them one-message branches, so the active path is ${long.pathLength.toLocaleString('en')} long;`,
    `user and assistant alternate, every third reply calls a tool (a ~600-byte output). The newest page is ${long.pageBytes.toLocaleString('en')} bytes of JSON.`,
    `CPU of the bench process (the server's side: routing, JSON, the pg driver) per route request: ${long.routeCpuMs.toFixed(2)} ms — what a request costs whatever the machine's load; the wall times above include waiting for a core.`,
    'Each round reads the route, then `listMessages`, then `getConversation` (interleaved: drift hits all three alike); 20 warm-up rounds are not counted.',
    'Reproduce: `pnpm bench:store --case=long --only=postgres` (add `--reads=N` for more rounds; without `--only` PGlite runs too).',
  );
}
writeFileSync(path.join(outDir, `${outName}.md`), `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
