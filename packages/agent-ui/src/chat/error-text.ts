import { isDisconnectError, requestErrorCode } from '@x/agent-core';
import type { AgentUIStrings } from '../locales/agent-ui-strings.js';

// The code of a refused request is read where the chat core reads it too (a 409 a live chat queues).
export { requestErrorCode };

/** What the error alert says: the words for a refused request's code, for a lost connection, or the error's own message. */
export function errorText(error: Error, strings: Pick<AgentUIStrings, 'errorCodes' | 'connectionLost'>): string {
  const code = requestErrorCode(error);
  if (code !== undefined) return strings.errorCodes[code];
  if (isDisconnectError(error)) return strings.connectionLost;
  return error.message;
}
