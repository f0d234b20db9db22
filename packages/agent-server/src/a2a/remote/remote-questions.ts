import { RemoteAgentError } from './remote-agent-error.js';

/** A remote agent's question waiting for a person (one per tool call). */
interface Waiting {
  userId: string;
  agentId: string;
  resolve: (answer: string) => void;
}

/**
 * The questions of remote agents (`input-required`) waiting for an answer, per server (keyed by its
 * config). The tool call that asked holds the remote task open and waits here; the answer route
 * (`POST {basePath}/{agentId}/remote-agent-answer`) hands the answer over. The wait lives on the
 * instance running the turn; a page reload re-attaches to the turn's stream and sees the question again.
 */
const registries = new WeakMap<object, Map<string, Waiting>>();

function registryOf(owner: object): Map<string, Waiting> {
  let registry = registries.get(owner);
  if (!registry) registries.set(owner, (registry = new Map()));
  return registry;
}

/**
 * Waits for the answer to the question of tool call `toolCallId`, at most `timeoutMs`; rejects when
 * `signal` aborts (Stop) or time runs out ({@link RemoteAgentError} `no-answer`).
 */
export function waitForAnswer(owner: object, toolCallId: string, who: { userId: string; agentId: string }, signal: AbortSignal, timeoutMs: number, agentName: string): Promise<string> {
  const registry = registryOf(owner);
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (registry.get(toolCallId) === waiting) registry.delete(toolCallId);
    };
    const onAbort = () => {
      done();
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      done();
      reject(new RemoteAgentError('no-answer', `Nobody answered the ${agentName} agent's question within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}; its task was cancelled.`));
    }, timeoutMs);
    const waiting: Waiting = {
      ...who,
      resolve: (answer) => {
        done();
        resolve(answer);
      },
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    registry.set(toolCallId, waiting);
  });
}

/**
 * Hands `answer` to the tool call waiting on `toolCallId` if the same user asked it through the same
 * agent; false when there is no such question here (answered already, another user's, another instance's).
 */
export function answerQuestion(owner: object, toolCallId: string, answer: string, who: { userId: string; agentId: string }): boolean {
  const waiting = registries.get(owner)?.get(toolCallId);
  if (!waiting || waiting.userId !== who.userId || waiting.agentId !== who.agentId) return false;
  waiting.resolve(answer);
  return true;
}
