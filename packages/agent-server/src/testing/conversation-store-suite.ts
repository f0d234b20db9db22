import { describe, expect, it } from 'vitest';
import { StoreConflictError, type ConversationStore, type MessageInput } from '../store/types.js';
import { describeApprovalCases } from './conversation-store-approval-cases.js';
import { describeBranchCases } from './conversation-store-branch-cases.js';
import { describeQueueCases } from './conversation-store-queue-cases.js';
import { setUpOnce, uniqueIds } from './suite-setup.js';

/**
 * The conformance suite of `ConversationStore`: the same cases for every implementation (ours run
 * it against memory, PGlite and a real PostgreSQL). Call it at the top level of a vitest file:
 *
 * ```ts
 * describeConversationStore('my store', async () => myStore(), { close: (s) => s.close?.() });
 * ```
 *
 * `makeStore` runs once; every case uses its own user ids, so a shared database is fine.
 */
export function describeConversationStore(
  name: string,
  makeStore: () => ConversationStore | Promise<ConversationStore>,
  options: { close?: (store: ConversationStore) => unknown } = {},
): void {
  describe(`ConversationStore conformance: ${name}`, () => {
    let store: ConversationStore;
    // Warm: the SQL stores open and migrate on their first call.
    setUpOnce(makeStore, (made) => (store = made), { warm: (made) => made.getConversation('conformance-warm-up', 'none'), close: options.close });
    const unique = uniqueIds();
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const text = (id: string, role: 'user' | 'assistant', value: string): MessageInput => ({ id, role, parts: [{ type: 'text', text: value }] });

    /** A conversation with `count` alternating messages, finished; returns its id. */
    async function seed(userId: string, options: { id?: string; minute?: number; title?: string; agentId?: string; count?: number } = {}) {
      const id = options.id ?? unique('c');
      const messages = Array.from({ length: options.count ?? 2 }, (_, i) => text(`${id}-m${i}`, i % 2 === 0 ? 'user' : 'assistant', `message ${i}`));
      const now = at(options.minute ?? 0);
      await store.beginTurn({ userId, conversationId: id, agentId: options.agentId ?? 'assistant', expectedVersion: null, messages, run: { id: `${id}-r0` }, now });
      await store.finishTurn({ userId, conversationId: id, runId: `${id}-r0`, title: options.title, status: 'completed', steps: 1, now });
      return id;
    }

    it('lists newest first by updatedAt (ties by id), with keyset paging, title search and an agent filter', async () => {
      const user = unique('u');
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await seed(user, { id: `${user}-c${i}`, minute: i, title: i % 2 ? `Budget_${i}` : `Trip 100% ${i}` }));
      await seed(user, { id: `${user}-tie`, minute: 4, agentId: 'writer' });
      const first = await store.listConversations(user, { limit: 3 });
      expect(first.map((c) => c.id)).toEqual([`${user}-tie`, `${user}-c4`, `${user}-c3`]);
      const last = first.at(-1)!;
      const next = await store.listConversations(user, { limit: 3, after: { updatedAt: last.updatedAt, id: last.id } });
      expect(next.map((c) => c.id)).toEqual([`${user}-c2`, `${user}-c1`, `${user}-c0`]);
      expect((await store.listConversations(user, { limit: 10, q: 'TRIP' })).map((c) => c.id)).toEqual([`${user}-c4`, `${user}-c2`, `${user}-c0`]);
      expect((await store.listConversations(user, { limit: 10, q: '100%' })).length).toBe(3);
      expect((await store.listConversations(user, { limit: 10, q: 'budget_' })).map((c) => c.id)).toEqual([`${user}-c3`, `${user}-c1`]);
      expect((await store.listConversations(user, { limit: 10, q: '_%' })).length).toBe(0);
      expect((await store.listConversations(user, { limit: 10, agentId: 'writer' })).map((c) => c.id)).toEqual([`${user}-tie`]);
      expect(first[0]).toMatchObject({ userId: user, agentId: 'writer', title: null, version: expect.any(Number), activeRunId: null, awaitingApproval: false, metadata: {} });
      expect(Date.parse(first[1]!.updatedAt)).toBe(at(4).getTime());
    });

    it('pages messages newest first (chronological within a page) and loads the whole thread in order', async () => {
      const user = unique('u');
      const id = await seed(user, { count: 7 });
      const newest = (await store.listMessages(user, id, { limit: 3 }))!;
      expect(newest.map((m) => m.id)).toEqual([`${id}-m4`, `${id}-m5`, `${id}-m6`]);
      const older = (await store.listMessages(user, id, { limit: 3, beforeSeq: newest[0]!.seq }))!;
      expect(older.map((m) => m.id)).toEqual([`${id}-m1`, `${id}-m2`, `${id}-m3`]);
      const thread = (await store.loadThread(user, id))!;
      expect(thread.map((m) => m.id)).toEqual(Array.from({ length: 7 }, (_, i) => `${id}-m${i}`));
      expect(thread[1]).toMatchObject({ conversationId: id, parentId: `${id}-m0`, role: 'assistant', parts: [{ type: 'text', text: 'message 1' }] });
      expect(thread.every((m, i) => i === 0 || m.seq > thread[i - 1]!.seq)).toBe(true);
    });

    it('renames, deletes a message, merges and removes metadata, deletes a conversation', async () => {
      const user = unique('u');
      const id = await seed(user, { count: 3, title: 'Old' });
      const version = (await store.getConversation(user, id))!.version;
      const renamed = await store.renameConversation(user, id, 'New');
      expect(renamed).toMatchObject({ title: 'New' });
      expect(renamed!.version).toBeGreaterThan(version);
      expect(await store.deleteMessage(user, id, `${id}-m1`)).toBe('ok');
      expect(await store.deleteMessage(user, id, `${id}-m1`)).toBe('message');
      // A message goes with its subtree (what followed it on its branches).
      expect(await store.deleteMessage(user, id, `${id}-m2`)).toBe('message');
      expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual([`${id}-m0`]);
      expect(await store.updateMessageMetadata(user, id, `${id}-m0`, { feedback: { value: 'like' }, note: 'x' })).toBe('ok');
      expect(await store.updateMessageMetadata(user, id, `${id}-m0`, { note: null })).toBe('ok');
      expect((await store.loadThread(user, id))!.at(-1)!.metadata).toEqual({ feedback: { value: 'like' } });
      expect(await store.updateMessageMetadata(user, id, 'missing', { a: 1 })).toBe('message');
      expect(await store.deleteConversation(user, id)).toBe(true);
      expect(await store.deleteConversation(user, id)).toBe(false);
      expect(await store.getConversation(user, id)).toBeNull();
      expect(await store.loadThread(user, id)).toBeNull();
    });

    it('isolates users: another user sees nothing and changes nothing', async () => {
      const alice = unique('alice');
      const bob = unique('bob');
      const id = await seed(alice, { title: 'Secret' });
      const before = JSON.stringify([await store.getConversation(alice, id), await store.loadThread(alice, id)]);
      expect(await store.getConversation(bob, id)).toBeNull();
      expect(await store.listConversations(bob, { limit: 10 })).toEqual([]);
      expect(await store.listMessages(bob, id, { limit: 10 })).toBeNull();
      expect(await store.loadThread(bob, id)).toBeNull();
      expect(await store.listRuns(bob, id)).toBeNull();
      expect(await store.renameConversation(bob, id, 'Mine')).toBeNull();
      expect(await store.deleteMessage(bob, id, `${id}-m0`)).toBe('conversation');
      expect(await store.updateMessageMetadata(bob, id, `${id}-m0`, { a: 1 })).toBe('conversation');
      expect(await store.deleteConversation(bob, id)).toBe(false);
      const turn = { userId: bob, conversationId: id, agentId: 'assistant', messages: [text('b1', 'user', 'hi')], run: { id: unique('r') }, now: at(9) };
      await expect(store.beginTurn({ ...turn, expectedVersion: null })).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.beginTurn({ ...turn, expectedVersion: 1 })).rejects.toBeInstanceOf(StoreConflictError);
      await store.finishTurn({ userId: bob, conversationId: id, runId: `${id}-r0`, reply: text('b2', 'assistant', 'x'), status: 'completed', steps: 1, now: at(9) });
      expect(JSON.stringify([await store.getConversation(alice, id), await store.loadThread(alice, id)])).toBe(before);
    });

    it('refuses stale versions and a second turn while one runs (409), and lets exactly one of two racing turns in', async () => {
      const user = unique('u');
      const id = await seed(user);
      const { version } = (await store.getConversation(user, id))!;
      const turn = (msg: string, expectedVersion: number) => ({
        userId: user,
        conversationId: id,
        agentId: 'assistant',
        expectedVersion,
        messages: [text(msg, 'user', msg)],
        run: { id: `${id}-${msg}` },
        now: new Date(),
      });
      const results = await Promise.allSettled([store.beginTurn(turn('a', version)), store.beginTurn(turn('b', version))]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(StoreConflictError);
      const won = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<ConversationStore['beginTurn']>>>).value;
      expect(won.activeRunId).toMatch(/-(a|b)$/);
      await expect(store.beginTurn(turn('c', won.version))).rejects.toBeInstanceOf(StoreConflictError);
      await expect(store.beginTurn(turn('d', version))).rejects.toBeInstanceOf(StoreConflictError);
      const ids = (await store.loadThread(user, id))!.map((m) => m.id);
      expect(ids.filter((m) => ['a', 'b', 'c', 'd'].includes(m))).toHaveLength(1);
      await expect(store.beginTurn({ ...turn('e', 0), expectedVersion: null })).rejects.toBeInstanceOf(StoreConflictError);
    });

    it('records runs, replaces a continued reply in place, truncates from an edited message and keeps a rename over a title', async () => {
      const user = unique('u');
      const id = unique('c');
      const base = { userId: user, conversationId: id, agentId: 'assistant' };
      const begun = await store.beginTurn({ ...base, expectedVersion: null, messages: [text('u1', 'user', 'Hi')], run: { id: `${id}-r1` }, now: at(1) });
      expect(begun).toMatchObject({ id, userId: user, activeRunId: `${id}-r1` });
      expect(await store.listRuns(user, id)).toMatchObject([{ id: `${id}-r1`, conversationId: id, status: 'running', messageId: null, finishedAt: null }]);
      await store.finishTurn({
        ...base,
        runId: `${id}-r1`,
        reply: { ...text('a1', 'assistant', 'Part'), metadata: { stopReason: 'stopped' } },
        title: 'Greeting',
        status: 'stopped',
        stopReason: 'stopped',
        steps: 2,
        usage: { inputTokens: 10 },
        now: at(2),
      });
      expect((await store.listRuns(user, id))![0]).toMatchObject({ status: 'stopped', stopReason: 'stopped', messageId: 'a1', steps: 2, usage: { inputTokens: 10 }, finishedAt: expect.any(String) });
      let conversation = (await store.getConversation(user, id))!;
      expect(conversation).toMatchObject({ title: 'Greeting', activeRunId: null });
      expect(Date.parse(conversation.updatedAt)).toBe(at(2).getTime());

      await store.renameConversation(user, id, 'Mine');
      conversation = (await store.getConversation(user, id))!;
      await store.beginTurn({ ...base, expectedVersion: conversation.version, messages: [text('a1', 'assistant', 'Part, answered')], run: { id: `${id}-r2` }, now: at(3) });
      await store.finishTurn({ ...base, runId: `${id}-r2`, reply: text('a1', 'assistant', 'Part, answered, done'), title: 'Other', status: 'completed', steps: 1, now: at(4) });
      let thread = (await store.loadThread(user, id))!;
      expect(thread.map((m) => [m.id, m.parts])).toEqual([
        ['u1', [{ type: 'text', text: 'Hi' }]],
        ['a1', [{ type: 'text', text: 'Part, answered, done' }]],
      ]);
      expect((await store.getConversation(user, id))!.title).toBe('Mine');

      conversation = (await store.getConversation(user, id))!;
      await store.beginTurn({ ...base, expectedVersion: conversation.version, parentId: null, messages: [text('u1b', 'user', 'Hello')], run: { id: `${id}-r3` }, now: at(5) });
      thread = (await store.loadThread(user, id))!;
      expect(thread.map((m) => [m.id, m.parts])).toEqual([['u1b', [{ type: 'text', text: 'Hello' }]]]);
      expect((await store.loadTree(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u1b']);
      expect((await store.listRuns(user, id))!.map((r) => r.status)).toEqual(['stopped', 'completed', 'running']);
    });

    it('keeps run records: the agent, the timeline, sub-agent runs as their own rows; getRun scoped to the user', async () => {
      const user = unique('u');
      const id = unique('c');
      const base = { userId: user, conversationId: id, agentId: 'boss' };
      await store.beginTurn({ ...base, expectedVersion: null, messages: [text('u1', 'user', 'Hi')], run: { id: `${id}-r1` }, now: at(1) });
      expect(await store.getRun(user, `${id}-r1`)).toMatchObject({ id: `${id}-r1`, agentId: 'boss', status: 'running', timeline: null, initiatorToolCallId: null });
      const step = { stepNumber: 1, startedAt: at(1).toISOString(), durationMs: 120, finishReason: 'tool-calls', usage: { inputTokens: 7, outputTokens: 3 } };
      const call = (name: string, extra: Record<string, unknown> = {}) => ({
        toolCallId: `${name}-1`,
        toolName: name,
        source: 'function' as const,
        stepNumber: 1,
        state: 'done' as const,
        input: { q: 'ünï' },
        output: { ok: true },
        startedAt: at(1).toISOString(),
        durationMs: 40,
        ...extra,
      });
      const sub = (suffix: string, initiatorRunId: string) => ({
        id: `${id}-${suffix}`,
        agentId: 'researcher',
        initiatorRunId,
        initiatorToolCallId: 'researcher-1',
        status: 'completed' as const,
        stopReason: 'stop',
        steps: 1,
        usage: { inputTokens: 2 },
        startedAt: at(1).toISOString(),
        finishedAt: at(2).toISOString(),
        timeline: { steps: [step], toolCalls: [call('lookup', { state: 'error', error: 'down', output: undefined })] },
      });
      const finish = {
        ...base,
        runId: `${id}-r1`,
        reply: text('a1', 'assistant', 'Done'),
        status: 'completed' as const,
        stopReason: 'stop',
        steps: 1,
        timeline: { steps: [step], toolCalls: [call('researcher', { source: 'sub-agent', subRunId: `${id}-s1` })] },
        subRuns: [sub('s1', `${id}-r1`), sub('s2', `${id}-s1`)],
        now: at(2),
      };
      await store.finishTurn(finish);
      // A retried finish (the database was away) writes the same rows once.
      await store.finishTurn(finish);
      const root = (await store.getRun(user, `${id}-r1`))!;
      expect(root).toMatchObject({ agentId: 'boss', status: 'completed', timeline: finish.timeline });
      expect((await store.listRuns(user, id))!.map((r) => [r.id, r.initiatorRunId, r.initiatorToolCallId, r.agentId])).toEqual([
        [`${id}-r1`, null, null, 'boss'],
        [`${id}-s1`, `${id}-r1`, 'researcher-1', 'researcher'],
        [`${id}-s2`, `${id}-s1`, 'researcher-1', 'researcher'],
      ]);
      const nested = (await store.getRun(user, `${id}-s2`))!;
      expect(nested).toMatchObject({ conversationId: id, status: 'completed', stopReason: 'stop', steps: 1, usage: { inputTokens: 2 }, finishedAt: at(2).toISOString() });
      expect(nested.timeline!.toolCalls[0]).toMatchObject({ toolName: 'lookup', state: 'error', error: 'down', input: { q: 'ünï' } });
      expect(await store.getRun(unique('other'), `${id}-r1`)).toBeNull();
      expect(await store.getRun(user, `${id}-missing`)).toBeNull();
      await store.deleteConversation(user, id);
      expect(await store.getRun(user, `${id}-s1`)).toBeNull();
    });

    it('takes over a run that was left running long ago (a server that died mid-turn)', async () => {
      const user = unique('u');
      const id = unique('c');
      const base = { userId: user, conversationId: id, agentId: 'assistant' };
      const long = new Date(Date.now() - 60 * 60_000);
      const begun = await store.beginTurn({ ...base, expectedVersion: null, messages: [text('u1', 'user', 'Hi')], run: { id: `${id}-old` }, now: long });
      const next = await store.beginTurn({ ...base, expectedVersion: begun.version, messages: [text('u2', 'user', 'Again')], run: { id: `${id}-new` }, now: new Date() });
      expect(next.activeRunId).toBe(`${id}-new`);
      expect((await store.listRuns(user, id))!.map((r) => [r.id, r.status, r.stopReason])).toEqual([
        [`${id}-old`, 'failed', 'interrupted'],
        [`${id}-new`, 'running', null],
      ]);
      expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'u2']);
    });

    it('keeps a long run that its server marks alive (touchRun)', async () => {
      const user = unique('u');
      const id = unique('c');
      const base = { userId: user, conversationId: id, agentId: 'assistant' };
      const long = new Date(Date.now() - 60 * 60_000);
      const begun = await store.beginTurn({ ...base, expectedVersion: null, messages: [text('u1', 'user', 'Hi')], run: { id: `${id}-r1` }, now: long });
      const seen = new Date();
      await store.touchRun(user, id, `${id}-r1`, seen);
      await store.touchRun(unique('other'), id, `${id}-r1`, new Date(0));
      expect((await store.listRuns(user, id))![0]).toMatchObject({ status: 'running', heartbeatAt: seen.toISOString() });
      await expect(
        store.beginTurn({ ...base, expectedVersion: begun.version, messages: [text('u2', 'user', 'Again')], run: { id: `${id}-r2` }, now: new Date() }),
      ).rejects.toBeInstanceOf(StoreConflictError);
    });

    describeBranchCases(() => store, unique);
    describeApprovalCases(() => store, unique);
    describeQueueCases(() => store, unique);
  });
}
