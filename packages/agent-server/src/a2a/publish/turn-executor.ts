import { TaskState, type Message } from '@a2a-js/sdk';
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from '@a2a-js/sdk/server';
import { parseJsonEventStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { agentRequestBodySchema } from '@x/agent-protocol/validation';
import { AgentRequestError } from '../../config/request-error.js';
import type { AgentConfig } from '../../config/types.js';
import type { RunLog } from '../../runs/run-log.js';
import { runTurn, type TurnInput } from '../../runtime/run-turn.js';
import type { ConversationStore } from '../../store/types.js';
import { callerOf } from './a2a-caller.js';
import { agentMessage, REPLY_ARTIFACT_ID, taskOf, textOf, textPart } from './a2a-parts.js';
import { TurnEnd } from './turn-events.js';
import { A2A_MESSAGE_ID_KEY } from './turn-task-store.js';

/** What the executor's turns share with our own route's (the server's settings and services). */
export type TurnDeps = Pick<TurnInput, 'config' | 'logger' | 'toolTimeoutMs' | 'toolResultMaxChars'> & { store: ConversationStore; runLog: RunLog | undefined };

/**
 * The SDK's `AgentExecutor` of one published agent: a task is one turn of our turn runtime
 * (`runTurn`, as our chat route runs it: policies, limits, hooks, the store and the run log apply).
 * The task's context is the conversation, its id the run's id; the message's text parts are the user
 * message; the reply's text streams as appends to the `reply` artifact; the turn's end sets the final
 * state. The turn goes on when the A2A client goes away (a task outlives its connection);
 * `CancelTask` stops it through the run log, from any instance.
 */
export class TurnExecutor implements AgentExecutor {
  private readonly running = new Set<string>();
  private readonly cancelled = new Set<string>();
  constructor(
    private readonly agentId: string,
    private readonly agent: AgentConfig,
    private readonly deps: TurnDeps,
  ) {}

  async execute(ctx: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = ctx;
    const status = (state: TaskState, message?: Message) =>
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId, metadata: undefined, status: { state, message, timestamp: new Date().toISOString() } }));
    const fail = (why: string) => status(TaskState.TASK_STATE_FAILED, agentMessage(why, taskId, contextId));
    // The first event of every execute is the task (the SDK refuses a stream that starts otherwise).
    bus.publish(AgentEvent.task(taskOf({ id: taskId, contextId, state: TaskState.TASK_STATE_SUBMITTED, history: [ctx.userMessage] })));
    const text = textOf(ctx.userMessage.parts);
    if (!text) return fail('The message has no text part: this agent reads text.');
    const body = agentRequestBodySchema.safeParse({
      messages: [{ id: `msg-${crypto.randomUUID()}`, role: 'user', parts: [{ type: 'text', text }], metadata: { [A2A_MESSAGE_ID_KEY]: ctx.userMessage.messageId } }],
      conversationId: contextId,
    });
    if (!body.success) return fail('The message does not make a valid turn: its contextId must be an id (letters, digits, "_", "-", ".", ":").');
    this.running.add(taskId);
    try {
      let response: Response;
      try {
        response = await runTurn({
          ...this.deps,
          agentId: this.agentId,
          agent: this.agent,
          body: body.data,
          conversationId: contextId,
          runId: taskId,
          user: callerOf(ctx.context).user,
          // The turn goes on without its A2A connection: a CancelTask stops it (through the run log).
          signal: new AbortController().signal,
          onDisconnect: 'continue',
          keepAliveMs: undefined,
        });
      } catch (error) {
        if (error instanceof AgentRequestError) return fail(error.message);
        this.deps.logger.error('A2A turn failed to start', { agentId: this.agentId, error: error instanceof Error ? error.message : String(error) });
        return fail('The turn could not start.');
      }
      if (this.cancelled.has(taskId)) await this.stop(taskId);
      status(TaskState.TASK_STATE_WORKING);
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
      status(final.state, final.message);
    } finally {
      this.running.delete(taskId);
      this.cancelled.delete(taskId);
    }
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    if (!this.running.has(taskId)) {
      // Nothing runs it here any more: the cancel is the task's end.
      bus.publish(AgentEvent.statusUpdate({ taskId, contextId: '', metadata: undefined, status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() } }));
      return;
    }
    // `execute` sees the turn end stopped and publishes CANCELED (the SDK waits for it).
    this.cancelled.add(taskId);
    await this.stop(taskId);
  }

  private async stop(taskId: string): Promise<void> {
    await this.deps.runLog?.requestStop(taskId).catch((error: unknown) => {
      this.deps.logger.warn('A2A cancel: the run log did not take the stop', { agentId: this.agentId, error: error instanceof Error ? error.message : String(error) });
    });
  }
}

function replyArtifact(text: string) {
  return { artifactId: REPLY_ARTIFACT_ID, name: 'reply', description: '', parts: text ? [textPart(text)] : [], metadata: undefined, extensions: [] };
}
