import { TaskState, type ListTasksRequest, type ListTasksResponse, type Message, type Task } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { UIMessage } from 'ai';
import type { RunLog } from '../../runs/run-log.js';
import { interruptStaleRun } from '../../runs/stale-run.js';
import type { ConversationStore, MessageRecord, RunRecord } from '../../store/types.js';
import { callerOf } from './a2a-caller.js';
import { agentMessage, taskOf, userMessage } from './a2a-parts.js';
import { approvalsPrompt, pendingApprovals } from './task-approvals.js';

/** Metadata key of a stored user message: the A2A message id it came from. */
export const A2A_MESSAGE_ID_KEY = 'a2aMessageId';
/** Metadata key of a stored reply waiting for an approval: the task that was cancelled while it waited. */
export const A2A_CANCELED_KEY = 'a2aCanceledTask';
/** Most tasks one instance keeps in memory while they run (the oldest go first: the store still has them). */
const MAX_LIVE_TASKS = 10_000;
/** How long a cancel from another instance waits for the run to end (the run log's stop signal reaches it). */
const REMOTE_CANCEL_WAIT_MS = 15_000;
const POLL_MS = 100;

export interface TurnTaskStoreOptions {
  agentId: string;
  store: ConversationStore;
  runLog: RunLog | undefined;
}

/**
 * The SDK's `TaskStore` over our conversation store: a task is a turn (its id is the run's id, its
 * context id the conversation's). While a task runs on this instance, the SDK's merged task is kept
 * in memory (it changes with every streamed chunk); any other read — after a reload, on another
 * instance, after the turn — is rebuilt from the store: the run's status and the turn's user message
 * and reply. Every read is scoped to the caller: another user's task is not found.
 */
