import {
  AGENT_ERROR_STATUS,
  type AgentErrorBody,
  type AgentErrorCode,
  type AgentErrorIssue,
} from '@x/agent-protocol';

/** A JSON error answer: `{ error: { code, message, issues? } }` with the code's status. */
export function errorResponse(
  code: AgentErrorCode,
  message: string,
  init: { issues?: AgentErrorIssue[]; headers?: Record<string, string> } = {},
): Response {
  const body: AgentErrorBody = { error: { code, message, ...(init.issues ? { issues: init.issues } : {}) } };
  return new Response(JSON.stringify(body), {
    status: AGENT_ERROR_STATUS[code],
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

/** Thrown inside request handling to answer with a JSON error instead of a 500. */
export class HttpError extends Error {
  constructor(
    readonly code: AgentErrorCode,
    message: string,
    readonly issues?: AgentErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toResponse(): Response {
    return errorResponse(this.code, this.message, {
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.headers ? { headers: this.headers } : {}),
    });
  }
}
