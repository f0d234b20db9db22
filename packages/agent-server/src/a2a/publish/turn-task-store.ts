import { TaskState, type ListTasksRequest, type ListTasksResponse, type Message, type Task } from '@a2a-js/sdk';
import { UnsupportedOperationError } from '@a2a-js/sdk/errors';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import type { UIMessage } from 'ai';
import type { RunLog } from '../../runs/run-log.js';
import type { ConversationStore, MessageRecord, RunRecord } from '../../store/types.js';
import { callerOf } from './a2a-caller.js';
import { agentMessage, FINAL_STATES, taskOf, userMessage } from './a2a-parts.js';

/** Metadata key of a stored user message: the A2A message id it came from. */
export const A2A_MESSAGE_ID_KEY = 'a2aMessageId';
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
    if (state !== undefined && FINAL_STATES.has(state)) {
      const wasLive = this.live.delete(key);
      // A CancelTask for a task running elsewhere (no event bus here): the SDK saves CANCELED; the run
      // log's stop signal stops the run where it runs, and the store then tells how it ended.
      if (!wasLive && state === TaskState.TASK_STATE_CANCELED) await this.stopElsewhere(userId, task.id);
      return;
    }
    this.live.delete(key);
    this.live.set(key, structuredClone(task));
    if (this.live.size > MAX_LIVE_TASKS) this.live.delete(this.live.keys().next().value!);
  }

  async list(_params: ListTasksRequest, _context: ServerCallContext): Promise<ListTasksResponse> {
    throw new UnsupportedOperationError('ListTasks is not served: list the conversations on the server\'s conversation routes.');
  }

  private async run(userId: string, taskId: string): Promise<RunRecord | null> {
    const run = await this.options.store.getRun(userId, taskId);
    // Only this agent's own turns are its tasks (not a sub-agent's run, not another agent's turn).
    return run && run.agentId === this.options.agentId && run.initiatorRunId === null ? run : null;
  }

  private async stopElsewhere(userId: string, taskId: string): Promise<void> {
    const run = await this.run(userId, taskId);
    if (!run || run.status !== 'running' || !this.options.runLog) return;
    await this.options.runLog.requestStop(taskId);
    const until = Date.now() + REMOTE_CANCEL_WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if ((await this.run(userId, taskId))?.status !== 'running') return;
    }
  }

  private async fromStore(userId: string, taskId: string): Promise<Task | undefined> {
    const run = await this.run(userId, taskId);
    if (!run) return undefined;
    const contextId = run.conversationId;
    const thread = (await this.options.store.loadThread(userId, contextId, run.messageId ?? undefined)) ?? [];
    const replyAt = run.messageId ? thread.findIndex((m) => m.id === run.messageId) : -1;
    const reply = replyAt >= 0 ? thread[replyAt] : undefined;
    const asked = (replyAt >= 0 ? thread.slice(0, replyAt) : thread).findLast((m) => m.role === 'user');
    const history: Message[] = asked ? [userMessage(textOfParts(asked.parts), a2aMessageId(asked), taskId, contextId)] : [];
    const replyText = reply ? textOfParts(reply.parts) : undefined;
    const state = stateOf(run, reply);
    const why = state === TaskState.TASK_STATE_FAILED ? (errorTextOf(reply) ?? run.stopReason ?? 'The turn failed.') : undefined;
    return taskOf({
      id: taskId,
      contextId,
      state,
      history,
      ...(replyText ? { reply: replyText } : {}),
      ...(why ? { message: agentMessage(why, taskId, contextId) } : state === TaskState.TASK_STATE_INPUT_REQUIRED ? { message: agentMessage(WAITING_TEXT, taskId, contextId) } : {}),
    });
  }
}

/** The status message of a turn that stopped for a tool approval (or a tool the browser runs). */
export const WAITING_TEXT = 'The agent waits for a tool approval (or a tool result) it cannot get over A2A; answer it in the app, or send a new message.';

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

/** Whether a stored reply ends on a tool call that waits for an answer (an approval, a browser tool). */
export function waitsForInput(parts: UIMessage['parts']): boolean {
  return parts.some((part) => 'state' in part && (part.state === 'approval-requested' || part.state === 'input-available'));
}

/** The task state of a stored turn (ARCHITECTURE "A2A: our agents published"). */
function stateOf(run: RunRecord, reply: MessageRecord | undefined): TaskState {
  switch (run.status) {
    case 'running':
      return TaskState.TASK_STATE_WORKING;
    case 'stopped':
      return TaskState.TASK_STATE_CANCELED;
    case 'failed':
      return TaskState.TASK_STATE_FAILED;
    case 'completed':
      return reply && waitsForInput(reply.parts) ? TaskState.TASK_STATE_INPUT_REQUIRED : TaskState.TASK_STATE_COMPLETED;
  }
}
