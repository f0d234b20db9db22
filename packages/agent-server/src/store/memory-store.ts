import { markDbSystem } from '../tracing/db-spans.js';
import {
  STALE_RUN_MS,
  StoreConflictError,
  type BeginTurnInput,
  type ConversationRecord,
  type ConversationStore,
  type FinishTurnInput,
  type MessageInput,
  type MessageRecord,
  type RunRecord,
} from './types.js';
import { awaitsApproval, newestUnder, pathTo, siblingIdsOf, subtreeIds } from './message-tree.js';

interface Thread {
  conversation: ConversationRecord;
  messages: MessageRecord[];
  runs: RunRecord[];
  nextSeq: number;
  /** The end of the active path (null: no message yet). */
  activeLeafId: string | null;
  /** The messages queued while a reply streamed. */
  queue: MessageInput[];
}

/**
 * A `ConversationStore` in this process's memory: for tests and demos (everything is gone on
 * restart). Same semantics as the SQL stores; returns copies, so callers cannot change its state.
 */
export function memoryStore(): ConversationStore {
  const threads = new Map<string, Thread>();
  const own = (userId: string, id: string): Thread | undefined => {
    const thread = threads.get(id);
    return thread && thread.conversation.userId === userId ? thread : undefined;
  };
  const copy = <T>(value: T): T => structuredClone(value);
  /** A copy of the thread's conversation row, with what is derived from its messages. */
  const summary = (thread: Thread): ConversationRecord => ({
    ...copy(thread.conversation),
    awaitingApproval: thread.conversation.activeRunId === null && awaitsApproval(thread.messages, thread.activeLeafId),
  });
  const bump = (thread: Thread, now?: Date) => {
    thread.conversation.version += 1;
    if (now) thread.conversation.updatedAt = now.toISOString();
  };
  const write = (thread: Thread, message: MessageInput, parentId: string | null, now: Date): MessageRecord => {
    const existing = thread.messages.find((m) => m.id === message.id);
    if (existing) {
      existing.parts = copy(message.parts);
      existing.metadata = copy(message.metadata ?? {});
      existing.role = message.role;
      return existing;
    }
    const record: MessageRecord = {
      conversationId: thread.conversation.id,
      id: message.id,
      parentId,
      seq: thread.nextSeq++,
      role: message.role,
      parts: copy(message.parts),
      metadata: copy(message.metadata ?? {}),
      createdAt: now.toISOString(),
    };
    thread.messages.push(record);
    return record;
  };

  return markDbSystem({
    async listConversations(userId, query) {
      const q = query.q?.toLowerCase();
      const newestFirst = (a: Thread, b: Thread) => {
        const [x, y] = [a.conversation, b.conversation];
        return x.updatedAt === y.updatedAt ? (x.id < y.id ? 1 : -1) : x.updatedAt < y.updatedAt ? 1 : -1;
      };
      const after = (c: ConversationRecord) =>
        !query.after || c.updatedAt < query.after.updatedAt || (c.updatedAt === query.after.updatedAt && c.id < query.after.id);
      return [...threads.values()]
        .filter(({ conversation: c }) => c.userId === userId && (query.agentId === undefined || c.agentId === query.agentId))
        .filter(({ conversation: c }) => (q === undefined || (c.title ?? '').toLowerCase().includes(q)) && after(c))
        .sort(newestFirst)
        .slice(0, query.limit)
        .map(summary);
    },
    async getConversation(userId, id) {
      const thread = own(userId, id);
      return thread ? summary(thread) : null;
    },
    async listMessages(userId, id, query) {
      const thread = own(userId, id);
      if (!thread) return null;
      const before = pathTo(thread.messages, thread.activeLeafId).filter((m) => query.beforeSeq === undefined || m.seq < query.beforeSeq);
      return copy(before.slice(Math.max(0, before.length - query.limit)).map((m) => ({ ...m, siblingIds: siblingIdsOf(thread.messages, m) })));
    },
    async loadThread(userId, id, leafId) {
      const thread = own(userId, id);
      return thread ? copy(pathTo(thread.messages, leafId ?? thread.activeLeafId)) : null;
    },
    async loadTree(userId, id) {
      const thread = own(userId, id);
      return thread ? copy(thread.messages) : null;
    },
    async switchBranch(userId, id, messageId, now) {
      const thread = own(userId, id);
      if (!thread) return 'conversation';
      if (!thread.messages.some((m) => m.id === messageId)) return 'message';
      const running = (r: RunRecord) => r.status === 'running' && Date.parse(r.heartbeatAt ?? r.startedAt) > now.getTime() - STALE_RUN_MS;
      if (thread.runs.some((r) => r.id === thread.conversation.activeRunId && running(r))) {
        throw new StoreConflictError('A turn is running on this conversation.');
      }
      thread.activeLeafId = newestUnder(thread.messages, messageId);
      bump(thread);
      return 'ok';
    },
    async loadQueue(userId, id) {
      const thread = own(userId, id);
      return thread ? copy(thread.queue) : null;
    },
    async saveQueue(userId, id, messages) {
      const thread = own(userId, id);
      if (!thread) return false;
      thread.queue = copy(messages);
      return true;
    },
    async renameConversation(userId, id, title) {
      const thread = own(userId, id);
      if (!thread) return null;
      thread.conversation.title = title;
      bump(thread);
      return summary(thread);
    },
    async deleteConversation(userId, id) {
      if (!own(userId, id)) return false;
      threads.delete(id);
      return true;
    },
    async deleteMessage(userId, id, messageId) {
      const thread = own(userId, id);
      if (!thread) return 'conversation';
      const target = thread.messages.find((m) => m.id === messageId);
      if (!target) return 'message';
      const gone = subtreeIds(thread.messages, messageId);
      thread.messages = thread.messages.filter((m) => !gone.has(m.id));
      if (thread.activeLeafId !== null && gone.has(thread.activeLeafId)) {
        thread.activeLeafId = target.parentId === null ? newestUnder(thread.messages, null) : newestUnder(thread.messages, target.parentId);
      }
      bump(thread);
      return 'ok';
    },
    async updateMessageMetadata(userId, id, messageId, patch) {
      const thread = own(userId, id);
      if (!thread) return 'conversation';
      const message = thread.messages.find((m) => m.id === messageId);
      if (!message) return 'message';
      for (const [key, value] of Object.entries(patch)) {
        if (value === null) delete message.metadata[key];
        else message.metadata[key] = copy(value);
      }
      bump(thread);
      return 'ok';
    },
    async beginTurn(input: BeginTurnInput) {
      let thread = threads.get(input.conversationId);
      if (input.expectedVersion === null) {
        if (thread) throw new StoreConflictError('The conversation exists already.');
        const at = input.now.toISOString();
        thread = {
          conversation: {
            id: input.conversationId,
            userId: input.userId,
            agentId: input.agentId,
            title: null,
            createdAt: at,
            updatedAt: at,
            version: 0,
            activeRunId: null,
            awaitingApproval: false,
            metadata: {},
          },
          messages: [],
          runs: [],
          nextSeq: 1,
          activeLeafId: null,
          queue: [],
        };
        threads.set(input.conversationId, thread);
      } else {
        if (!thread || thread.conversation.userId !== input.userId) throw new StoreConflictError('The conversation is gone.');
        if (thread.conversation.version !== input.expectedVersion) throw new StoreConflictError();
        const active = thread.runs.find((r) => r.id === thread!.conversation.activeRunId);
        if (active && Date.parse(active.heartbeatAt ?? active.startedAt) > input.now.getTime() - STALE_RUN_MS) {
          throw new StoreConflictError('Another turn is running on this conversation.');
        }
        if (active) Object.assign(active, { status: 'failed', stopReason: 'interrupted', finishedAt: input.now.toISOString() });
      }
      let parentId = input.parentId !== undefined ? input.parentId : thread.activeLeafId;
      if (parentId !== null && !thread.messages.some((m) => m.id === parentId)) throw new StoreConflictError('The message to continue from is gone.');
      for (const message of input.messages) parentId = write(thread, message, parentId, input.now).id;
      thread.activeLeafId = parentId;
      thread.runs.push({
        id: input.run.id,
        conversationId: input.conversationId,
        messageId: null,
        status: 'running',
        stopReason: null,
        steps: 0,
        usage: null,
        startedAt: input.now.toISOString(),
        heartbeatAt: null,
        finishedAt: null,
        initiatorRunId: input.run.initiatorRunId ?? null,
        agentId: input.agentId,
        initiatorToolCallId: null,
        timeline: null,
        checkpoint: null,
      });
      thread.conversation.activeRunId = input.run.id;
      bump(thread, input.now);
      return summary(thread);
    },
    async finishTurn(input: FinishTurnInput) {
      const thread = own(input.userId, input.conversationId);
      if (!thread) return; // deleted while the turn ran
      if (input.reply) {
        thread.activeLeafId = write(thread, input.reply, input.parentId !== undefined ? input.parentId : thread.activeLeafId, input.now).id;
      }
      if (input.title !== undefined && thread.conversation.title === null) thread.conversation.title = input.title;
      const run = thread.runs.find((r) => r.id === input.runId);
      if (run) {
        Object.assign(run, {
          messageId: input.reply?.id ?? null,
          status: input.status,
          stopReason: input.stopReason ?? null,
          steps: input.steps,
          usage: input.usage ? copy(input.usage) : null,
          finishedAt: input.now.toISOString(),
          // The reply is saved: its checkpoint has served.
          checkpoint: null,
          ...(input.timeline ? { timeline: copy(input.timeline) } : {}),
        });
      }
      for (const sub of input.subRuns ?? []) {
        // Idempotent like the SQL store's insert (a retried finish writes the same rows).
        if (thread.runs.some((r) => r.id === sub.id)) continue;
        thread.runs.push({
          id: sub.id,
          conversationId: input.conversationId,
          messageId: null,
          status: sub.status,
          stopReason: sub.stopReason,
          steps: sub.steps,
          usage: sub.usage ? copy(sub.usage) : null,
          startedAt: sub.startedAt,
          heartbeatAt: null,
          finishedAt: sub.finishedAt,
          initiatorRunId: sub.initiatorRunId,
          agentId: sub.agentId,
          initiatorToolCallId: sub.initiatorToolCallId,
          timeline: copy(sub.timeline),
        });
      }
      if (thread.conversation.activeRunId === input.runId) thread.conversation.activeRunId = null;
      bump(thread, input.now);
    },
    async checkpointRun(input) {
      const thread = own(input.userId, input.conversationId);
      const run = thread?.runs.find((r) => r.id === input.runId && r.status === 'running');
      if (!thread || !run) return;
      run.checkpoint = copy(input.checkpoint);
      if (input.title !== undefined && thread.conversation.title === null) thread.conversation.title = input.title;
    },
    async touchRun(userId, id, runId, now) {
      const run = own(userId, id)?.runs.find((r) => r.id === runId && r.status === 'running');
      if (run) run.heartbeatAt = now.toISOString();
    },
    async listRuns(userId, id) {
      const thread = own(userId, id);
      return thread ? copy(thread.runs).sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt)) : null;
    },
    async getRun(userId, runId) {
      for (const thread of threads.values()) {
        if (thread.conversation.userId !== userId) continue;
        const run = thread.runs.find((r) => r.id === runId);
        if (run) return copy(run);
      }
      return null;
    },
  }, 'memory');
}
