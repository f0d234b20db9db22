import { AGENT_ERROR_STATUS, isAgentErrorBody, type AgentErrorCode } from '@x/agent-protocol';

/**
 * The protocol error code of a refused request (`{ error: { code, message } }`), from the error the
 * chat holds: a `ChatApiError` (as the AI SDK's `APICallError`) keeps the answer's body in `responseBody` (and as its
 * message). Undefined for any other error.
 */
export function requestErrorCode(error: Error): AgentErrorCode | undefined {
  const body = (error as { responseBody?: unknown }).responseBody;
  for (const text of [typeof body === 'string' ? body : undefined, error.message]) {
    if (!text || text[0] !== '{') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    if (isAgentErrorBody(value) && Object.hasOwn(AGENT_ERROR_STATUS, value.error.code)) return value.error.code;
  }
  return undefined;
}
