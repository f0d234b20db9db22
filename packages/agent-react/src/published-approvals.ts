import type { AgentUIMessage } from '@x/agent-protocol';
import { pendingApprovals, type PendingApproval } from '@x/agent-core';

const NONE: readonly PendingApproval[] = [];
const scanned = new WeakMap<AgentUIMessage, readonly PendingApproval[]>();

/**
 * `pendingApprovals` of a published transcript (a store snapshot's `messages`), one message at a
 * time: a published message is an immutable value — the store publishes a copy of the reply that
 * streams, a new object per update — so what it waits for is kept with it, and `useToolApproval`'s
 * selector, run on every streamed frame, reads each earlier message once instead of walking every
 * part of a long transcript again. Not for the chat's own `messages` (the AI SDK mutates the reply
 * it streams).
 */
export function publishedApprovals(messages: readonly AgentUIMessage[]): PendingApproval[] {
  const out: PendingApproval[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    let pending = scanned.get(message);
    if (!pending) {
      const found = pendingApprovals([message]);
      pending = found.length ? found : NONE;
      scanned.set(message, pending);
    }
    for (const approval of pending) out.push(approval);
  }
  return out;
}
