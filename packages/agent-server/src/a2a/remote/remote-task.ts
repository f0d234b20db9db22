import { Role, type AgentCard, type SendMessageRequest } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import type { RemoteAgentProgress } from '@x/agent-protocol/remote-agents';
import { asRemoteError } from './agent-card.js';
import { RemoteAgentError } from './remote-agent-error.js';
import { TaskProgress, type FileSink } from './task-progress.js';

/** What one remote call needs beside the client. */
export interface RemoteTaskOptions {
  /** The remote agent's name (in messages). */
  name: string;
  card: AgentCard;
  client: Client;
  prompt: string;
  /** The turn's (the tool call's) signal: Stop. */
  signal: AbortSignal;
  /** Longest the call runs, not counting a question's wait. */
  timeoutMs: number;
  /** Asks the person the agent's question; resolves with the answer. */
  ask: (question: string, signal: AbortSignal) => Promise<string>;
  files?: FileSink | undefined;
}

/** Longest a `cancelTask` sent after Stop or a timeout may take. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * Runs the model's task on the remote agent: a streaming message (or a plain one when the card says
 * it cannot stream), yielding the progress after each event (the nested run the UI shows). On
 * `input-required` it yields the question, waits for the person's answer and sends it to the SAME
 * task; the last yielded value is the outcome. `failed`, `rejected`, `auth-required`, `canceled`,
 * a protocol error or a timeout throw a {@link RemoteAgentError}; Stop and a timeout cancel the task.
 */
export async function* runRemoteTask(options: RemoteTaskOptions): AsyncGenerator<RemoteAgentProgress> {
  const { name, client } = options;
  const progress = new TaskProgress(name, options.files);
  const deadline = new Deadline(options.timeoutMs, name);
  const signal = AbortSignal.any([options.signal, deadline.signal]);
  const streaming = options.card.capabilities?.streaming !== false;
  let text = options.prompt;
  // The question's wait starts before the question is shown, so an answer can never come too early.
  let asking: { answer: Promise<string>; stop: AbortController } | undefined;
  const askOnce = () => {
    if (asking || progress.state !== 'input-required') return;
    const stop = new AbortController();
    const answer = options.ask(progress.snapshot().question ?? '', AbortSignal.any([options.signal, stop.signal]));
    answer.catch(() => {}); // awaited below, or abandoned (stopped) with the call
    asking = { answer, stop };
  };
  try {
    for (;;) {
      deadline.start();
      const request = messageRequest(text, progress.taskId);
      try {
        if (streaming) {
          for await (const event of client.sendMessageStream(request, { signal })) {
            await progress.applyEvent(event);
            askOnce();
            yield progress.snapshot();
          }
        } else {
          const result = await client.sendMessage(request, { signal });
          if ('messageId' in result) progress.applyMessage(result);
          else await progress.applyTask(result);
          askOnce();
          yield progress.snapshot();
        }
      } catch (error) {
        signal.throwIfAborted();
        throw asRemoteError(name, error, streaming ? 'streaming its reply' : 'sending the task');
      }
      signal.throwIfAborted();
      deadline.pause();
      const state = progress.state;
      if (state === 'completed') return;
      if (state === 'input-required' && asking) {
        text = await asking.answer;
        asking = undefined;
        progress.state = 'working';
        continue;
      }
      throw endError(name, progress);
    }
  } catch (error) {
    const stopped = options.signal.aborted || deadline.signal.aborted;
    if (stopped || (error instanceof RemoteAgentError && error.kind === 'no-answer')) await cancel(client, progress);
    if (deadline.signal.aborted && !options.signal.aborted) throw deadline.signal.reason;
    throw error;
  } finally {
    deadline.pause();
    asking?.stop.abort();
  }
}

/** The error of a task that ended (or a stream that stopped) anywhere but `completed`. */
function endError(name: string, progress: TaskProgress): RemoteAgentError {
  const why = progress.status ? `: ${progress.status}` : '.';
  switch (progress.state) {
    case 'failed':
      return new RemoteAgentError('failed', `The ${name} agent's task failed${why}`);
    case 'rejected':
      return new RemoteAgentError('rejected', `The ${name} agent rejected the task${why}`);
    case 'auth-required':
      return new RemoteAgentError('auth-required', `The ${name} agent needs authentication this server cannot give${why}`);
    case 'canceled':
      return new RemoteAgentError('canceled', `The ${name} agent's task was cancelled${why}`);
    default:
      return new RemoteAgentError('protocol', `The ${name} agent's reply ended while its task was ${progress.state} (A2A: a reply ends in a final or interrupted state).`);
  }
}

/** Best effort: the remote task is cancelled (Stop, timeout, no answer); a failure is ignored. */
async function cancel(client: Client, progress: TaskProgress): Promise<void> {
  if (progress.taskId === '' || ['completed', 'canceled', 'failed', 'rejected'].includes(progress.state)) return;
  try {
    await client.cancelTask({ tenant: '', id: progress.taskId, metadata: undefined }, { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
  } catch {
    // The agent may be gone or the task over; the call fails for its own reason anyway.
  }
}

/** A user message with one text part to `taskId` (empty: a new task), as the SDK client sends it. */
export function messageRequest(text: string, taskId = ''): SendMessageRequest {
  return {
    tenant: '',
    metadata: undefined,
    configuration: undefined,
    message: {
      messageId: crypto.randomUUID(),
      role: Role.ROLE_USER,
      taskId,
      contextId: '',
      parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' }],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
  };
}

/** A time limit that stops counting while the call waits for the person (`pause`) and goes on after (`start`). */
class Deadline {
  private readonly controller = new AbortController();
  private remaining: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private startedAt = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly name: string,
  ) {
    this.remaining = timeoutMs;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  start(): void {
    if (this.timer !== undefined || !Number.isFinite(this.remaining)) return;
    this.startedAt = Date.now();
    this.timer = setTimeout(() => {
      this.controller.abort(new RemoteAgentError('timeout', `The ${this.name} agent did not finish within ${this.timeoutMs} ms; its task was cancelled.`));
    }, Math.max(0, this.remaining));
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.remaining -= Date.now() - this.startedAt;
  }
}
