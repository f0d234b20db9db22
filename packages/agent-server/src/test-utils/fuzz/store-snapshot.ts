import type { ConversationRecord } from '../../store/types.js';
import { OTHER_USER, USER, type FuzzEnv } from './fuzz-env.js';

/**
 * What a refused request must leave unchanged: both users' conversations (every write bumps a
 * conversation's version), the fixtures' message trees and queues, and the blob store's keys.
 */
export async function storeSnapshot(env: FuzzEnv): Promise<string> {
  const conversations: Record<string, unknown> = {};
  for (const user of [USER, OTHER_USER]) {
    for (const record of await allConversations(env, user)) {
      const { id, version, title, updatedAt, activeRunId, awaitingApproval, metadata } = record;
      conversations[`${user}/${id}`] = { version, title, updatedAt, activeRunId, awaitingApproval, metadata };
    }
  }
  const trees: Record<string, unknown> = {};
  for (const [user, id] of [
    [USER, env.fixtures.chat],
    [USER, env.fixtures.pending],
    [OTHER_USER, env.fixtures.bobChat],
  ] as const) {
    trees[`${user}/${id}`] = { tree: await env.store.loadTree(user, id), queue: await env.store.loadQueue(user, id), runs: (await env.store.listRuns(user, id))?.length };
  }
  const blobs: string[] = [];
  for await (const item of env.blobs.list('')) blobs.push(`${item.key}:${item.size}`);
  return JSON.stringify({ conversations, trees, blobs: blobs.sort() });
}

async function allConversations(env: FuzzEnv, user: string): Promise<ConversationRecord[]> {
  const out: ConversationRecord[] = [];
  let after: { updatedAt: string; id: string } | undefined;
  for (;;) {
    const page = await env.store.listConversations(user, { limit: 200, after });
    out.push(...page);
    if (page.length < 200) return out;
    const last = page.at(-1)!;
    after = { updatedAt: last.updatedAt, id: last.id };
  }
}

/** Waits until no conversation has a run going (a streamed reply saves itself just after its last byte). */
export async function settle(env: FuzzEnv, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = [...(await allConversations(env, USER)), ...(await allConversations(env, OTHER_USER))].some((c) => c.activeRunId !== null);
    if (!busy) return;
    if (Date.now() > deadline) throw new Error(`a run was still active ${timeoutMs} ms after its stream ended`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
