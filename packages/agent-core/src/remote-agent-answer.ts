import { remoteAgentAnswerPath, type RemoteAgentAnswer } from '@x/agent-protocol/remote-agents';
import { apiBase, type ConnectionOptions } from './endpoints.js';
import { callRoute } from './conversation-requests.js';

/**
 * `POST {api}/{agentId}/remote-agent-answer`: the person's answer to a remote A2A agent's question
 * (a tool call whose output is `state: 'input-required'`); the server sends it to the same remote
 * task and the tool call goes on in the reply's stream. Resolves true when the server took it (202).
 */
export async function postRemoteAgentAnswer(options: ConnectionOptions & { agentId: string }, body: RemoteAgentAnswer): Promise<{ ok: true } | { ok: false; error: Error }> {
  const answer = await callRoute(options, remoteAgentAnswerPath(apiBase(options.api), options.agentId), { method: 'POST', body: JSON.stringify(body) }, async () => undefined);
  return answer.ok ? { ok: true } : { ok: false, error: answer.error };
}