export class TurnTaskStore implements TaskStore {
  private readonly live = new Map<string, Task>();
  constructor(private readonly options: TurnTaskStoreOptions) {}

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const { userId } = callerOf(context);
    const live = this.live.get(liveKey(userId, taskId));
    if (live) return structuredClone(live);
    return this.fromStore(userId, taskId);
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const { userId } = callerOf(context);
    const key = liveKey(userId, task.id);
    const state = task.status?.state;
    const wasLive = this.live.delete(key);
    // Only a running turn lives here; a task whose turn ended (final, or waiting for an approval) is read from the store.
    if (state === TaskState.TASK_STATE_SUBMITTED || state === TaskState.TASK_STATE_WORKING) {
      this.live.set(key, structuredClone(task));
      if (this.live.size > MAX_LIVE_TASKS) this.live.delete(this.live.keys().next().value!);
      return;
    }
    // A CancelTask for a task running elsewhere (no event bus here): the SDK saves CANCELED; the run
    // log's stop signal stops the run where it runs, and the store then tells how it ended.
    if (!wasLive && state === TaskState.TASK_STATE_CANCELED) await this.cancelElsewhere(userId, task.id);
  }

  async list(_params: ListTasksRequest, _context: ServerCallContext): Promise<ListTasksResponse> {
    throw new UnsupportedOperationError("ListTasks is not served: list the conversations on the server's conversation routes.");
  }

  /**
   * The stored turn of a task: its runs (the first is named after the task, each approval answer's
   * continuation `{taskId}:{n}`), the user message it asked and the reply. Undefined when the task is
   * not this user's turn of this agent.
   */
  async turnOf(userId: string, taskId: string): Promise<StoredTask | undefined> {
    const first = await this.options.store.getRun(userId, taskId);
    // Only this agent's own turns are its tasks (not a sub-agent's run, not another agent's turn).
    if (!first || first.agentId !== this.options.agentId || first.initiatorRunId !== null) return undefined;
    const runs = ((await this.options.store.listRuns(userId, first.conversationId)) ?? [first]).filter(
      (run) => run.id === taskId || run.id.startsWith(`${taskId}:`),
    );
    let latest = runs.at(-1) ?? first;
    // A run whose server died (no heartbeat for STALE_RUN_MS) is saved interrupted first: its task failed.
    if (latest.status === 'running' && (await interruptStaleRun({ ...this.options, userId }, first.conversationId, latest.id))) {
      latest = (await this.options.store.getRun(userId, latest.id)) ?? latest;
    }
    const replyId = latest.messageId ?? first.messageId;
    const thread = (await this.options.store.loadThread(userId, first.conversationId, replyId ?? undefined)) ?? [];
    const replyAt = replyId ? thread.findIndex((m) => m.id === replyId) : -1;
    const reply = replyAt >= 0 ? thread[replyAt] : undefined;
    const asked = (replyAt >= 0 ? thread.slice(0, replyAt) : thread).findLast((m) => m.role === 'user');
    return { contextId: first.conversationId, latest, runs: Math.max(runs.length, 1), reply, asked };
  }

  /**
   * Cancels a task no event bus of this instance holds: a running turn is stopped through the run log
   * (wherever it runs); a turn waiting for an approval is marked cancelled on its reply (the approval
   * stays answerable in the app, but no longer over A2A).
   */
  private async cancelElsewhere(userId: string, taskId: string): Promise<void> {
    const turn = await this.turnOf(userId, taskId);
    if (turn?.reply && turn.latest.status === 'completed' && pendingApprovals(turn.reply.parts).length > 0) {
      await this.options.store.updateMessageMetadata(userId, turn.contextId, turn.reply.id, { [A2A_CANCELED_KEY]: taskId });
      return;
    }
    if (!turn || turn.latest.status !== 'running' || !this.options.runLog) return;
    const runId = turn.latest.id;
    await this.options.runLog.requestStop(runId);
    const until = Date.now() + REMOTE_CANCEL_WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if ((await this.options.store.getRun(userId, runId))?.status !== 'running') return;
    }
  }

  private async fromStore(userId: string, taskId: string): Promise<Task | undefined> {
    const turn = await this.turnOf(userId, taskId);
    if (!turn) return undefined;
    const { contextId, reply, asked } = turn;
    const history: Message[] = asked ? [userMessage(textOfParts(asked.parts), a2aMessageId(asked), taskId, contextId)] : [];
    const replyText = reply ? textOfParts(reply.parts) : undefined;
    const pending = reply ? pendingApprovals(reply.parts) : [];
    const state = pending.length > 0 && reply?.metadata[A2A_CANCELED_KEY] === taskId ? TaskState.TASK_STATE_CANCELED : stateOf(turn.latest, pending.length > 0);
    const message =
      state === TaskState.TASK_STATE_FAILED
        ? agentMessage(errorTextOf(reply) ?? turn.latest.stopReason ?? 'The turn failed.', taskId, contextId)
        : state === TaskState.TASK_STATE_INPUT_REQUIRED
          ? approvalsPrompt(pending, taskId, contextId)
          : undefined;
    return taskOf({ id: taskId, contextId, state, history, ...(replyText ? { reply: replyText } : {}), ...(message ? { message } : {}) });
  }
}

/** A task's stored turn (`TurnTaskStore.turnOf`). */
export interface StoredTask {
  contextId: string;
  /** The task's newest run (the first, or the last approval answer's continuation). */
  latest: RunRecord;
  /** How many runs the task has had. */
  runs: number;
  reply: MessageRecord | undefined;
  asked: MessageRecord | undefined;
}

function liveKey(userId: string, taskId: string): string {
  return `${userId}\u0000${taskId}`;
}

function a2aMessageId(message: MessageRecord): string {
  const id = message.metadata[A2A_MESSAGE_ID_KEY];
  return typeof id === 'string' ? id : message.id;
}

function textOfParts(parts: UIMessage['parts']): string {
  return parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
}

function errorTextOf(reply: MessageRecord | undefined): string | undefined {
  const text = reply?.metadata.errorText;
  return typeof text === 'string' && text.length > 0 ? text : undefined;
}

/** The task state of a stored turn (ARCHITECTURE "A2A: our agents published"). */
function stateOf(run: RunRecord, waitsForApproval: boolean): TaskState {
  switch (run.status) {
    case 'running':
      return TaskState.TASK_STATE_WORKING;
    case 'stopped':
      return TaskState.TASK_STATE_CANCELED;
    case 'failed':
      return TaskState.TASK_STATE_FAILED;
    case 'completed':
      return waitsForApproval ? TaskState.TASK_STATE_INPUT_REQUIRED : TaskState.TASK_STATE_COMPLETED;
  }
}
