import {
  AGENT_ERROR_STATUS,
  type AgentErrorBody,
  type AgentErrorCode,
  type AgentErrorIssue,
} from '@x/agent-protocol';
import { AgentRequestError } from '../config/request-error.js';

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

/** The JSON error answer of a refused request (a runtime `AgentRequestError` or an `HttpError`). */
export function requestErrorResponse(error: AgentRequestError): Response {
  return errorResponse(error.code, error.message, {
    ...(error.issues ? { issues: error.issues } : {}),
    ...(error.headers ? { headers: error.headers } : {}),
  });
}

/** Thrown inside request handling (routes, parsing) to answer with a JSON error instead of a 500. */
export class HttpError extends AgentRequestError {
  constructor(code: AgentErrorCode, message: string, issues?: AgentErrorIssue[], headers?: Record<string, string>) {
    super(code, message, issues, headers);
    this.name = 'HttpError';
  }
}
