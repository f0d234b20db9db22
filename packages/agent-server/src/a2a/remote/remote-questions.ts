import { memoryRunLog } from '../../runs/memory-run-log.js';
import type { RunLog } from '../../runs/run-log.js';
import { RemoteAgentError } from './remote-agent-error.js';

/** Who may answer a question: the user who asked it, through the same agent. */
export interface QuestionOwner {
  userId: string;
  agentId: string;
}

/** What carries answers to waiting questions: the run log's delivery channel. */
type Channels = Required<Pick<RunLog, 'deliver' | 'onDelivery'>>;

/**
 * The questions of remote agents (`input-required`) wait for their answer on a delivery channel of
 * the server's run log (`RunLog.deliver`/`onDelivery`): the tool call that asked holds the remote
 * task open and listens on the channel of its user, agent and tool call; the answer route
 * (`POST {basePath}/{agentId}/remote-agent-answer`) delivers the answer to the channel of the
 * caller's own user and agent. With a shared run log (`redisRunLog`) the answer may reach any
 * instance; without a run log (no store), or with one that has no delivery channel, the answer must
 * reach the instance that asked (an in-process channel per server, keyed by its config).
 */
const channelsByOwner = new WeakMap<object, Channels>();

/** Called by `createAgentServer`: questions of the server with config `owner` wait on `runLog`'s delivery channel. */
export function answerQuestionsThrough(owner: object, runLog: RunLog | undefined): void {
  if (runLog?.deliver && runLog.onDelivery) channelsByOwner.set(owner, { deliver: runLog.deliver.bind(runLog), onDelivery: runLog.onDelivery.bind(runLog) });
}

function channelsOf(owner: object): Channels {
  let channels = channelsByOwner.get(owner);
  if (!channels) {
    const local = memoryRunLog();
    channels = { deliver: local.deliver!.bind(local), onDelivery: local.onDelivery!.bind(local) };
    channelsByOwner.set(owner, channels);
  }
  return channels;
}

/** The channel of one question: each part encoded, so a `:` inside an id cannot make two questions' channels equal. */
export function questionChannel(toolCallId: string, who: QuestionOwner): string {
  return ['remote-answer', who.userId, who.agentId, toolCallId].map(encodeURIComponent).join(':');
}

/**
 * Waits for the answer to the question of tool call `toolCallId`, at most `timeoutMs`; rejects when
 * `signal` aborts (Stop) or time runs out ({@link RemoteAgentError} `no-answer`).
 */
export function waitForAnswer(owner: object, toolCallId: string, who: QuestionOwner, signal: AbortSignal, timeoutMs: number, agentName: string): Promise<string> {
  const channels = channelsOf(owner);
  return new Promise<string>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    // Called only from the timer, the abort or a delivery: always after `off` is set below.
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      off();
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      done();
      reject(new RemoteAgentError('no-answer', `Nobody answered the ${agentName} agent's question within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}; its task was cancelled.`));
    }, timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    const off = channels.onDelivery(questionChannel(toolCallId, who), (payload) => {
      const answer = answerOf(payload);
      if (answer === undefined) return;
      done();
      resolve(answer);
    });
  });
}

/** The answer in a delivered payload (`{ "answer": "…" }`); undefined for anything else. */
function answerOf(payload: string): string | undefined {
  try {
    const parsed = JSON.parse(payload) as { answer?: unknown };
    return typeof parsed.answer === 'string' ? parsed.answer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hands `answer` to the tool call waiting on `toolCallId` if the same user asked it through the same
 * agent, on any instance sharing the run log; false when no such question waits (answered already,
 * stopped, another user's or agent's). Throws `RunLogUnavailableError` when the run log cannot be reached.
 */
export async function answerQuestion(owner: object, toolCallId: string, answer: string, who: QuestionOwner): Promise<boolean> {
  return (await channelsOf(owner).deliver(questionChannel(toolCallId, who), JSON.stringify({ answer }))) > 0;
}
