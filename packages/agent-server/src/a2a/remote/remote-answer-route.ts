import type { RemoteAgentAnswer } from '@x/agent-protocol';
import { HttpError } from '../../http/error-response.js';
import { answerQuestion } from './remote-questions.js';

/**
 * `POST {basePath}/{agentId}/remote-agent-answer` (body checked by `remoteAgentAnswerSchema`): hands
 * the person's answer to the tool call whose remote task asked (`input-required`), which sends it to
 * the same task. 202 when it was waiting; 404 `not_found` when no such question waits here for this
 * user and agent (answered already, stopped, another user's, or asked on another instance).
 */
export async function remoteAnswerRoute(owner: object, body: RemoteAgentAnswer, who: { userId: string; agentId: string }): Promise<Response> {
  if (!answerQuestion(owner, body.toolCallId, body.answer, who)) {
    throw new HttpError('not_found', 'No question of a remote agent is waiting for this tool call (answered already, stopped, or asked elsewhere).');
  }
  return new Response(JSON.stringify({ toolCallId: body.toolCallId }), { status: 202, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}
