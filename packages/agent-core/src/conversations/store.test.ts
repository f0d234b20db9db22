import { memoryStore } from '@x/agent-server/store';
import { afterEach, describe, expect, it } from 'vitest';
import { testServer } from '../test-utils/test-server.js';
import { ConversationsStore, type ConversationsSnapshot, type ConversationsStoreOptions } from './store.js';

/** The real agent server with a memory store; `offline` makes every request fail as a dropped network would. */
function setup() {
  const server = testServer({ assistant: { script: { steps: [[{ type: 'text', text: 'Noted.' }]], chunkDelayMs: 0 } } }, {}, { store: memoryStore() });
  let offline = false;
  const methods: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (offline) throw new TypeError('Failed to fetch');
    methods.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    return server.fetch(input, init);
  };
  /** One finished turn: the server creates the conversation with the user's message. */
  const say = async (conversationId: string, text: string) => {
    const response = await fetch('/api/agent/assistant', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId, messages: [{ id: `u-${conversationId}-${text.length}`, role: 'user', parts: [{ type: 'text', text }] }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
  };
  return {
    fetch,
    say,
    methods,
    setOffline: (value: boolean) => {
      offline = value;
    },
  };
}

const stores: ConversationsStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
});

function open(fetch: typeof globalThis.fetch, options: ConversationsStoreOptions = {}) {
  const store = new ConversationsStore({ fetch, ...options });
  stores.push(store);
  store.start();
  return store;
}

/** Resolves with the first snapshot that passes `check`. */
function until(store: ConversationsStore, check: (snapshot: ConversationsSnapshot) => boolean): Promise<ConversationsSnapshot> {
  return new Promise((resolve) => {
    if (check(store.getSnapshot())) return resolve(store.getSnapshot());
    const off = store.subscribe(() => {
      if (!check(store.getSnapshot())) return;
      off();
      resolve(store.getSnapshot());
    });
  });
}
const ids = (snapshot: ConversationsSnapshot) => snapshot.items.map((item) => item.id);

