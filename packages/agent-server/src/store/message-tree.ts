import type { MessageRecord } from './types.js';

/**
 * A conversation's messages as a tree (`parentId`), in memory: what `memoryStore` answers branch
 * reads with. The SQL stores do the same walks with recursive queries (sql-store.ts).
 */

/** The path root → `leafId`, oldest first; `[]` when the tree does not have `leafId`. */
export function pathTo(messages: readonly MessageRecord[], leafId: string | null): MessageRecord[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const path: MessageRecord[] = [];
  for (let at = leafId === null ? undefined : byId.get(leafId); at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
    path.push(at);
  }
  return path.reverse();
}

/** Ids of the messages under the same parent as `message` (it included), in write order. */
export function siblingIdsOf(messages: readonly MessageRecord[], message: MessageRecord): string[] {
  return messages
    .filter((m) => m.parentId === message.parentId)
    .sort((a, b) => a.seq - b.seq)
    .map((m) => m.id);
}

/** `rootId` and every message under it. */
export function subtreeIds(messages: readonly MessageRecord[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  // Children are written after their parent: one pass in write order finds the whole subtree.
  for (const m of [...messages].sort((a, b) => a.seq - b.seq)) if (m.parentId !== null && ids.has(m.parentId)) ids.add(m.id);
  return ids;
}

/** The newest message under `rootId` (it included; null: the whole tree) — a leaf; null when there is none. */
export function newestUnder(messages: readonly MessageRecord[], rootId: string | null): string | null {
  const within = rootId === null ? undefined : subtreeIds(messages, rootId);
  let newest: MessageRecord | undefined;
  for (const m of messages) if ((!within || within.has(m.id)) && (!newest || m.seq > newest.seq)) newest = m;
  return newest?.id ?? null;
}

/**
 * Whether the active path waits for an approval: its newest message (`leafId`, else the newest of
 * the tree) is an assistant message with a tool part in state `approval-requested`. The SQL stores
 * answer the same with a jsonb containment test (sql-store.ts `AWAITING_APPROVAL`).
 */
export function awaitsApproval(messages: readonly MessageRecord[], leafId: string | null): boolean {
  const id = leafId ?? newestUnder(messages, null);
  const leaf = id === null ? undefined : messages.find((m) => m.id === id);
  return leaf?.role === 'assistant' && leaf.parts.some((part) => 'state' in part && part.state === 'approval-requested');
}
