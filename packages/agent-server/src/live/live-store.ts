import type { ConversationSummary, LiveEvent } from '@x/agent-protocol/routes';
import type { Logger } from '../config/logger.js';
import { toSummary } from '../http/conversation-routes.js';
import type { RunLog } from '../runs/run-log.js';
import { STORE_METHODS } from '../store/guarded-store.js';
import type { ConversationStore } from '../store/types.js';
import { answeredApprovalIds, turnEndOf, waitingApprovalIds } from './live-events-of.js';

/** Run ids whose generated title was looked at, kept at most this many (a run lost on another instance never clears its own). */
const MAX_TITLE_CHECKS = 10_000;

/**
 * The store as the server uses it when the run log carries live events (ARCHITECTURE §7, "Live on
 * every tab"): after each successful write it publishes the user's `LiveEvent`s (agent-protocol
 * `live-events.ts`) through `runLog.publishUserEvent`, with the conversation's row after the change
 * (the write's answer, or one `getConversation` read after it). Every path that writes goes through
 * here — a chat turn, AG-UI, an A2A task, a run given up as lost, the conversation routes — so every
 * tab of the user follows whichever of them changed a conversation.
 *
 * Publishing never fails or slows a write: the write's answer returns first, the events follow in
 * the background, in order per user (one chain per user while it has events on their way), and a
 * failure is reported once per episode through the logger. Without a run log that carries events
 * the store is returned as it is.
 */
export function liveStore(store: ConversationStore, options: { runLog: RunLog | undefined; logger: Logger }): ConversationStore {
  const runLog = options.runLog;
  if (!runLog?.publishUserEvent || !runLog.readUserEvents) return store;
  const publish = runLog.publishUserEvent.bind(runLog);
  const { logger } = options;
  const tails = new Map<string, Promise<void>>();
  const titleChecked = new Set<string>();
  let failing = false;

  /** Runs `make` after the user's earlier events, then publishes what it gives (nothing: `[]`). */
  const emit = (userId: string, make: () => Promise<LiveEvent[]> | LiveEvent[]) => {
    const next = (tails.get(userId) ?? Promise.resolve())
      .then(async () => {
        for (const event of await make()) await publish(userId, JSON.stringify(event));
        failing = false;
      })
      .catch((error: unknown) => {
        if (failing) return;
        failing = true;
        logger.warn('live event not published (open tabs follow again after their next reload)', { error: error instanceof Error ? error.message : String(error) });
      });
    tails.set(userId, next);
    void next.then(() => {
      if (tails.get(userId) === next) tails.delete(userId);
    });
  };
  /** The conversation's row now (null: deleted meanwhile, nothing to say). */
  const rowOf = async (userId: string, conversationId: string): Promise<ConversationSummary | null> => {
    const record = await store.getConversation(userId, conversationId);
    return record ? toSummary(record) : null;
  };
  /** Emits the events `build` makes from the conversation's row read after the write. */
  const afterRead = (userId: string, conversationId: string, build: (conversation: ConversationSummary) => LiveEvent[]) =>
    emit(userId, async () => {
      const conversation = await rowOf(userId, conversationId);
      return conversation ? build(conversation) : [];
    });

  const live: Record<string, unknown> = {};
  for (const key of STORE_METHODS) {
    const value = store[key];
    if (typeof value === 'function') live[key] = (value as (...args: unknown[]) => unknown).bind(store);
  }
  const overrides: Partial<ConversationStore> = {
    async beginTurn(input) {
      const record = await store.beginTurn(input);
      const conversation = toSummary(record);
      const { conversationId } = input;
      const answered = answeredApprovalIds(input);
      emit(input.userId, () => [
        ...(input.expectedVersion === null ? [{ type: 'conversation-created', conversationId, conversation } as const] : []),
        ...(answered.length > 0 ? [{ type: 'approval-answered', conversationId, conversation, approvalIds: answered } as const] : []),
        { type: 'turn-started', conversationId, conversation, runId: input.run.id, agentId: input.agentId },
      ]);
      return record;
    },
    async finishTurn(input) {
      await store.finishTurn(input);
      const { conversationId, runId } = input;
      const titleSeen = titleChecked.delete(runId);
      const waiting = waitingApprovalIds(input);
      afterRead(input.userId, conversationId, (conversation) => [
        { type: 'turn-ended', conversationId, conversation, runId, end: turnEndOf(input) },
        ...(waiting.length > 0 ? [{ type: 'approval-waiting', conversationId, conversation, approvalIds: waiting } as const] : []),
        // A title is written only when the conversation has none: it has this one now, and no checkpoint announced it.
        ...(input.title !== undefined && !titleSeen && conversation.title === input.title ? [{ type: 'conversation-renamed', conversationId, conversation, how: 'titled' } as const] : []),
      ]);
    },
    async renameConversation(userId, conversationId, title) {
      const record = await store.renameConversation(userId, conversationId, title);
      if (record) emit(userId, () => [{ type: 'conversation-renamed', conversationId, conversation: toSummary(record), how: 'renamed' }]);
      return record;
    },
    async deleteConversation(userId, conversationId) {
      const deleted = await store.deleteConversation(userId, conversationId);
      if (deleted) emit(userId, () => [{ type: 'conversation-deleted', conversationId }]);
      return deleted;
    },
    async deleteMessage(userId, conversationId, messageId) {
      const result = await store.deleteMessage(userId, conversationId, messageId);
      if (result === 'ok') afterRead(userId, conversationId, (conversation) => [{ type: 'message-deleted', conversationId, conversation, messageId }]);
      return result;
    },
    async switchBranch(userId, conversationId, messageId, now) {
      const result = await store.switchBranch(userId, conversationId, messageId, now);
      if (result === 'ok') afterRead(userId, conversationId, (conversation) => [{ type: 'branch-switched', conversationId, conversation, messageId }]);
      return result;
    },
    async saveQueue(userId, conversationId, messages) {
      const saved = await store.saveQueue(userId, conversationId, messages);
      if (saved) afterRead(userId, conversationId, (conversation) => [{ type: 'queue-changed', conversationId, conversation }]);
      return saved;
    },
    async updateMessageMetadata(userId, conversationId, messageId, patch) {
      const result = await store.updateMessageMetadata(userId, conversationId, messageId, patch);
      // Feedback is what a person changes; other keys are the server's bookkeeping (an A2A cancel mark).
      if (result === 'ok' && Object.hasOwn(patch, 'feedback')) afterRead(userId, conversationId, (conversation) => [{ type: 'feedback-changed', conversationId, conversation, messageId }]);
      return result;
    },
  };
  if (store.checkpointRun) {
    const checkpointRun = store.checkpointRun.bind(store);
    overrides.checkpointRun = async (input) => {
      await checkpointRun(input);
      // A checkpoint writes a generated title as soon as it is known (then again with every
      // checkpoint): one look per run, and one `titled` when it was this title that got written.
      const { title, runId, conversationId } = input;
      if (title === undefined || titleChecked.has(runId)) return;
      if (titleChecked.size >= MAX_TITLE_CHECKS) titleChecked.clear();
      titleChecked.add(runId);
      afterRead(input.userId, conversationId, (conversation) => (conversation.title === title ? [{ type: 'conversation-renamed', conversationId, conversation, how: 'titled' }] : []));
    };
  }
  // `as unknown as`: built from the store's own methods (`STORE_METHODS`), each keeping its signature.
  return { ...live, ...overrides } as unknown as ConversationStore;
}
