import { TaskState, type Message } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import type { AgentRequestBody } from '@x/agent-protocol';
import { agentRequestBodySchema } from '@x/agent-protocol/validation';
import { AgentRequestError } from '../../config/request-error.js';
import type { AgentConfig } from '../../config/types.js';
import type { RunLog } from '../../runs/run-log.js';
import { runTurn, type TurnInput } from '../../runtime/run-turn.js';
import { StoreConflictError, StoreUnavailableError, type ConversationStore } from '../../store/types.js';
import { callerOf } from './a2a-caller.js';
import { agentMessage, REPLY_ARTIFACT_ID, taskOf, textOf, textPart } from './a2a-parts.js';
import { answeredReply, answerOf, approvalsPrompt, pendingApprovals } from './task-approvals.js';
import { TurnEnd } from './turn-events.js';
import { A2A_MESSAGE_ID_KEY, type TurnTaskStore } from './turn-task-store.js';

/** What the executor's turns share with our own route's (the server's settings and services). */
export type TurnDeps = Pick<TurnInput, 'config' | 'logger' | 'toolTimeoutMs' | 'toolResultMaxChars'> & { store: ConversationStore; runLog: RunLog | undefined };

type Publish = { status: (state: TaskState, message?: Message) => void; fail: (why: string) => void };

/**
 * The SDK's `AgentExecutor` of one published agent: a task is one turn of our turn runtime
 * (`runTurn`, as our chat route runs it: policies, limits, hooks, the store and the run log apply).
 * The task's context is the conversation, its id the run's id; the message's text parts are the user
 * message; the reply's text streams as appends to the `reply` artifact; the turn's end sets the final
 * state. A turn that stops for a tool approval leaves the task `input-required`; a message on the task
 * with a data part `{ approved, reason? }` answers it and continues the turn (run `{taskId}:{n}`).
 * The turn goes on when the A2A client goes away (a task outlives its connection); `CancelTask`
 * stops it through the run log, from any instance.
 */
export class TurnExecutor implements AgentExecutor {
  /** The run each task of this instance runs now. */
  private readonly running = new Map<string, string>();
  private readonly cancelled = new Set<string>();
  constructor(
    private readonly agentId: string,
    private readonly agent: AgentConfig,
    private readonly deps: TurnDeps,
    private readonly tasks: TurnTaskStore,
  ) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const status = (state: TaskState, message?: Message) =>
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, metadata: undefined, status: { state, message, timestamp: new Date().toISOString() } }));
    const publish: Publish = { status, fail: (why) => status(TaskState.TASK_STATE_FAILED, agentMessage(why, taskId, contextId)) };
    // The first event of every execute is the task (the SDK refuses a stream that starts otherwise).
    bus.publish(AgentEvent.task(ctx.task ?? taskOf({ id: taskId, contextId, state: TaskState.TASK_STATE_SUBMITTED, history: [ctx.userMessage] })));
    if (ctx.task) return this.answer(ctx, publish, bus);
    const text = textOf(ctx.userMessage.parts);
    if (!text) return publish.fail('The message has no text part: this agent reads text.');
    const body = agentRequestBodySchema.safeParse({
      messages: [{ id: `msg-${crypto.randomUUID()}`, role: 'user', parts: [{ type: 'text', text }], metadata: { [A2A_MESSAGE_ID_KEY]: ctx.userMessage.messageId } }],
      conversationId: contextId,
    });
    if (!body.success) return publish.fail('The message does not make a valid turn: its contextId must be an id (letters, digits, "_", "-", ".", ":").');
    await this.turn(ctx, publish, bus, body.data, taskId);
  }

  /** A message on a task waiting for approval: its answer continues the turn, anything else keeps it waiting. */
  private async answer(ctx: RequestContext, publish: Publish, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const turn = await this.tasks.turnOf(callerOf(ctx.context).userId, taskId);
    const pending = turn?.reply && turn.latest.status === 'completed' ? pendingApprovals(turn.reply.parts) : [];
    if (!turn?.reply || pending.length === 0) return publish.fail('The task waits for no approval.');
    const decision = answerOf(ctx.userMessage);
    if (typeof decision === 'string') return publish.status(TaskState.TASK_STATE_INPUT_REQUIRED, approvalsPrompt(pending, taskId, contextId, decision));
    const body: AgentRequestBody = { messages: [answeredReply(turn.reply, decision)], conversationId: contextId };
    await this.turn(ctx, publish, bus, body, `${taskId}:${turn.runs + 1}`);
  }

  private async turn(ctx: RequestContext, publish: Publish, bus: ExecutionEventBus, body: AgentRequestBody, runId: string): Promise<void> {
    const { taskId, contextId } = ctx;
    this.running.set(taskId, runId);
    try {
      let response: Response;
      try {
        response = await runTurn({
          ...this.deps,
          agentId: this.agentId,
          agent: this.agent,
          body,
          conversationId: contextId,
          runId,
          user: callerOf(ctx.context).user,
          // The turn goes on without its A2A connection: a CancelTask stops it (through the run log).
          signal: new AbortController().signal,
          onDisconnect: 'continue',
          keepAliveMs: undefined,
        });
      } catch (error) {
        if (error instanceof AgentRequestError) return publish.fail(error.message);
        if (error instanceof StoreConflictError) return publish.fail('The conversation is busy with another turn (or changed meanwhile): send the message again once it ended.');
        if (error instanceof StoreUnavailableError) return publish.fail('The conversation store is unavailable; try again shortly.');
        this.deps.logger.error('A2A turn failed to start', { agentId: this.agentId, error: error instanceof Error ? error.message : String(error) });
        return publish.fail('The turn could not start.');
      }
      if (this.cancelled.has(taskId)) await this.stop(runId);
      publish.status(TaskState.TASK_STATE_WORKING);
      const end = new TurnEnd();
      let streamed = false;
      const chunks = parseJsonEventStream({ stream: response.body!, schema: uiMessageChunkSchema }).getReader();
      for (;;) {
        const next = await chunks.read().catch(() => ({ done: true as const, value: undefined }));
        if (next.done) break;
        if (!next.value.success) continue;
        const delta = end.read(next.value.value as UIMessageChunk);
        if (!delta) continue;
        bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, append: streamed, lastChunk: false, metadata: undefined, artifact: replyArtifact(delta) }));
        streamed = true;
      }
      if (streamed) bus.publish(AgentEvent.artifactUpdate({ taskId, contextId, append: true, lastChunk: true, metadata: undefined, artifact: replyArtifact('') }));
      const final = end.final(taskId, contextId);
      publish.status(final.state, final.message);
    } finally {
      this.running.delete(taskId);
      this.cancelled.delete(taskId);
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    const runId = this.running.get(taskId);
    if (runId === undefined) {
      // Nothing runs it here any more: the cancel is the task's end.
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', metadata: undefined, status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() } }));
      return;
    }
    // `execute` sees the turn end stopped and publishes CANCELED (the SDK waits for it).
    this.cancelled.add(taskId);
    await this.stop(runId);
  }

  private async stop(runId: string): Promise<void> {
    await this.deps.runLog?.requestStop(runId).catch((error: unknown) => {
      this.deps.logger.warn('A2A cancel: the run log did not take the stop', { agentId: this.agentId, error: error instanceof Error ? error.message : String(error) });
    });
  }
}

function replyArtifact(text: string) {
  return { artifactId: REPLY_ARTIFACT_ID, name: 'reply', description: '', parts: text ? [textPart(text)] : [], metadata: undefined, extensions: [] };
}
