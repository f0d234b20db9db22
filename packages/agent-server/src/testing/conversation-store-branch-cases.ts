import { expect, it } from 'vitest';
import { StoreConflictError, type ConversationStore, type MessageInput } from '../store/types.js';

const text = (id: string, role: 'user' | 'assistant', value: string): MessageInput => ({ id, role, parts: [{ type: 'text', text: value }] });
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 1, minute));

/**
 * The branch cases of the conformance suite (ARCHITECTURE §12): a conversation is a tree; an edit or a
 * regenerate adds a sibling and never deletes; the active leaf is persisted and switchable; a delete
 * takes a subtree. Runs inside `describeConversationStore`.
 */
export function describeBranchCases(getStore: () => ConversationStore, unique: (prefix: string) => string): void {
  /** u1 → a1 → u2 → a2, finished; returns the ids and the turn's base fields. */
  async function seedLine(store: ConversationStore) {
    const user = unique('u');
    const id = unique('c');
    const base = { userId: user, conversationId: id, agentId: 'assistant' };
    await store.beginTurn({ ...base, expectedVersion: null, messages: [text('u1', 'user', 'One')], run: { id: `${id}-r1` }, now: at(1) });
    await store.finishTurn({ ...base, runId: `${id}-r1`, reply: text('a1', 'assistant', 'Answer one'), status: 'completed', steps: 1, now: at(1) });
    let version = (await store.getConversation(user, id))!.version;
    await store.beginTurn({ ...base, expectedVersion: version, messages: [text('u2', 'user', 'Two')], run: { id: `${id}-r2` }, now: at(2) });
    await store.finishTurn({ ...base, runId: `${id}-r2`, reply: text('a2', 'assistant', 'Answer two'), status: 'completed', steps: 1, now: at(2) });
    version = (await store.getConversation(user, id))!.version;
    return { user, id, base, version };
  }

  /** Edits u2 (a sibling u2b under a1, answered a2b), then regenerates a2b (a sibling a2c). */
  async function seedBranches(store: ConversationStore) {
    const seeded = await seedLine(store);
    await editAndRegenerate(store, seeded.user, seeded.id);
    return seeded;
  }

  it('branches: an edit and a regenerate add siblings and never delete anything', async () => {
    const store = getStore();
    const { user, id } = await seedLine(store);
    const before = (await store.loadTree(user, id))!;
    await editAndRegenerate(store, user, id);
    const tree = (await store.loadTree(user, id))!;
    // Every message written before is still there, unchanged.
    for (const message of before) expect(tree.find((m) => m.id === message.id)).toEqual(message);
    expect(tree.map((m) => [m.id, m.parentId])).toEqual([
      ['u1', null],
      ['a1', 'u1'],
      ['u2', 'a1'],
      ['a2', 'u2'],
      ['u2b', 'a1'],
      ['a2b', 'u2b'],
      ['a2c', 'u2b'],
    ]);
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2c']);
    const page = (await store.listMessages(user, id, { limit: 10 }))!;
    expect(page.map((m) => [m.id, m.siblingIds])).toEqual([
      ['u1', ['u1']],
      ['a1', ['a1']],
      ['u2b', ['u2', 'u2b']],
      ['a2c', ['a2b', 'a2c']],
    ]);
    const older = (await store.listMessages(user, id, { limit: 2, beforeSeq: page[2]!.seq }))!;
    expect(older.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect((await store.loadThread(user, id, 'a2'))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(await store.loadThread(user, id, 'missing')).toEqual([]);
  });

  /** Edits u2 (a sibling u2b under a1, answered a2b), then regenerates a2b (a sibling a2c). */
  async function editAndRegenerate(store: ConversationStore, user: string, id: string) {
    const base = { userId: user, conversationId: id, agentId: 'assistant' };
    let version = (await store.getConversation(user, id))!.version;
    await store.beginTurn({ ...base, expectedVersion: version, parentId: 'a1', messages: [text('u2b', 'user', 'Two, edited')], run: { id: `${id}-r3` }, now: at(3) });
    await store.finishTurn({ ...base, runId: `${id}-r3`, parentId: 'u2b', reply: text('a2b', 'assistant', 'Answer two b'), status: 'completed', steps: 1, now: at(3) });
    version = (await store.getConversation(user, id))!.version;
    await store.beginTurn({ ...base, expectedVersion: version, parentId: 'u2b', messages: [], run: { id: `${id}-r4` }, now: at(4) });
    await store.finishTurn({ ...base, runId: `${id}-r4`, parentId: 'u2b', reply: text('a2c', 'assistant', 'Answer two c'), status: 'completed', steps: 1, now: at(4) });
  }

  it('branches: switching persists the active path (down to the newest message of the branch) and bumps the version', async () => {
    const store = getStore();
    const { user, id } = await seedBranches(store);
    const version = (await store.getConversation(user, id))!.version;
    expect(await store.switchBranch(user, id, 'u2', new Date())).toBe('ok');
    expect((await store.getConversation(user, id))!.version).toBeGreaterThan(version);
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await store.listMessages(user, id, { limit: 10 }))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(await store.switchBranch(user, id, 'a2b', new Date())).toBe('ok');
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    // A new turn continues the active path.
    const next = (await store.getConversation(user, id))!;
    await store.beginTurn({ userId: user, conversationId: id, agentId: 'assistant', expectedVersion: next.version, messages: [text('u3', 'user', 'Three')], run: { id: `${id}-r5` }, now: at(5) });
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2b', 'u3']);
  });

  it('branches: a switch to a missing message, another conversation or another user changes nothing; a running turn is a conflict', async () => {
    const store = getStore();
    const { user, id } = await seedBranches(store);
    const other = await seedLine(store);
    const before = JSON.stringify([await store.getConversation(user, id), await store.loadThread(user, id)]);
    expect(await store.switchBranch(user, id, 'missing', new Date())).toBe('message');
    expect(await store.switchBranch(other.user, id, 'u2', new Date())).toBe('conversation');
    expect(await store.switchBranch(user, other.id, 'u2', new Date())).toBe('conversation');
    expect(JSON.stringify([await store.getConversation(user, id), await store.loadThread(user, id)])).toBe(before);
    const { version } = (await store.getConversation(user, id))!;
    await store.beginTurn({ userId: user, conversationId: id, agentId: 'assistant', expectedVersion: version, messages: [text('u3', 'user', 'Three')], run: { id: `${id}-r9` }, now: new Date() });
    await expect(store.switchBranch(user, id, 'u2', new Date())).rejects.toBeInstanceOf(StoreConflictError);
  });

  it('branches: a turn may not continue from a message the conversation does not have', async () => {
    const store = getStore();
    const { user, id, base, version } = await seedLine(store);
    await expect(
      store.beginTurn({ ...base, expectedVersion: version, parentId: 'missing', messages: [text('u9', 'user', 'x')], run: { id: `${id}-r9` }, now: at(9) }),
    ).rejects.toBeInstanceOf(StoreConflictError);
    expect((await store.loadTree(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('branches: deleting a message deletes its subtree; the active leaf moves to the newest message left under its parent', async () => {
    const store = getStore();
    const { user, id } = await seedBranches(store);
    expect(await store.deleteMessage(user, id, 'u2b')).toBe('ok');
    expect((await store.loadTree(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await store.listMessages(user, id, { limit: 10 }))!.map((m) => m.siblingIds)).toEqual([['u1'], ['a1'], ['u2'], ['a2']]);
    expect(await store.deleteMessage(user, id, 'u1')).toBe('ok');
    expect(await store.loadTree(user, id)).toEqual([]);
    expect(await store.loadThread(user, id)).toEqual([]);
  });

  it('branches: after a delete, a new child takes the deleted one\'s place; switching finds the newest message of any depth', async () => {
    const store = getStore();
    const { user, id, base } = await seedBranches(store);
    // a2 goes; u2 is left without a child, and a regenerate under it answers there again.
    expect(await store.deleteMessage(user, id, 'a2')).toBe('ok');
    expect(await store.switchBranch(user, id, 'u2', new Date())).toBe('ok');
    let version = (await store.getConversation(user, id))!.version;
    await store.beginTurn({ ...base, expectedVersion: version, parentId: 'u2', messages: [], run: { id: `${id}-r6` }, now: at(6) });
    await store.finishTurn({ ...base, runId: `${id}-r6`, parentId: 'u2', reply: text('a2x', 'assistant', 'Answer two x'), status: 'completed', steps: 1, now: at(6) });
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2x']);
    // A second regenerate under u2: a sibling of a2x.
    version = (await store.getConversation(user, id))!.version;
    await store.beginTurn({ ...base, expectedVersion: version, parentId: 'u2', messages: [], run: { id: `${id}-r7` }, now: at(7) });
    await store.finishTurn({ ...base, runId: `${id}-r7`, parentId: 'u2', reply: text('a2y', 'assistant', 'Answer two y'), status: 'completed', steps: 1, now: at(7) });
    const page = (await store.listMessages(user, id, { limit: 10 }))!;
    expect(page.map((m) => [m.id, m.siblingIds])).toEqual([
      ['u1', ['u1']],
      ['a1', ['a1']],
      ['u2', ['u2', 'u2b']],
      ['a2y', ['a2x', 'a2y']],
    ]);
    // The root's subtree is the whole tree: its newest message is a2y, two lines away from u1's.
    expect(await store.switchBranch(user, id, 'u2b', new Date())).toBe('ok');
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2b', 'a2c']);
    expect(await store.switchBranch(user, id, 'u1', new Date())).toBe('ok');
    expect((await store.loadThread(user, id))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2y']);
    expect((await store.listMessages(user, id, { limit: 2 }))!.map((m) => m.id)).toEqual(['u2', 'a2y']);
    expect((await store.listMessages(user, id, { limit: 10, beforeSeq: page[3]!.seq }))!.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
  });

  it('branches: a long path pages back across its versions', async () => {
    const store = getStore();
    const user = unique('u');
    const id = unique('c');
    const base = { userId: user, conversationId: id, agentId: 'assistant' };
    // A line of 12, then an edit of message 4 continued for 8 more: the path crosses two lines.
    let version: number | null = null;
    let parentId: string | undefined;
    const write = async (ids: string[], from?: string) => {
      parentId = from;
      for (const mid of ids) {
        await store.beginTurn({ ...base, expectedVersion: version, ...(parentId ? { parentId } : {}), messages: [text(mid, 'user', mid)], run: { id: `${id}-${mid}` }, now: at(10) });
        await store.finishTurn({ ...base, runId: `${id}-${mid}`, status: 'completed', steps: 0, now: at(10) });
        version = (await store.getConversation(user, id))!.version;
        parentId = mid;
      }
    };
    await write(Array.from({ length: 12 }, (_, i) => `m${i + 1}`));
    await write(Array.from({ length: 8 }, (_, i) => `e${i + 4}`), 'm3');
    const all = ['m1', 'm2', 'm3', ...Array.from({ length: 8 }, (_, i) => `e${i + 4}`)];
    const newest = (await store.listMessages(user, id, { limit: 5 }))!;
    expect(newest.map((m) => m.id)).toEqual(all.slice(-5));
    const older = (await store.listMessages(user, id, { limit: 5, beforeSeq: newest[0]!.seq }))!;
    expect(older.map((m) => m.id)).toEqual(all.slice(-10, -5));
    const oldest = (await store.listMessages(user, id, { limit: 5, beforeSeq: older[0]!.seq }))!;
    expect(oldest.map((m) => m.id)).toEqual(all.slice(0, 1));
    expect(newest.find((m) => m.id === 'e4')?.siblingIds ?? older.find((m) => m.id === 'e4')?.siblingIds).toEqual(['m4', 'e4']);
  });
}