describe('ConversationsStore against the real server', () => {
  it('loads newest first and pages with loadMore until hasMore is false', async () => {
    const { fetch, say } = setup();
    for (const id of ['c1', 'c2', 'c3', 'c4', 'c5']) await say(id, `Hello from ${id}`);
    const store = open(fetch, { pageSize: 2 });
    expect(store.getSnapshot().status).toBe('loading');
    const first = await until(store, (s) => s.status === 'ready');
    expect(ids(first)).toEqual(['c5', 'c4']);
    expect(first.hasMore).toBe(true);
    await store.loadMore();
    await store.loadMore();
    const last = store.getSnapshot();
    expect(ids(last)).toEqual(['c5', 'c4', 'c3', 'c2', 'c1']);
    expect(last.hasMore).toBe(false);
    expect(last.items[0]).toMatchObject({ agentId: 'assistant' });
  });

  it('searches titles after the debounce and lists everything again when the query is cleared', async () => {
    const { fetch, say } = setup();
    await say('lisbon', 'Trip');
    await say('report', 'Report');
    const store = open(fetch, { searchDelay: 10 });
    await until(store, (s) => s.status === 'ready');
    expect(await store.rename('lisbon', 'Weekend in Lisbon')).toBe(true);
    await store.rename('report', 'Quarterly report');
    store.setQuery('LISBON');
    expect(store.getSnapshot().query).toBe('LISBON');
    expect(await until(store, (s) => s.items.length === 1 && s.status === 'ready').then(ids)).toEqual(['lisbon']);
    store.setQuery('');
    expect(await until(store, (s) => s.items.length === 2).then(ids)).toEqual(['report', 'lisbon']);
  });

  it('renames at once and keeps the title the server saved', async () => {
    const { fetch, say } = setup();
    await say('c1', 'Hi');
    const store = open(fetch);
    await until(store, (s) => s.status === 'ready');
    const saved = store.rename('c1', '  Plans  ');
    expect(store.getSnapshot().items[0]?.title).toBe('Plans');
    expect(await saved).toBe(true);
    await store.refresh();
    expect(store.getSnapshot().items[0]?.title).toBe('Plans');
    expect(store.getSnapshot().error).toBeNull();
  });

  it('rolls a refused rename back with a visible error, and refuses an empty or too long title without a request', async () => {
    const { fetch, say, methods } = setup();
    await say('c1', 'Hi');
    const store = open(fetch);
    await until(store, (s) => s.status === 'ready');
    store.touch('never-saved', { title: 'Draft' });
    expect(await store.rename('never-saved', 'Other')).toBe(false);
    expect(store.getSnapshot().items.find((item) => item.id === 'never-saved')?.title).toBe('Draft');
    expect(store.getSnapshot().error).toMatchObject({ action: 'rename', conversationId: 'never-saved', code: 'conversation_not_found' });
    store.clearError();
    expect(store.getSnapshot().error).toBeNull();

    const before = methods.length;
    expect(await store.rename('c1', '   ')).toBe(false);
    expect(await store.rename('c1', 'x'.repeat(201))).toBe(false);
    expect(store.getSnapshot().error).toMatchObject({ code: 'invalid_title' });
    expect(methods.length).toBe(before);
  });

  it('hides a deleted conversation at once; undo brings it back without a request', async () => {
    const { fetch, say, methods } = setup();
    await say('c1', 'One');
    await say('c2', 'Two');
    const store = open(fetch, { initialSelectedId: 'c2', undoTimeout: 60_000 });
    await until(store, (s) => s.status === 'ready');
    const { undo } = store.remove('c2');
    const hidden = store.getSnapshot();
    expect(ids(hidden)).toEqual(['c1']);
    expect(hidden.pendingDeletes.map((p) => p.id)).toEqual(['c2']);
    expect(hidden.selectedId).not.toBe('c2');
    undo();
    expect(ids(store.getSnapshot())).toEqual(['c2', 'c1']);
    expect(store.getSnapshot().selectedId).toBe('c2');
    expect(store.getSnapshot().pendingDeletes).toEqual([]);
    expect(methods.filter((m) => m.startsWith('DELETE'))).toEqual([]);
  });

  it('sends the DELETE when the undo window closes (or at stop), and the server no longer lists it', async () => {
    const { fetch, say, methods } = setup();
    await say('c1', 'One');
    await say('c2', 'Two');
    const store = open(fetch, { undoTimeout: 20 });
    await until(store, (s) => s.status === 'ready');
    store.remove('c1');
    await until(store, (s) => s.pendingDeletes.length === 0);
    expect(methods).toContain('DELETE /api/agent/conversations/c1');
    await store.refresh();
    expect(ids(store.getSnapshot())).toEqual(['c2']);

    const long = open(fetch, { undoTimeout: 60_000 });
    await until(long, (s) => s.status === 'ready');
    long.remove('c2');
    long.stop();
    await until(long, (s) => s.items.length === 0 && s.pendingDeletes.length === 0);
    const again = open(fetch);
    expect(await until(again, (s) => s.status === 'ready').then(ids)).toEqual([]);
  });

  it('restores a conversation whose DELETE fails and shows the error', async () => {
    const { fetch, say, setOffline } = setup();
    await say('c1', 'One');
    const store = open(fetch, { undoTimeout: 10 });
    await until(store, (s) => s.status === 'ready');
    setOffline(true);
    store.remove('c1');
    const failed = await until(store, (s) => s.error !== null);
    expect(failed.error).toMatchObject({ action: 'delete', conversationId: 'c1', code: 'network_error' });
    expect(ids(failed)).toEqual(['c1']);
  });

  it('lists a touched conversation at once, keeps it through a refresh before the server has it, and takes the server row after', async () => {
    const { fetch, say } = setup();
    await say('old', 'Old');
    const store = open(fetch);
    await until(store, (s) => s.status === 'ready');
    const id = store.create();
    expect(store.getSnapshot().selectedId).toBe(id);
    expect(ids(store.getSnapshot())).toEqual(['old']);
    store.touch(id, { title: 'Plan a trip', agentId: 'assistant' });
    expect(store.getSnapshot().items[0]).toMatchObject({ id, title: 'Plan a trip' });
    await store.refresh();
    expect(ids(store.getSnapshot())).toEqual([id, 'old']);
    await say(id, 'Plan a trip');
    await store.refresh();
    expect(store.getSnapshot().items[0]).toMatchObject({ id, agentId: 'assistant', title: 'Plan a trip' });
    expect(store.getSnapshot().items[0]?.version).toBeGreaterThan(0);
  });

  it('reports a failed first load as status error, and a retry loads the list', async () => {
    const { fetch, say, setOffline } = setup();
    await say('c1', 'One');
    setOffline(true);
    const store = open(fetch);
    const failed = await until(store, (s) => s.status === 'error');
    expect(failed.error).toMatchObject({ action: 'load', code: 'network_error' });
    setOffline(false);
    await store.refresh();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', error: null });
    expect(ids(store.getSnapshot())).toEqual(['c1']);
  });

  it('filters by agentId and ignores touches of other agents', async () => {
    const { fetch, say } = setup();
    await say('c1', 'One');
    const store = open(fetch, { agentId: 'other' });
    await until(store, (s) => s.status === 'ready');
    expect(ids(store.getSnapshot())).toEqual([]);
    store.touch('c9', { agentId: 'assistant' });
    expect(ids(store.getSnapshot())).toEqual([]);
  });

  it('applies live events: a newer row replaces the listed one and re-sorts, an older one is ignored, a row outside the search or agent is not added', async () => {
    const { fetch, say } = setup();
    await say('c1', 'One');
    await say('c2', 'Two');
    const store = open(fetch, { searchDelay: 0, agentId: 'assistant' });
    await until(store, (s) => s.status === 'ready');
    const c1 = store.getSnapshot().items.find((item) => item.id === 'c1')!;
    const later = new Date(Date.parse(c1.updatedAt) + 60_000).toISOString();
    store.applyLive({ type: 'turn-started', conversationId: 'c1', runId: 'r1', agentId: 'assistant', conversation: { ...c1, version: c1.version + 1, updatedAt: later, activeRunId: 'r1' } });
    expect(ids(store.getSnapshot())).toEqual(['c1', 'c2']);
    expect(store.getSnapshot().items[0]).toMatchObject({ activeRunId: 'r1' });
    store.applyLive({ type: 'conversation-renamed', conversationId: 'c1', how: 'renamed', conversation: { ...c1, title: 'Stale' } });
    expect(store.getSnapshot().items[0]).toMatchObject({ activeRunId: 'r1', title: c1.title });
    store.applyLive({ type: 'conversation-created', conversationId: 'c3', conversation: { ...c1, id: 'c3', agentId: 'other', updatedAt: later } });
    expect(ids(store.getSnapshot())).toEqual(['c1', 'c2']);
    store.setQuery('lisbon');
    await until(store, (s) => s.status === 'ready' && s.items.length === 0);
    store.applyLive({ type: 'conversation-created', conversationId: 'c4', conversation: { ...c1, id: 'c4', title: 'Report', updatedAt: later } });
    store.applyLive({ type: 'conversation-created', conversationId: 'c5', conversation: { ...c1, id: 'c5', title: 'Lisbon trip', updatedAt: later } });
    expect(ids(store.getSnapshot())).toEqual(['c5']);
  });

  it('a conversation deleted elsewhere during this tab’s undo window goes, with nothing left to undo or send', async () => {
    const { fetch, say, methods } = setup();
    await say('c1', 'One');
    await say('c2', 'Two');
    const store = open(fetch, { undoTimeout: 60_000 });
    await until(store, (s) => s.status === 'ready');
    const { undo } = store.remove('c1');
    store.applyLive({ type: 'conversation-deleted', conversationId: 'c1' });
    expect(store.getSnapshot().pendingDeletes).toEqual([]);
    undo();
    expect(ids(store.getSnapshot())).toEqual(['c2']);
    store.flush();
    expect(methods.filter((m) => m.startsWith('DELETE'))).toEqual([]);
  });
});
