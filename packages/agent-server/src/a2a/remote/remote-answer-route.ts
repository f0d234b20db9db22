import type { RemoteAgentAnswer } from '@x/agent-protocol/remote-agents';
import { HttpError } from '../../http/error-response.js';
import { RunLogUnavailableError } from '../../runs/run-log.js';
import { answerQuestion, type QuestionOwner } from './remote-questions.js';

/**
 * `POST {basePath}/{agentId}/remote-agent-answer` (body checked by `remoteAgentAnswerSchema`): hands
 * the person's answer to the tool call whose remote task asked (`input-required`), which sends it to
 * the same task. The question may wait on any instance sharing the run log. 202 when it was waiting;
 * 404 `not_found` when no such question waits for this user and agent (answered already, stopped,
 * another user's); 503 `run_log_unavailable` when the run log cannot be reached.
 */
export async function remoteAnswerRoute(owner: object, body: RemoteAgentAnswer, who: QuestionOwner): Promise<Response> {
  let answered: boolean;
  try {
    answered = await answerQuestion(owner, body.toolCallId, body.answer, who);
  } catch (error) {
    if (error instanceof RunLogUnavailableError) throw new HttpError('run_log_unavailable', 'The run log is unavailable; try again shortly.');
    throw error;
  }
  if (!answered) throw new HttpError('not_found', 'No question of a remote agent is waiting for this tool call (answered already, stopped, or not yours).');
  return new Response(JSON.stringify({ toolCallId: body.toolCallId }), { status: 202, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}
