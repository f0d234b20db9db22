import { expect, it } from 'vitest';
import type { ConversationStore, MessageInput } from '../store/types.js';

const queued = (id: string, value: string): MessageInput => ({ id, role: 'user', parts: [{ type: 'text', text: value }], metadata: { createdAt: 1 } });

/**
 * The queue cases of the conformance suite: the messages a user queued while a reply streamed are
 * kept with the conversation (replaced as a whole, in order), scoped to the user, dropped with the
 * conversation, and never touch the history or its version. Runs inside `describeConversationStore`.
 */
export function describeQueueCases(getStore: () => ConversationStore, unique: (prefix: string) => string): void {
  async function seed(store: ConversationStore) {
    const user = unique('u');
    const id = unique('c');
    const base = { userId: user, conversationId: id, agentId: 'assistant' };
    await store.beginTurn({ ...base, expectedVersion: null, messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'One' }] }], run: { id: `${id}-r1` }, now: new Date() });
    return { user, id, base };
  }

  it('queue: starts empty, is replaced as a whole in order, keeps parts and metadata, and leaves the history and version alone', async () => {
    const store = getStore();
    const { user, id } = await seed(store);
    expect(await store.loadQueue(user, id)).toEqual([]);
    const { version } = (await store.getConversation(user, id))!;
    const thread = await store.loadThread(user, id);
    expect(await store.saveQueue(user, id, [queued('q1', 'First'), queued('q2', 'Second\u0000 with a NUL')])).toBe(true);
    expect(await store.loadQueue(user, id)).toEqual([queued('q1', 'First'), queued('q2', 'Second\u0000 with a NUL')]);
    expect(await store.saveQueue(user, id, [queued('q2', 'Second, edited'), queued('q1', 'First')])).toBe(true);
    expect((await store.loadQueue(user, id))!.map((m) => [m.id, (m.parts[0] as { text: string }).text])).toEqual([
      ['q2', 'Second, edited'],
      ['q1', 'First'],
    ]);
    expect(await store.saveQueue(user, id, [])).toBe(true);
    expect(await store.loadQueue(user, id)).toEqual([]);
    expect((await store.getConversation(user, id))!.version).toBe(version);
    expect(await store.loadThread(user, id)).toEqual(thread);
  });

  it('queue: another user or a missing conversation reads null and writes nothing; deleting the conversation drops it', async () => {
    const store = getStore();
    const { user, id } = await seed(store);
    await store.saveQueue(user, id, [queued('q1', 'Mine')]);
    expect(await store.loadQueue(unique('other'), id)).toBeNull();
    expect(await store.saveQueue(unique('other'), id, [queued('x', 'Theirs')])).toBe(false);
    expect(await store.loadQueue(user, unique('missing'))).toBeNull();
    expect(await store.saveQueue(user, unique('missing'), [queued('x', 'Nowhere')])).toBe(false);
    expect((await store.loadQueue(user, id))!.map((m) => m.id)).toEqual(['q1']);
    expect(await store.deleteConversation(user, id)).toBe(true);
    expect(await store.loadQueue(user, id)).toBeNull();
  });
}
